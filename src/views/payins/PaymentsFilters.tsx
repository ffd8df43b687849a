import { Button } from '@fluentui/react-components';
import { DocumentSearchRegular, WalletRegular } from '@fluentui/react-icons';
import type { PaymentsListEvent } from '../../machines/paymentsListMachine';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../services/payinQuery';
import type { ListFilterFields } from '../common/ListScreen';

/** The Payments List's filter bar: the pay-in fields. */
export const PAYMENT_FILTERS: ListFilterFields = {
  label: 'Payment filters',
  searchBy: SEARCH_BY,
  methodLabel: 'Payment method',
  methods: TRANSACTION_TYPES,
  statuses: TRANSACTION_STATUSES,
};

/**
 * The bar's SUPER ADMIN buttons beside Search and Export: each is on the screen only when the
 * lifecycle offers it to this user at all (null), and enabled when the page machine takes it now.
 */
export function PaymentsFilterButtons({
  process,
  check,
  send,
}: {
  process: boolean | null;
  check: boolean | null;
  send: (event: PaymentsListEvent) => void;
}) {
  return (
    <>
      {process != null && (
        <Button
          icon={<WalletRegular />}
          disabled={!process}
          title={
            'Count the FINALIZED pay-ins of this search not yet withdrawable, ' +
            'then confirm adding them to the withdrawable balance'
          }
          onClick={() => send({ type: 'OPEN_PROCESS' })}
        >
          Process Transactions
        </Button>
      )}
      {check != null && (
        <Button icon={<DocumentSearchRegular />} disabled={!check} onClick={() => send({ type: 'OPEN_CHECK' })}>
          Check Transactions
        </Button>
      )}
    </>
  );
}
