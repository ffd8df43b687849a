import {
  Button,
  Card,
  CardHeader,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { openedAccount, type ledgerMachine } from '../../machines/ledgerMachine';
import { useSaid, useT } from '../../i18n/useT';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { Pager } from '../common/Pager';
import { RetryBar } from '../common/RetryBar';
import { useAmountStyles } from '../common/amountStyles';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  wrap: { overflowX: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  heading: {
    ...typographyStyles.subtitle2,
    margin: 0,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/**
 * An account's statement opens below a trial balance that may be thousands of pixels tall: its heading
 * is brought into view and takes the focus as it appears, so a keyboard or screen-reader user lands on
 * it too. A ref callback (stable, so React calls it only when the heading mounts; the heading is keyed by
 * the account, so each account opened mounts a new one) rather than an effect on the machine's state.
 */
function bringIntoView(heading: HTMLHeadingElement | null) {
  if (!heading) return;
  heading.scrollIntoView?.({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/** One account's statement, newest first, each balance the one after its entry; a reference opens its journal. */
export function StatementCard({ actor }: { actor: ActorRefFrom<typeof ledgerMachine> }) {
  const styles = useStyles();
  const amounts = useAmountStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ statement: 'loading' });
  const shown = openedAccount(c);
  const title = shown
    ? t(
        { defaultMessage: 'Statement of {account} · {owner}', id: '990Xi8' },
        { account: said(shown.name), owner: shown.client_name ?? t({ defaultMessage: 'System', id: '+CwN9C' }) },
      )
    : t({ defaultMessage: 'Statement', id: 'NR5v52' });
  return (
    <Card className={styles.panel} role="region" aria-label={title}>
      <CardHeader
        header={
          <h2 key={c.accountId} ref={bringIntoView} tabIndex={-1} className={styles.heading}>
            {title}
          </h2>
        }
        description={
          c.account
            ? t(
                { defaultMessage: '{code} · balance {balance}', id: 'zesgKb' },
                { code: c.account.code, balance: formatRupiah(c.account.balance) },
              )
            : ''
        }
        action={
          <div className={styles.buttons}>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={!s.can({ type: 'EXPORT' })}
              onClick={() => actor.send({ type: 'EXPORT' })}
            >
              {s.matches({ export: 'exporting' })
                ? t({ defaultMessage: 'Exporting…', id: 'LQbQno' })
                : t({ defaultMessage: 'Export', id: 'SVwJTM' })}
            </Button>
            <Button icon={<DismissRegular />} onClick={() => actor.send({ type: 'CLOSE_ACCOUNT' })}>
              {t({ defaultMessage: 'Close', id: 'rbrahO' })}
            </Button>
          </div>
        }
      />
      {s.matches({ statement: 'failed' }) && (
        <RetryBar
          message={c.statementError && said(c.statementError)}
          onRetry={() => actor.send({ type: 'RETRY_STATEMENT' })}
        />
      )}
      {s.matches({ export: 'failed' }) && (
        <MessageBar intent="error">
          <MessageBarBody>{c.exportError && said(c.exportError)}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.wrap}>
        <Table aria-label={t({ defaultMessage: 'Statement', id: 'NR5v52' })} aria-busy={loading} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t({ defaultMessage: 'Time', id: 'ug01Mk' })}</TableHeaderCell>
              <TableHeaderCell>{t({ defaultMessage: 'Reference', id: 'mcUhhf' })}</TableHeaderCell>
              <TableHeaderCell>{t({ defaultMessage: 'Kind', id: 'e5x8FT' })}</TableHeaderCell>
              <TableHeaderCell className={amounts.header}>
                {t({ defaultMessage: 'Amount', id: '/0TOL5' })}
              </TableHeaderCell>
              <TableHeaderCell className={amounts.header}>
                {t({ defaultMessage: 'Balance', id: 'H5+NAX' })}
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {c.entries.map((e) => (
              <TableRow key={e.posting_id}>
                <TableCell className={styles.nowrap}>{formatDateTime(e.time)}</TableCell>
                <TableCell>
                  <Link as="button" onClick={() => actor.send({ type: 'OPEN_JOURNAL', reference: e.reference })}>
                    {e.reference}
                  </Link>
                </TableCell>
                <TableCell>{e.kind}</TableCell>
                <TableCell className={amounts.amount}>{formatRupiah(e.amount)}</TableCell>
                <TableCell className={amounts.amount}>{formatRupiah(e.balance)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {loading && (
          <Spinner size="small" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} className={styles.empty} />
        )}
        {!loading && c.account && c.entries.length === 0 && (
          <div className={styles.empty}>{t({ defaultMessage: 'No entries on this account.', id: 'AfZ1wg' })}</div>
        )}
      </div>
      <Pager meta={c.meta} limit={c.limit} disabled={loading} send={actor.send} />
    </Card>
  );
}
