import {
  Badge,
  Button,
  CounterBadge,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSaid, useT } from '../i18n/useT';
import { useLocation } from 'wouter';
import { notificationsMachine } from '../machines/notificationsMachine';
import { formatDateTime } from '../services/format';
import { countsAsUnread, type NotificationItem } from '../services/workOrders';
import { SessionContext } from './SessionContext';

const useStyles = makeStyles({
  bell: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '2px', right: '2px', pointerEvents: 'none' },
  surface: { width: '380px', maxHeight: '460px', overflowY: 'auto', padding: 0 },
  title: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2px',
    width: '100%',
    textAlign: 'left',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  unread: { backgroundColor: tokens.colorBrandBackground2 },
  resolved: { color: tokens.colorNeutralForeground3 },
  meta: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  empty: { padding: tokens.spacingHorizontalL },
  // Read aloud, not shown: the bold weight and tint say 'unread' to the eye alone.
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/** 'Open' while the work order waits for someone; 'Resolved' once the decision that settles it was made. */
export function WorkOrderStatusBadge({ item }: { item: NotificationItem }) {
  const t = useT();
  return item.data.status === 'RESOLVED' ? (
    <Badge appearance="tint" color="success" size="small">
      {t({ defaultMessage: 'Resolved', id: 'W6nSYE' })}
    </Badge>
  ) : (
    <Badge appearance="filled" color="warning" size="small">
      {t({ defaultMessage: 'Open', id: 'Wyjwx8', description: 'A work order waiting for someone (not resolved yet)' })}
    </Badge>
  );
}

/** One work order in the list, marked unread as the badge counts it: a resolved one needs no one. */
function WorkOrderEntry({ item: n, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const needsYou = countsAsUnread(n);
  return (
    <li data-status={n.data.status}>
      <button
        type="button"
        className={mergeClasses(
          styles.item,
          needsYou && styles.unread,
          n.data.status === 'RESOLVED' && styles.resolved,
        )}
        onClick={onOpen}
      >
        {needsYou && <span className={styles.hidden}>{t({ defaultMessage: 'Unread:', id: '5NaVX8' })} </span>}
        {/* The server writes a work order's subject and message in English: shown in the language shown. */}
        <Text weight={needsYou ? 'semibold' : 'regular'} size={300}>
          {said(n.subject)}
        </Text>
        <Text size={300}>{said(n.message)}</Text>
        <span className={styles.meta}>
          <Text size={200}>{formatDateTime(n.data.created_at)}</Text>
          <WorkOrderStatusBadge item={n} />
        </span>
      </button>
    </li>
  );
}

/**
 * The bell with its unread count and this user's newest work orders. It renders the notifications
 * machine, which owns the socket; opening an item marks it read and shows its work order.
 */
export function NotificationBell({ logic = notificationsMachine }: { logic?: typeof notificationsMachine }) {
  const styles = useStyles();
  const t = useT();
  // A desktop notification is written in the language shown when it arrives (the machine lives across a change).
  const said = useSaid();
  const saidNow = useRef(said);
  useEffect(() => {
    saidNow.current = said;
  }, [said]);
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const live = SessionContext.useSelector((s) => s.context.user != null);
  const actor = useActorRef(logic, {
    input: {
      live,
      translate: (text: string) => saidNow.current(text),
      onSessionEnded: () => session.send({ type: 'SESSION_ENDED' }),
      onAccessChanged: () => session.send({ type: 'ACCESS_CHANGED' }),
    },
  });
  const s = useSelector(actor, (snapshot) => snapshot);
  const { items, unread } = s.context;
  const markingAll = s.matches({ marking: 'markingAll' });

  const open = (item: NotificationItem) => {
    actor.send({ type: 'OPENED', id: item.id });
    navigate(`~/work-order-detail?wo=${encodeURIComponent(item.data.work_order_code)}`);
  };

  return (
    <Popover
      positioning="below-end"
      onOpenChange={(_, d) => {
        if (d.open && typeof Notification !== 'undefined' && Notification.permission === 'default')
          void Notification.requestPermission();
      }}
    >
      <span className={styles.bell}>
        <PopoverTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            size="large"
            icon={<AlertRegular />}
            aria-label={t({ defaultMessage: 'Notifications, {unread} unread', id: '6ph22V' }, { unread })}
          />
        </PopoverTrigger>
        {unread > 0 && (
          <CounterBadge className={styles.badge} count={unread} size="small" color="danger" aria-hidden="true" />
        )}
      </span>
      {/* A named region: a landmark of its own, as it opens outside the page's (axe best practice "region"). */}
      <PopoverSurface
        className={styles.surface}
        role="region"
        aria-label={t({ defaultMessage: 'Notifications', id: 'NAidKb' })}
      >
        <div className={styles.title}>
          <Text weight="semibold">{t({ defaultMessage: 'Notifications', id: 'NAidKb' })}</Text>
          <Button
            appearance="transparent"
            size="small"
            disabled={!s.can({ type: 'MARK_ALL_READ' })}
            onClick={() => actor.send({ type: 'MARK_ALL_READ' })}
          >
            {markingAll
              ? t({ defaultMessage: 'Marking…', id: 'woE9P4' })
              : t({ defaultMessage: 'Mark all read', id: 'ShdEie' })}
          </Button>
        </div>
        {items.length === 0 ? (
          <Text className={styles.empty} block>
            {t({ defaultMessage: 'No notifications yet.', id: 'LoXACx' })}
          </Text>
        ) : (
          <ul className={styles.list} aria-label={t({ defaultMessage: 'Work orders', id: 'izHU3r' })}>
            {items.map((n) => (
              <WorkOrderEntry key={n.id} item={n} onOpen={() => open(n)} />
            ))}
          </ul>
        )}
      </PopoverSurface>
    </Popover>
  );
}
