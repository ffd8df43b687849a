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
import { useSaid, useT } from '../../i18n/useT';

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
  const t = useT();
  const said = useSaid();
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
      header: t({ defaultMessage: 'Browser', id: 'E3oB+t' }),
      cell: (r) => (
        <span className={styles.browser}>
          {said(r.browser)}
          {r.current && (
            <Badge appearance="tint" color="success">
              {t({ defaultMessage: 'This session', id: 'tOCeMA' })}
            </Badge>
          )}
          {!r.otp_verified && (
            <Badge appearance="tint" color="warning">
              {t({ defaultMessage: 'Awaiting code', id: 'hEIaK7' })}
            </Badge>
          )}
        </span>
      ),
    },
    { header: t({ defaultMessage: 'Address', id: 'e6Ph5+' }), cell: (r) => r.ip ?? '-' },
    {
      header: t({ defaultMessage: 'Signed in', id: '77MbQy' }),
      cell: (r) => formatDateTime(r.created_at),
      nowrap: true,
    },
    {
      header: t({ defaultMessage: 'Last seen', id: 'PO83gc' }),
      cell: (r) => formatDateTime(r.last_seen_at),
      nowrap: true,
    },
    {
      header: t({ defaultMessage: 'Actions', id: 'wL7VAE' }),
      cell: (r) =>
        r.current ? null : (
          <Button
            size="small"
            aria-label={t(
              { defaultMessage: 'Sign out {browser}, signed in {signedIn}', id: 'fDLVqa' },
              { browser: said(r.browser), signedIn: formatDateTime(r.created_at) },
            )}
            disabled={!s.can({ type: 'END', id: r.id })}
            onClick={() => actor.send({ type: 'END', id: r.id })}
          >
            {t({ defaultMessage: 'Sign out', id: 'xXbJso' })}
          </Button>
        ),
    },
  ];

  return (
    <Card className={styles.card}>
      <CardHeader
        image={<DesktopRegular fontSize={28} />}
        header={<Title3 as="h2">{t({ defaultMessage: 'Sessions', id: 'Z3EDd9' })}</Title3>}
      />
      <Text>
        {t({
          defaultMessage: 'Where your account is signed in now. Sign out of any session you do not recognise.',
          id: 'KDdj8B',
        })}
      </Text>
      {s.matches('loadFailed') ? (
        <>
          <MessageBar intent="error">
            <MessageBarBody>{loadError && said(loadError)}</MessageBarBody>
          </MessageBar>
          <div>
            <Button disabled={!s.can({ type: 'RETRY' })} onClick={() => actor.send({ type: 'RETRY' })}>
              {t({ defaultMessage: 'Reload sessions', id: 'Tp3B8J' })}
            </Button>
          </div>
        </>
      ) : (
        <DataTable
          label={t({ defaultMessage: 'Your sessions', id: 'RRN2sV' })}
          columns={columns}
          rows={sessions}
          rowKey={(r) => r.id}
          loading={loading}
          loadingText={{ label: t({ defaultMessage: 'Loading your sessions…', id: 'zMzKdX' }), overRows: true }}
          empty={t({ defaultMessage: 'No sessions to show.', id: '2UasTr' })}
          minWidth={560}
        />
      )}
      <div className={styles.footer}>
        <Button disabled={!s.can({ type: 'END_OTHERS' })} onClick={() => actor.send({ type: 'END_OTHERS' })}>
          {t({ defaultMessage: 'Sign out everywhere else', id: 'lgboJq' })}
        </Button>
      </div>
      {(s.matches('confirmingOne') || endingOne) && target && (
        <ConfirmDialog
          busy={endingOne}
          busyLabel={t({ defaultMessage: 'Signing out…', id: 'QfaEcB' })}
          confirmLabel={t({ defaultMessage: 'Sign out', id: 'xXbJso' })}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            {t(
              {
                defaultMessage: 'Sign out {browser} ({address}), signed in {signedIn}? It is signed out at once.',
                id: 'kD3Igz',
              },
              {
                browser: said(target.browser),
                address: target.ip ?? t({ defaultMessage: 'unknown address', id: 'q4twZ3' }),
                signedIn: formatDateTime(target.created_at),
              },
            )}
          </Text>
        </ConfirmDialog>
      )}
      {(s.matches('confirmingOthers') || endingOthers) && (
        <ConfirmDialog
          busy={endingOthers}
          busyLabel={t({ defaultMessage: 'Signing out…', id: 'QfaEcB' })}
          confirmLabel={t({ defaultMessage: 'Sign out everywhere else', id: 'lgboJq' })}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            {t({
              defaultMessage: 'Every other session of your account is signed out at once. This one stays signed in.',
              id: 'pZYo1K',
            })}
          </Text>
        </ConfirmDialog>
      )}
    </Card>
  );
}
