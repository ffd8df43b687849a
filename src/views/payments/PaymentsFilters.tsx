import { Button } from '@fluentui/react-components';
import { ArrowExportRegular, DocumentSearchRegular, SearchRegular, WalletRegular } from '@fluentui/react-icons';
import type { PaymentsFilterForm, PaymentsListEvent } from '../../machines/paymentsListMachine';
import type { ClientOption } from '../../services/schemas';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../services/transactionQuery';
import { ListFilterCard, type ListFilterEvent } from '../common/ListFilterCard';

/** Which of the bar's buttons the page machine takes now, and which it offers this user at all. */
export interface FilterButtons {
  search: boolean;
  export: boolean;
  process: boolean | null;
  check: boolean | null;
}

/** The Payments List's filter bar: every change goes to the page machine; Search applies it. */
export function PaymentsFilters({
  form,
  rangeError,
  clients,
  buttons,
  send,
}: {
  form: PaymentsFilterForm;
  rangeError: string | null;
  clients: ClientOption[];
  buttons: FilterButtons;
  send: (event: PaymentsListEvent) => void;
}) {
  return (
    // The card sends only values picked from these lists, so the machine's narrower event types hold.
    <ListFilterCard
      label="Payment filters"
      form={form}
      rangeError={rangeError}
      clients={clients}
      searchBy={SEARCH_BY}
      methodLabel="Payment method"
      methods={TRANSACTION_TYPES}
      statuses={TRANSACTION_STATUSES}
      send={send as (event: ListFilterEvent) => void}
    >
      <Button
        appearance="primary"
        icon={<SearchRegular />}
        disabled={!buttons.search}
        onClick={() => send({ type: 'SEARCH' })}
      >
        Search
      </Button>
      <Button icon={<ArrowExportRegular />} disabled={!buttons.export} onClick={() => send({ type: 'OPEN_EXPORT' })}>
        Export
      </Button>
      {buttons.process != null && (
        <Button
          icon={<WalletRegular />}
          disabled={!buttons.process}
          title="Count the FINALIZED pay-ins of this search not yet withdrawable, then confirm adding them to the withdrawable balance"
          onClick={() => send({ type: 'OPEN_PROCESS' })}
        >
          Process Transactions
        </Button>
      )}
      {buttons.check != null && (
        <Button icon={<DocumentSearchRegular />} disabled={!buttons.check} onClick={() => send({ type: 'OPEN_CHECK' })}>
          Check Transactions
        </Button>
      )}
    </ListFilterCard>
  );
}
