import { Field, MessageBar, MessageBarBody, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SETTLEMENT_ALREADY_RUNNING, type SettlementRun } from '../../services/settlementRules';
import { groupDigits } from '../../services/money';

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** A run under way: how much of it is settled, read out as it moves. */
export function SettlementProgress({ run, joined }: { run: SettlementRun; joined: boolean }) {
  const styles = useStyles();
  const text = `Settled ${groupDigits(run.settled_transaction)} of ${groupDigits(run.total_transaction)}`;
  return (
    <div className={styles.area}>
      {joined && (
        <MessageBar intent="info">
          <MessageBarBody>{SETTLEMENT_ALREADY_RUNNING}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Settlement progress">
        <ProgressBar
          aria-label="Settlement progress"
          aria-valuetext={text}
          thickness="large"
          value={run.total_transaction > 0 ? run.settled_transaction : undefined}
          max={run.total_transaction > 0 ? run.total_transaction : undefined}
        />
      </Field>
      <Text role="status" aria-live="polite">
        {text}
      </Text>
    </div>
  );
}
