import {
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ledgerMachine } from '../../machines/ledgerMachine';
import { disagreeing, type DailyProof } from '../../services/dailyProofRules';
import { BUSINESS_TIME_ZONE } from '../../services/businessClock';
import { formatDateTime } from '../../services/format';
import { ACCOUNT_NAMES } from '../../services/ledgerRules';
import { formatRupiah } from '../../services/money';
import type { ClientOption } from '../../services/schemas';
import { ClientSelect } from '../common/ClientSelect';
import { DayField } from '../common/DayField';
import { RetryBar } from '../common/RetryBar';
import { DailyProofTable } from './DailyProofTable';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // Level with the fields' inputs, below their labels.
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
  note: { color: tokens.colorNeutralForeground3 },
});

/** The proof's verdict in words: it agrees, or which accounts do not and by how much. */
function Verdict({ proof }: { proof: DailyProof }) {
  const wrong = disagreeing(proof);
  if (wrong.length === 0)
    return (
      <MessageBar intent="success">
        <MessageBarBody>
          Opening + movements = closing, and every closing balance equals the ledger&apos;s own balance at the
          day&apos;s end.
        </MessageBarBody>
      </MessageBar>
    );
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>The proof does not agree with the ledger</MessageBarTitle>
        {wrong
          .map(
            (a) =>
              `${ACCOUNT_NAMES[a]}: closing ${formatRupiah(proof.closing[a])}, ledger ${formatRupiah(proof.ledger[a])}`,
          )
          .join('; ')}
        .
      </MessageBarBody>
    </MessageBar>
  );
}

/** Issue 43: a client's daily proof, chosen by client and business day; renders the ledger machine's `proof` regions. */
export function DailyProofCard({
  actor,
  clients,
}: {
  actor: ActorRefFrom<typeof ledgerMachine>;
  clients: ClientOption[];
}) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const proof = c.proof;
  return (
    <Card className={styles.panel} role="region" aria-labelledby="daily-proof-title">
      <Subtitle2 as="h2" id="daily-proof-title">
        Daily proof
      </Subtitle2>
      <Text className={styles.note}>
        A client&apos;s five accounts over one business day: the opening balance, each kind of movement, and the closing
        balance, held against the ledger&apos;s own balance at the day&apos;s end (by posting time).
      </Text>
      <div className={styles.filters}>
        <ClientSelect
          clients={clients}
          value={c.proofClientId}
          onChange={(clientId) => actor.send({ type: 'SET_PROOF_CLIENT', clientId })}
        />
        <DayField
          label="Day"
          value={c.proofDay}
          hint={`YYYY-MM-DD, ${BUSINESS_TIME_ZONE}`}
          onChange={(value) => actor.send({ type: 'SET_PROOF_DAY', value })}
        />
        <div className={styles.buttons}>
          <Button
            appearance="primary"
            disabled={!s.can({ type: 'SHOW_PROOF' })}
            onClick={() => actor.send({ type: 'SHOW_PROOF' })}
          >
            Show proof
          </Button>
          <Button
            icon={<ArrowDownloadRegular />}
            disabled={!s.can({ type: 'EXPORT_PROOF' })}
            onClick={() => actor.send({ type: 'EXPORT_PROOF' })}
          >
            {s.matches({ proofExport: 'exporting' }) ? 'Exporting…' : 'Export'}
          </Button>
        </div>
      </div>
      {c.proofProblem && (
        <MessageBar intent="warning">
          <MessageBarBody>{c.proofProblem}</MessageBarBody>
        </MessageBar>
      )}
      {s.matches({ proof: 'loading' }) && <Spinner size="small" label="Loading the daily proof…" />}
      {s.matches({ proof: 'failed' }) && (
        <RetryBar message={c.proofError} onRetry={() => actor.send({ type: 'RETRY_PROOF' })} />
      )}
      {s.matches({ proofExport: 'failed' }) && (
        <MessageBar intent="error">
          <MessageBarBody>{c.proofExportError}</MessageBarBody>
        </MessageBar>
      )}
      {proof && (
        <>
          <Text weight="semibold">
            {proof.client.client_name} · {proof.day} (postings from {formatDateTime(proof.start)} to before{' '}
            {formatDateTime(proof.end)})
          </Text>
          <Verdict proof={proof} />
          <DailyProofTable proof={proof} />
        </>
      )}
    </Card>
  );
}
