import { Button } from '@fluentui/react-components';
import { ArrowExportRegular, ArrowUploadRegular, SearchRegular } from '@fluentui/react-icons';
import type { DisbursementFilterForm, DisbursementListEvent } from '../../machines/disbursementListMachine';
import { DISBURSEMENT_METHODS, DISBURSEMENT_SEARCH_BY, DISBURSEMENT_STATUSES } from '../../services/disbursementQuery';
import type { ClientOption } from '../../services/schemas';
import { ListFilterCard, type ListFilterEvent } from '../common/ListFilterCard';

/** The Payments List's filter layout, over the disbursement fields; Export and Upload Void Transaction beside Search. */
export function DisbursementFilters({
  form,
  rangeError,
  clients,
  canExport,
  canUploadVoid,
  send,
}: {
  form: DisbursementFilterForm;
  rangeError: string | null;
  clients: ClientOption[];
  canExport: boolean;
  canUploadVoid: boolean;
  send: (event: DisbursementListEvent) => void;
}) {
  return (
    // The card sends only values picked from these lists, so the machine's narrower event types hold.
    <ListFilterCard
      label="Disbursement filters"
      form={form}
      rangeError={rangeError}
      clients={clients}
      searchBy={DISBURSEMENT_SEARCH_BY}
      methodLabel="Withdrawal Method"
      methods={DISBURSEMENT_METHODS}
      statuses={DISBURSEMENT_STATUSES}
      send={send as (event: ListFilterEvent) => void}
    >
      <Button appearance="primary" icon={<SearchRegular />} onClick={() => send({ type: 'SEARCH' })}>
        Search
      </Button>
      <Button icon={<ArrowExportRegular />} disabled={!canExport} onClick={() => send({ type: 'OPEN_EXPORT' })}>
        Export
      </Button>
      {canUploadVoid && (
        <Button icon={<ArrowUploadRegular />} onClick={() => send({ type: 'OPEN_VOID_UPLOAD' })}>
          Upload Void Transaction
        </Button>
      )}
    </ListFilterCard>
  );
}
