import { Badge } from '@fluentui/react-components';
import type { ApprovalStatus } from '../../services/approvalRules';

export const STATUS_LABELS: Record<ApprovalStatus, string> = {
  PENDING_APPROVAL: 'Pending approval',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};
const STATUS_COLORS: Record<ApprovalStatus, 'brand' | 'success' | 'danger' | 'subtle' | 'warning'> = {
  PENDING_APPROVAL: 'brand',
  APPROVED: 'success',
  DECLINED: 'danger',
  CANCELLED: 'subtle',
  EXPIRED: 'warning',
};

/** An approval request's status: pending blue, approved green, declined red, cancelled grey, expired amber. */
export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge
      appearance="filled"
      shape="rounded"
      style={{ whiteSpace: 'nowrap' }}
      color={STATUS_COLORS[status] ?? 'informative'}
    >
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
