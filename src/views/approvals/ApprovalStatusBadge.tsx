import { Badge } from '@fluentui/react-components';
import { useT } from '../../i18n/useT';
import type { ApprovalStatus } from '../../services/approvalRules';

/** An approval request's status as people read it ('Pending approval'), in the language shown. */
export const statusLabel = (t: ReturnType<typeof useT>, status: ApprovalStatus) =>
  t(
    {
      defaultMessage:
        '{status, select, PENDING_APPROVAL {Pending approval} APPROVED {Approved} DECLINED {Declined} ' +
        'CANCELLED {Cancelled} EXPIRED {Expired} other {{status}}}',
      id: 'Z4L23V',
    },
    { status },
  );
const STATUS_COLORS: Record<ApprovalStatus, 'brand' | 'success' | 'danger' | 'subtle' | 'warning'> = {
  PENDING_APPROVAL: 'brand',
  APPROVED: 'success',
  DECLINED: 'danger',
  CANCELLED: 'subtle',
  EXPIRED: 'warning',
};

/** An approval request's status: pending blue, approved green, declined red, cancelled grey, expired amber. */
export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  const t = useT();
  return (
    <Badge
      appearance="filled"
      shape="rounded"
      style={{ whiteSpace: 'nowrap' }}
      color={STATUS_COLORS[status] ?? 'informative'}
    >
      {statusLabel(t, status)}
    </Badge>
  );
}
