import { useEffect } from 'react';
import {
  Button, CounterBadge, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useLocation } from 'wouter';
import { notificationsMachine } from '../machines/notificationsMachine';
import { connectNotifications } from '../services/realtime';
import type { NotificationItem } from '../services/schemas';
import { SessionContext } from './SessionContext';

const useStyles = makeStyles({
  bell: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '2px', right: '2px', pointerEvents: 'none' },
  surface: { width: '360px', maxHeight: '420px', overflowY: 'auto', padding: 0 },
  title: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px', width: '100%', textAlign: 'left',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, border: 'none', background: 'none', cursor: 'pointer',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  unread: { backgroundColor: tokens.colorBrandBackground2 },
  empty: { padding: tokens.spacingHorizontalL },
});

function desktopNotify(item: NotificationItem) {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(item.subject, { body: item.message, tag: `wo-${item.id}` });
  }
}

/** The bell with its unread count; live 'work-order' events add to it and raise a desktop notification. */
export function NotificationBell() {
  const styles = useStyles();
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const token = SessionContext.useSelector((s) => s.context.user?.token);
  const actor = useActorRef(notificationsMachine);
  const { items, unread } = useSelector(actor, (s) => s.context);

  useEffect(() => {
    if (!token) return undefined;
    return connectNotifications(token, {
      onWorkOrder: (item) => {
        actor.send({ type: 'RECEIVED', item });
        desktopNotify(item);
      },
      onWorkOrderChanged: () => actor.send({ type: 'REFRESH' }),
      onWorkOrdersRead: () => actor.send({ type: 'REFRESH' }),
      onReconnected: () => actor.send({ type: 'REFRESH' }),
      onSessionEnded: () => session.send({ type: 'SESSION_ENDED' }),
      onAccessChanged: () => session.send({ type: 'ACCESS_CHANGED' }),
    });
  }, [token, actor, session]);

  const open = (item: NotificationItem) => {
    actor.send({ type: 'OPENED', id: item.id });
    navigate(`~/work-order-detail?wo=${encodeURIComponent(item.data.work_order_code)}`);
  };

  return (
    <Popover positioning="below-end" onOpenChange={(_, d) => {
      if (d.open && typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission();
    }}>
      <span className={styles.bell}>
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="large" icon={<AlertRegular />} aria-label={`Notifications, ${unread} unread`} />
        </PopoverTrigger>
        {unread > 0 && <CounterBadge className={styles.badge} count={unread} size="small" color="danger" aria-hidden="true" />}
      </span>
      <PopoverSurface className={styles.surface} aria-label="Notifications">
        <div className={styles.title}><Text weight="semibold">Notifications</Text></div>
        {items.length === 0 ? <Text className={styles.empty} block>No notifications yet.</Text> : (
          <ul className={styles.list}>
            {items.map((n) => (
              <li key={n.id}>
                <button type="button" className={mergeClasses(styles.item, !n.is_read && styles.unread)} onClick={() => open(n)}>
                  <Text weight="semibold" size={300}>{n.subject}</Text>
                  <Text size={300}>{n.message}</Text>
                  <Text size={200}>{dayjs(n.data.created_at).format('YYYY-MM-DD HH:mm')}</Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverSurface>
    </Popover>
  );
}
