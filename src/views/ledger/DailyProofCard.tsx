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
import { useSaid, useT } from '../../i18n/useT';
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

/** The day's format and clock: the same in every language. */
const DAY_HINT = `YYYY-MM-DD, ${BUSINESS_TIME_ZONE}`;

/** The proof's verdict in words: it agrees, or which accounts do not and by how much. */
function Verdict({ proof }: { proof: DailyProof }) {
  const t = useT();
  const said = useSaid();
  const wrong = disagreeing(proof);
  if (wrong.length === 0)
    return (
      <MessageBar intent="success">
        <MessageBarBody>
          {t({
            defaultMessage:
              "Opening + movements = closing, and every closing balance equals the ledger's own balance at the day's end.",
            id: 'cwrIqG',
          })}
        </MessageBarBody>
      </MessageBar>
    );
  // Each account that disagrees, by how much: one sentence.
  const differences = `${wrong
    .map((a) =>
      t(
        { defaultMessage: '{account}: closing {closing}, ledger {ledger}', id: 'zBhqzh' },
        {
          account: said(ACCOUNT_NAMES[a]),
          closing: formatRupiah(proof.closing[a]),
          ledger: formatRupiah(proof.ledger[a]),
        },
      ),
    )
    .join('; ')}.`;
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          {t({ defaultMessage: 'The proof does not agree with the ledger', id: 'dbSWlX' })}
        </MessageBarTitle>
        {differences}
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
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const proof = c.proof;
  return (
    <Card className={styles.panel} role="region" aria-labelledby="daily-proof-title">
      <Subtitle2 as="h2" id="daily-proof-title">
        {t({ defaultMessage: 'Daily proof', id: 'JAmqWB' })}
      </Subtitle2>
      <Text className={styles.note}>
        {t({
          defaultMessage:
            "A client's five accounts over one business day: the opening balance, each kind of movement, and the closing balance, held against the ledger's own balance at the day's end (by posting time).",
          id: 'NfiN90',
        })}
      </Text>
      <div className={styles.filters}>
        <ClientSelect
          clients={clients}
          value={c.proofClientId}
          onChange={(clientId) => actor.send({ type: 'SET_PROOF_CLIENT', clientId })}
        />
        <DayField
          label={t({ defaultMessage: 'Day', id: '7pXrnq' })}
          value={c.proofDay}
          hint={DAY_HINT}
          onChange={(value) => actor.send({ type: 'SET_PROOF_DAY', value })}
        />
        <div className={styles.buttons}>
          <Button
            appearance="primary"
            disabled={!s.can({ type: 'SHOW_PROOF' })}
            onClick={() => actor.send({ type: 'SHOW_PROOF' })}
          >
            {t({ defaultMessage: 'Show proof', id: 'wgEOF5' })}
          </Button>
          <Button
            icon={<ArrowDownloadRegular />}
            disabled={!s.can({ type: 'EXPORT_PROOF' })}
            onClick={() => actor.send({ type: 'EXPORT_PROOF' })}
          >
            {s.matches({ proofExport: 'exporting' })
              ? t({ defaultMessage: 'Exporting…', id: 'LQbQno' })
              : t({ defaultMessage: 'Export', id: 'SVwJTM' })}
          </Button>
        </div>
      </div>
      {c.proofProblems.length > 0 && (
        <MessageBar intent="warning">
          <MessageBarBody>{c.proofProblems.map((problem) => said(problem)).join(' ')}</MessageBarBody>
        </MessageBar>
      )}
      {s.matches({ proof: 'loading' }) && (
        <Spinner size="small" label={t({ defaultMessage: 'Loading the daily proof…', id: '9E8Pq2' })} />
      )}
      {s.matches({ proof: 'failed' }) && (
        <RetryBar message={c.proofError && said(c.proofError)} onRetry={() => actor.send({ type: 'RETRY_PROOF' })} />
      )}
      {s.matches({ proofExport: 'failed' }) && (
        <MessageBar intent="error">
          <MessageBarBody>{c.proofExportError && said(c.proofExportError)}</MessageBarBody>
        </MessageBar>
      )}
      {proof && (
        <>
          <Text weight="semibold">
            {t(
              { defaultMessage: '{client} · {day} (postings from {start} to before {end})', id: 'hnWT3A' },
              {
                client: proof.client.client_name,
                day: proof.day,
                start: formatDateTime(proof.start),
                end: formatDateTime(proof.end),
              },
            )}
          </Text>
          <Verdict proof={proof} />
          <DailyProofTable proof={proof} />
        </>
      )}
    </Card>
  );
}
