import {
  Badge,
  Button,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Text,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DesktopRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { sessionsMachine } from '../../machines/sessionsMachine';
import { formatDateTime } from '../../services/format';
import type { SessionRow } from '../../services/sessionRules';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DataTable, type Column } from '../common/DataTable';
import { SessionContext } from '../SessionContext';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  browser: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  footer: { display: 'flex', justifyContent: 'flex-end' },
});

/**
 * User Settings' "Sessions" card (issue 44): where one is signed in, this session marked, with
 * "Sign out" per other session and "Sign out everywhere else". Its machine makes every call.
 */
export function SessionsCard({ logic = sessionsMachine }: { logic?: typeof sessionsMachine }) {
  const styles = useStyles();
  const verified = SessionContext.useSelector((state) => state.context.user?.otp_verified === true);
  const actor = useActorRef(logic, { input: { verified } });
  const s = useSelector(actor, (snapshot) => snapshot);
  const { sessions, loadError, target } = s.context;
  const loading = s.matches('loading');
  const endingOne = s.matches('endingOne');
  const endingOthers = s.matches('endingOthers');
  if (s.matches('hidden')) return null;

  const columns: Column<SessionRow>[] = [
    {
      header: 'Browser',
      cell: (r) => (
        <span className={styles.browser}>
          {r.browser}
          {r.current && (
            <Badge appearance="tint" color="success">
              This session
            </Badge>
          )}
          {!r.otp_verified && (
            <Badge appearance="tint" color="warning">
              Awaiting code
            </Badge>
          )}
        </span>
      ),
    },
    { header: 'Address', cell: (r) => r.ip ?? '-' },
    { header: 'Signed in', cell: (r) => formatDateTime(r.created_at), nowrap: true },
    { header: 'Last seen', cell: (r) => formatDateTime(r.last_seen_at), nowrap: true },
    {
      header: 'Actions',
      cell: (r) =>
        r.current ? null : (
          <Button
            size="small"
            aria-label={`Sign out ${r.browser}, signed in ${formatDateTime(r.created_at)}`}
            disabled={!s.can({ type: 'END', id: r.id })}
            onClick={() => actor.send({ type: 'END', id: r.id })}
          >
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <Card className={styles.card}>
      <CardHeader image={<DesktopRegular fontSize={28} />} header={<Title3 as="h2">Sessions</Title3>} />
      <Text>Where your account is signed in now. Sign out of any session you do not recognise.</Text>
      {s.matches('loadFailed') ? (
        <>
          <MessageBar intent="error">
            <MessageBarBody>{loadError}</MessageBarBody>
          </MessageBar>
          <div>
            <Button disabled={!s.can({ type: 'RETRY' })} onClick={() => actor.send({ type: 'RETRY' })}>
              Reload sessions
            </Button>
          </div>
        </>
      ) : (
        <DataTable
          label="Your sessions"
          columns={columns}
          rows={sessions}
          rowKey={(r) => r.id}
          loading={loading}
          loadingText={{ label: 'Loading your sessions…', overRows: true }}
          empty="No sessions to show."
          minWidth={560}
        />
      )}
      <div className={styles.footer}>
        <Button disabled={!s.can({ type: 'END_OTHERS' })} onClick={() => actor.send({ type: 'END_OTHERS' })}>
          Sign out everywhere else
        </Button>
      </div>
      {(s.matches('confirmingOne') || endingOne) && target && (
        <ConfirmDialog
          busy={endingOne}
          busyLabel="Signing out…"
          confirmLabel="Sign out"
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            Sign out {target.browser} ({target.ip ?? 'unknown address'}), signed in {formatDateTime(target.created_at)}?
            It is signed out at once.
          </Text>
        </ConfirmDialog>
      )}
      {(s.matches('confirmingOthers') || endingOthers) && (
        <ConfirmDialog
          busy={endingOthers}
          busyLabel="Signing out…"
          confirmLabel="Sign out everywhere else"
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>Every other session of your account is signed out at once. This one stays signed in.</Text>
        </ConfirmDialog>
      )}
    </Card>
  );
}
