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
import {
  APPROVAL_ACTION_LABELS,
  APPROVAL_MODES,
  type ApprovalAction,
  type ApprovalMode,
} from '../../services/approvalRules';
import { useSaid, useT } from '../../i18n/useT';
import { MoneyInput } from '../common/MoneyInput';
import { RetryBar } from '../common/RetryBar';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  wrap: { overflowX: 'auto' },
  cell: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS, verticalAlign: 'top' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** A mode as the Mode field offers it, in the language shown. */
const modeLabel = (t: ReturnType<typeof useT>, mode: ApprovalMode) =>
  t({ defaultMessage: '{mode, select, off {Off} always {Always} other {From a threshold}}', id: 'QWNQYQ' }, { mode });

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
  const t = useT();
  const said = useSaid();
  const saving = phase === 'saving';
  if (phase === 'unloaded' || phase === 'loading')
    return (
      <Card className={styles.panel}>
        <Spinner label={t({ defaultMessage: 'Loading the approval policy…', id: 'iHFDpg' })} />
      </Card>
    );
  if (phase === 'loadFailed') {
    return (
      <Card className={styles.panel}>
        <RetryBar message={loadError && said(loadError)} onRetry={onRetry} />
      </Card>
    );
  }
  return (
    <Card className={styles.panel}>
      <Text>
        {t({
          defaultMessage:
            'A movement of money started by hand waits for a second SUPER ADMIN when its action is set to Always, ' +
            "or when its amount (taken without its sign) is at or above the action's threshold.",
          id: 'nJVud0',
        })}
      </Text>
      <div className={styles.wrap}>
        <Table
          aria-label={t({ defaultMessage: 'Approval policy', id: 'K0ev0f' })}
          aria-busy={saving}
          size="small"
          style={{ minWidth: 720 }}
        >
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t({ defaultMessage: 'Action', id: 'QlsDcr' })}</TableHeaderCell>
              <TableHeaderCell>{t({ defaultMessage: 'Mode', id: 'mrOnjM' })}</TableHeaderCell>
              <TableHeaderCell>{t({ defaultMessage: 'Threshold', id: 'zaSNMG' })}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => {
              const label = said(APPROVAL_ACTION_LABELS[line.action]);
              const byThreshold = line.mode === 'threshold';
              return (
                <TableRow key={line.action}>
                  <TableCell className={styles.cell}>{label}</TableCell>
                  <TableCell className={styles.cell}>
                    <Select
                      value={line.mode}
                      disabled={saving || readOnly}
                      aria-label={t({ defaultMessage: 'Mode for {action}', id: 'pul1/1' }, { action: label })}
                      style={{ minWidth: 180 }}
                      onChange={(_, d) => onMode(line.action, d.value as ApprovalMode)}
                    >
                      {APPROVAL_MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {modeLabel(t, mode)}
                        </option>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell className={styles.cell}>
                    <MoneyInput
                      label={t({ defaultMessage: 'Threshold for {action}', id: 'CxdufN' }, { action: label })}
                      text={line.thresholdText}
                      amount={amountOf(line)}
                      problem={line.error && said(line.error)}
                      hint={
                        byThreshold
                          ? t({ defaultMessage: 'Whole rupiah, e.g. 100,000,000', id: 'vUyZ+8' })
                          : t({ defaultMessage: 'Not used: choose From a threshold', id: 'yRAby4' })
                      }
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
          <MessageBarBody>{said(saveError)}</MessageBarBody>
        </MessageBar>
      )}
      {!readOnly && (
        <div className={styles.buttons}>
          <Button appearance="primary" icon={<SaveRegular />} disabled={!canSave} onClick={onSave}>
            {saving ? t({ defaultMessage: 'Saving…', id: 'WUV28A' }) : t({ defaultMessage: 'Save', id: 'jvo0vs' })}
          </Button>
        </div>
      )}
    </Card>
  );
}
