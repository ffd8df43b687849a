import { Button } from '@fluentui/react-components';
import { DocumentSearchRegular, WalletRegular } from '@fluentui/react-icons';
import type { PaymentsListEvent } from '../../machines/paymentsListMachine';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../services/payinQuery';
import type { ListFilterFields } from '../common/ListScreen';
import { msg } from '../../i18n/msg';
import { useT } from '../../i18n/useT';

/** The Payments List's filter bar: the pay-in fields (its words in English: the screen says them). */
export const PAYMENT_FILTERS: ListFilterFields = {
  label: msg({ defaultMessage: 'Payment filters', id: 'icOI94' }),
  searchBy: SEARCH_BY,
  methodLabel: msg({ defaultMessage: 'Payment method', id: 'BVTni9' }),
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
  const t = useT();
  return (
    <>
      {process != null && (
        <Button
          icon={<WalletRegular />}
          disabled={!process}
          title={t({
            defaultMessage:
              'Count the FINALIZED pay-ins of this search not yet withdrawable, ' +
              'then confirm adding them to the withdrawable balance',
            id: 'qIqPQD',
          })}
          onClick={() => send({ type: 'OPEN_PROCESS' })}
        >
          {t({ defaultMessage: 'Process Transactions', id: 'd6d3mW' })}
        </Button>
      )}
      {check != null && (
        <Button icon={<DocumentSearchRegular />} disabled={!check} onClick={() => send({ type: 'OPEN_CHECK' })}>
          {t({ defaultMessage: 'Check Transactions', id: 'T7fFun' })}
        </Button>
      )}
    </>
  );
}
