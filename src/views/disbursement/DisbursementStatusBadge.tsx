import { Badge } from '@fluentui/react-components';
import { DISBURSEMENT_STATUS_COLOURS, type DisbursementStatusName } from '../../services/disbursementQuery';

// The spec's colours (blue, orange, green, red, grey) in Fluent's badge palette.
const fluentColour = { blue: 'brand', orange: 'severe', green: 'success', red: 'danger', grey: 'informative' } as const;

export function DisbursementStatusBadge({ status }: { status: DisbursementStatusName }) {
  const colour = DISBURSEMENT_STATUS_COLOURS[status];
  return (
    <Badge appearance="filled" shape="rounded" color={fluentColour[colour]} data-colour={colour}>
      {status}
    </Badge>
  );
}
