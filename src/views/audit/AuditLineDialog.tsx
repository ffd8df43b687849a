import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { AuditLineActor, AuditLineView } from '../../machines/auditLineMachine';
import { JournalEntryTable } from '../common/JournalEntryTable';
import { MachineDialog } from '../common/MachineDialog';
import { Pager } from '../common/Pager';
import { RetryBar } from '../common/RetryBar';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  surface: { maxWidth: '900px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM },
  id: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/**
 * One audit line's records moved in bulk and the journal entries its action posted (issue 43), as
 * its machine (auditLineMachine) holds them: two tabs, each paged; the records export as a file.
 */
/** The records' position column: a sign, the same in every language. */
const POSITION = '#';

export function AuditLineDialog({ actor, onClose }: { actor: AuditLineActor; onClose: () => void }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ list: 'loading' });
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface
        aria-label={t({ defaultMessage: 'Audit line {id}', id: 'nrzyLe' }, { id: c.id })}
        className={styles.surface}
      >
        <DialogBody>
          <DialogTitle>
            {c.itemCount != null
              ? t(
                  {
                    defaultMessage: 'Audit line #{id}: moved {count, plural, one {# record} other {# records}}',
                    id: '8i+6VH',
                  },
                  { id: c.id, count: c.itemCount },
                )
              : t({ defaultMessage: 'Audit line #{id}', id: 'n8hCOz' }, { id: c.id })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.bar}>
              <TabList
                selectedValue={c.view}
                onTabSelect={(_, d) => actor.send({ type: 'SHOW', view: d.value as AuditLineView })}
              >
                <Tab value="items" disabled={c.itemCount == null && c.view !== 'items'}>
                  {t({ defaultMessage: 'Records moved', id: 'BXw6Sq' })}
                </Tab>
                <Tab value="journal" disabled={!c.movedMoney && c.view !== 'journal'}>
                  {t({ defaultMessage: 'Journal entries', id: 'HtN6s8' })}
                </Tab>
              </TabList>
              {c.view === 'items' && (
                <Button
                  icon={<ArrowDownloadRegular />}
                  disabled={!s.can({ type: 'EXPORT' })}
                  onClick={() => actor.send({ type: 'EXPORT' })}
                >
                  {s.matches({ export: 'exporting' })
                    ? t({ defaultMessage: 'Exporting…', id: 'LQbQno' })
                    : t({ defaultMessage: 'Export', id: 'SVwJTM' })}
                </Button>
              )}
            </div>
            {c.exportError && (
              <MessageBar intent="error">
                <MessageBarBody>{said(c.exportError)}</MessageBarBody>
              </MessageBar>
            )}
            {loading && <Spinner size="small" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} />}
            {s.matches({ list: 'failed' }) && (
              <RetryBar message={c.error && said(c.error)} onRetry={() => actor.send({ type: 'RETRY' })} />
            )}
            {c.view === 'items' && !loading && c.items.length > 0 && (
              <Table aria-label={t({ defaultMessage: 'Records moved', id: 'BXw6Sq' })} size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{POSITION}</TableHeaderCell>
                    <TableHeaderCell>{t({ defaultMessage: 'Object', id: 'XMUL1w' })}</TableHeaderCell>
                    <TableHeaderCell>{t({ defaultMessage: 'Object ID', id: '7egVxu' })}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {c.items.map((item) => (
                    <TableRow key={item.position}>
                      <TableCell>{item.position}</TableCell>
                      <TableCell>
                        {item.object_type} <Text weight="semibold">{item.object_label ?? item.object_id}</Text>
                      </TableCell>
                      <TableCell className={styles.id}>{item.object_id}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {c.view === 'journal' &&
              !loading &&
              c.entries.map((entry) => <JournalEntryTable key={entry.id} entry={entry} showReference />)}
            {!loading && c.meta && <Pager meta={c.meta} limit={c.limit} send={actor.send} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
