import { Badge } from '@fluentui/react-components';

const colors = { PENDING: 'brand', COMPLETED: 'success', REJECTED: 'danger' } as const;

/** PENDING blue, COMPLETED green, REJECTED red (spec section 2). */
export function WithdrawalStatusBadge({ status }: { status: keyof typeof colors }) {
  return <Badge appearance="filled" color={colors[status]} shape="rounded">{status}</Badge>;
}
