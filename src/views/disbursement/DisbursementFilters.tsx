import { Button } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import type { DisbursementListEvent } from '../../machines/disbursementListMachine';
import {
  DISBURSEMENT_METHODS,
  DISBURSEMENT_SEARCH_BY,
  DISBURSEMENT_STATUS_FILTERS,
} from '../../services/disbursementQuery';
import type { ListFilterFields } from '../common/ListScreen';

/** The Payments List's filter layout, over the disbursement fields. */
export const DISBURSEMENT_FILTERS: ListFilterFields = {
  label: 'Disbursement filters',
  searchBy: DISBURSEMENT_SEARCH_BY,
  methodLabel: 'Withdrawal Method',
  methods: DISBURSEMENT_METHODS,
  // WAITING (PENDING_REQUEST and PENDING together) last: what the Overview's tile opens.
  statuses: DISBURSEMENT_STATUS_FILTERS,
};

/** Upload Void Transaction, beside Search and Export: only for a role the lifecycle lets void. */
export function VoidUploadButton({ send }: { send: (event: DisbursementListEvent) => void }) {
  return (
    <Button icon={<ArrowUploadRegular />} onClick={() => send({ type: 'OPEN_VOID_UPLOAD' })}>
      Upload Void Transaction
    </Button>
  );
}
