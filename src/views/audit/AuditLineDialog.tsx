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

const useStyles = makeStyles({
  surface: { maxWidth: '900px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM },
  id: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

const records = (n: number) => `${n.toLocaleString('en-US')} record${n === 1 ? '' : 's'}`;

/**
 * One audit line's records moved in bulk and the journal entries its action posted (issue 43), as
 * its machine (auditLineMachine) holds them: two tabs, each paged; the records export as a file.
 */
export function AuditLineDialog({ actor, onClose }: { actor: AuditLineActor; onClose: () => void }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ list: 'loading' });
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label={`Audit line ${c.id}`} className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            Audit line #{c.id}
            {c.itemCount != null ? `: moved ${records(c.itemCount)}` : ''}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.bar}>
              <TabList
                selectedValue={c.view}
                onTabSelect={(_, d) => actor.send({ type: 'SHOW', view: d.value as AuditLineView })}
              >
                <Tab value="items" disabled={c.itemCount == null && c.view !== 'items'}>
                  Records moved
                </Tab>
                <Tab value="journal" disabled={!c.movedMoney && c.view !== 'journal'}>
                  Journal entries
                </Tab>
              </TabList>
              {c.view === 'items' && (
                <Button
                  icon={<ArrowDownloadRegular />}
                  disabled={!s.can({ type: 'EXPORT' })}
                  onClick={() => actor.send({ type: 'EXPORT' })}
                >
                  {s.matches({ export: 'exporting' }) ? 'Exporting…' : 'Export'}
                </Button>
              )}
            </div>
            {c.exportError && (
              <MessageBar intent="error">
                <MessageBarBody>{c.exportError}</MessageBarBody>
              </MessageBar>
            )}
            {loading && <Spinner size="small" label="Loading…" />}
            {s.matches({ list: 'failed' }) && (
              <RetryBar message={c.error} onRetry={() => actor.send({ type: 'RETRY' })} />
            )}
            {c.view === 'items' && !loading && c.items.length > 0 && (
              <Table aria-label="Records moved" size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>#</TableHeaderCell>
                    <TableHeaderCell>Object</TableHeaderCell>
                    <TableHeaderCell>Object ID</TableHeaderCell>
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
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
