import { Button } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import type { DisbursementListEvent } from '../../machines/disbursementListMachine';
import {
  DISBURSEMENT_METHODS,
  DISBURSEMENT_SEARCH_BY,
  DISBURSEMENT_STATUS_FILTERS,
} from '../../services/disbursementQuery';
import type { ListFilterFields } from '../common/ListScreen';
import { msg } from '../../i18n/msg';
import { useT } from '../../i18n/useT';

/** The Payments List's filter layout, over the disbursement fields (its words in English: the screen says them). */
export const DISBURSEMENT_FILTERS: ListFilterFields = {
  label: msg({ defaultMessage: 'Disbursement filters', id: 'SIE20R' }),
  searchBy: DISBURSEMENT_SEARCH_BY,
  methodLabel: msg({ defaultMessage: 'Withdrawal Method', id: 'XvmDok' }),
  methods: DISBURSEMENT_METHODS,
  // WAITING (PENDING_REQUEST and PENDING together) last: what the Overview's tile opens.
  statuses: DISBURSEMENT_STATUS_FILTERS,
};

/** Upload Void Transaction, beside Search and Export: only for a role the lifecycle lets void. */
export function VoidUploadButton({ send }: { send: (event: DisbursementListEvent) => void }) {
  const t = useT();
  return (
    <Button icon={<ArrowUploadRegular />} onClick={() => send({ type: 'OPEN_VOID_UPLOAD' })}>
      {t({ defaultMessage: 'Upload Void Transaction', id: 'eAIsGr' })}
    </Button>
  );
}
