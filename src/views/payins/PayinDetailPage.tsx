import { makeStyles, tokens } from '@fluentui/react-components';
import { payinDetailMachine } from '../../machines/accountPageMachine';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { AccountPage } from '../disbursement/AccountPage';
import { Figure } from '../common/Figure';
import { msg } from '../../i18n/msg';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

/** The current-balance summary of the spec's Payin Detail: three of the client's figures. */
const FIGURES = [
  { label: msg({ defaultMessage: 'Non-withdrawable Balance', id: 'bCl8/P' }), key: 'nonwithdrawable_balance' },
  { label: msg({ defaultMessage: 'Withdrawable Balance', id: 'l9t/+3' }), key: 'withdrawable_balance' },
  { label: msg({ defaultMessage: 'Balance', id: 'H5+NAX' }), key: 'balance' },
] as const;

/** Payin Detail, titled 'Disbursement Accounts' (spec section 2): the account page, unpaged, with three figures. */
export function PayinDetailPage({ logic = payinDetailMachine }: { logic?: typeof payinDetailMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  return (
    <AccountPage
      logic={logic}
      title={said(pageTitle('payin'))}
      table={t({ defaultMessage: 'Deposits', id: '5M13hW' })}
      paged={false}
      updatedInPanel
      top={(clientSelect) => clientSelect}
      figures={(c) => (
        <div className={styles.figures}>
          {FIGURES.map((f) => (
            <Figure key={f.key} label={said(f.label)} value={c.summary ? formatRupiah(c.summary[f.key]) : '-'} />
          ))}
        </div>
      )}
    />
  );
}
