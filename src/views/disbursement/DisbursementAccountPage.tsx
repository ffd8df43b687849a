import { makeStyles, tokens } from '@fluentui/react-components';
import { disbursementAccountMachine } from '../../machines/accountPageMachine';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { AccountPage } from './AccountPage';
import { Figure } from '../common/Figure';
import { LastUpdated } from './LastUpdated';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  card: { minWidth: '280px' },
});

/** Spec section 2: '-' while loading, '0' when the server has no balance for the client. */
const balanceText = (loading: boolean, balance: number | null) =>
  loading ? '-' : balance == null ? '0' : formatRupiah(balance);

/** Disbursement Account (spec section 2): the account page, paged, with the balance beside the client. */
export function DisbursementAccountPage({
  logic = disbursementAccountMachine,
}: {
  logic?: typeof disbursementAccountMachine;
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  return (
    <AccountPage
      logic={logic}
      title={said(pageTitle('disbursement-account'))}
      heading={t({ defaultMessage: 'Deposit History', id: 'isLjv2' })}
      table={t({ defaultMessage: 'Deposit History', id: 'isLjv2' })}
      paged
      updatedInPanel={false}
      top={(clientSelect, c, loading) => (
        <div className={styles.top}>
          {clientSelect}
          <div className={styles.card}>
            <Figure
              label={t({ defaultMessage: 'Disbursement Balance', id: 'G3Ethc' })}
              value={balanceText(loading, c.balance)}
            />
          </div>
          <LastUpdated at={c.updatedAt} />
        </div>
      )}
    />
  );
}
