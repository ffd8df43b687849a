import { Badge } from '@fluentui/react-components';
import type { TransactionStatusName } from '../../services/payinQuery';

const colors = {
  FINALIZED: 'success',
  SETTLED: 'brand',
  PENDING: 'warning',
  REQUEST_TIMEOUT: 'danger',
  VA_EXPIRED: 'subtle',
} as const;

export function PayinStatusBadge({ status }: { status: TransactionStatusName }) {
  return (
    <Badge appearance={status === 'VA_EXPIRED' ? 'tint' : 'filled'} color={colors[status]} shape="rounded">
      {status}
    </Badge>
  );
}
