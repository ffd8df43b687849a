import { Field, MessageBar, MessageBarBody, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SETTLEMENT_ALREADY_RUNNING, type SettlementRun } from '../../services/settlementRules';
import { countText } from '../../i18n/countText';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** A run under way: how much of it is settled, read out as it moves. */
export function SettlementProgress({ run, joined }: { run: SettlementRun; joined: boolean }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const text = t(
    { defaultMessage: 'Settled {settled} of {total}', id: 'FnfUKD' },
    { settled: countText(run.settled_transaction), total: countText(run.total_transaction) },
  );
  return (
    <div className={styles.area}>
      {joined && (
        <MessageBar intent="info">
          <MessageBarBody>{said(SETTLEMENT_ALREADY_RUNNING)}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t({ defaultMessage: 'Settlement progress', id: 'mp3Qg0' })}>
        <ProgressBar
          aria-label={t({ defaultMessage: 'Settlement progress', id: 'mp3Qg0' })}
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
