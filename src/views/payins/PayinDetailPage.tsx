import { makeStyles, tokens } from '@fluentui/react-components';
import { payinDetailMachine } from '../../machines/accountPageMachine';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { AccountPage } from '../disbursement/AccountPage';
import { Figure } from '../common/Figure';

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

/** The current-balance summary of the spec's Payin Detail: three of the client's figures. */
const FIGURES = [
  { label: 'Non-withdrawable Balance', key: 'nonwithdrawable_balance' },
  { label: 'Withdrawable Balance', key: 'withdrawable_balance' },
  { label: 'Balance', key: 'balance' },
] as const;

/** Payin Detail, titled 'Disbursement Accounts' (spec section 2): the account page, unpaged, with three figures. */
export function PayinDetailPage({ logic = payinDetailMachine }: { logic?: typeof payinDetailMachine }) {
  const styles = useStyles();
  return (
    <AccountPage
      logic={logic}
      title={pageTitle('payin')}
      table="Deposits"
      paged={false}
      updatedInPanel
      top={(clientSelect) => clientSelect}
      figures={(c) => (
        <div className={styles.figures}>
          {FIGURES.map((f) => (
            <Figure key={f.key} label={f.label} value={c.summary ? formatRupiah(c.summary[f.key]) : '-'} />
          ))}
        </div>
      )}
    />
  );
}
