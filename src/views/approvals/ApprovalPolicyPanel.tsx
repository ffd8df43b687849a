import {
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
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
import { SaveRegular } from '@fluentui/react-icons';
import { thresholdOf, type PolicyLine } from '../../machines/approvalsPageMachine';
import { APPROVAL_ACTION_LABELS, type ApprovalAction, type ApprovalMode } from '../../services/approvalRules';
import { MoneyInput } from '../common/MoneyInput';
import { RetryBar } from '../common/RetryBar';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  wrap: { overflowX: 'auto' },
  cell: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS, verticalAlign: 'top' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export const MODE_LABELS: Record<ApprovalMode, string> = {
  off: 'Off',
  always: 'Always',
  threshold: 'From a threshold',
};

/**
 * What a threshold field's text reads as (said back under it in figures and words), or null while it cannot be read.
 */
function amountOf(line: PolicyLine): number | null {
  if (line.mode !== 'threshold' || line.thresholdText.trim() === '') return null;
  const read = thresholdOf(line);
  return 'amount' in read ? read.amount : null;
}

/**
 * The Policy tab: one line per action, its mode and (from a threshold) the amount at or above which
 * a movement waits for a second SUPER ADMIN. Renders the page machine's `policy` region; sends events.
 */
export function ApprovalPolicyPanel({
  phase,
  lines,
  loadError,
  saveError,
  canSave,
  readOnly = false,
  onMode,
  onThreshold,
  onSave,
  onRetry,
}: {
  phase: 'unloaded' | 'loading' | 'loadFailed' | 'editing' | 'saving';
  lines: PolicyLine[];
  loadError: string | null;
  saveError: string | null;
  canSave: boolean;
  /** The user reads the policy and changes nothing (an AUDITOR): no fields to change, no Save. */
  readOnly?: boolean;
  onMode(action: ApprovalAction, mode: ApprovalMode): void;
  onThreshold(action: ApprovalAction, text: string): void;
  onSave(): void;
  onRetry(): void;
}) {
  const styles = useStyles();
  const saving = phase === 'saving';
  if (phase === 'unloaded' || phase === 'loading')
    return (
      <Card className={styles.panel}>
        <Spinner label="Loading the approval policy…" />
      </Card>
    );
  if (phase === 'loadFailed') {
    return (
      <Card className={styles.panel}>
        <RetryBar message={loadError} onRetry={onRetry} />
      </Card>
    );
  }
  return (
    <Card className={styles.panel}>
      <Text>
        A movement of money started by hand waits for a second SUPER ADMIN when its action is set to Always, or when its
        amount (taken without its sign) is at or above the action&apos;s threshold.
      </Text>
      <div className={styles.wrap}>
        <Table aria-label="Approval policy" aria-busy={saving} size="small" style={{ minWidth: 720 }}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Action</TableHeaderCell>
              <TableHeaderCell>Mode</TableHeaderCell>
              <TableHeaderCell>Threshold</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => {
              const label = APPROVAL_ACTION_LABELS[line.action];
              const byThreshold = line.mode === 'threshold';
              return (
                <TableRow key={line.action}>
                  <TableCell className={styles.cell}>{label}</TableCell>
                  <TableCell className={styles.cell}>
                    <Select
                      value={line.mode}
                      disabled={saving || readOnly}
                      aria-label={`Mode for ${label}`}
                      style={{ minWidth: 180 }}
                      onChange={(_, d) => onMode(line.action, d.value as ApprovalMode)}
                    >
                      {(Object.keys(MODE_LABELS) as ApprovalMode[]).map((mode) => (
                        <option key={mode} value={mode}>
                          {MODE_LABELS[mode]}
                        </option>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell className={styles.cell}>
                    <MoneyInput
                      label={`Threshold for ${label}`}
                      text={line.thresholdText}
                      amount={amountOf(line)}
                      problem={line.error}
                      hint={byThreshold ? 'Whole rupiah, e.g. 100,000,000' : 'Not used: choose From a threshold'}
                      disabled={!byThreshold || saving || readOnly}
                      onText={(text) => onThreshold(line.action, text)}
                      onEnter={canSave ? onSave : undefined}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {saveError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{saveError}</MessageBarBody>
        </MessageBar>
      )}
      {!readOnly && (
        <div className={styles.buttons}>
          <Button appearance="primary" icon={<SaveRegular />} disabled={!canSave} onClick={onSave}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      )}
    </Card>
  );
}
