import { Badge } from '@fluentui/react-components';
import type { WithdrawalStatusName } from '../../services/withdrawalRules';

const colors: Record<WithdrawalStatusName, 'brand' | 'success' | 'danger'> = {
  PENDING: 'brand',
  COMPLETED: 'success',
  REJECTED: 'danger',
};

/** PENDING blue, COMPLETED green, REJECTED red (spec section 2). */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatusName }) {
  return (
    <Badge appearance="filled" color={colors[status]} shape="rounded">
      {status}
    </Badge>
  );
}
