import { useEffect, useState } from 'react';
import { Card, MessageBar, MessageBarBody, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { Redirect, useSearch } from 'wouter';
import { api } from '../services/api';
import { SETTINGS_PATH } from '../services/navigation';
import type { NotificationItem } from '../services/schemas';
import { DashboardLayout } from './DashboardLayout';
import { SessionContext } from './SessionContext';

const useStyles = makeStyles({
  card: { maxWidth: '640px', marginTop: tokens.spacingVerticalL, display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalXL },
});

/** Opened from a notification: /work-order-detail?wo={work_order_code}. */
export function WorkOrderDetailPage() {
  const styles = useStyles();
  const code = new URLSearchParams(useSearch()).get('wo') ?? '';
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn'));
  const signedOut = SessionContext.useSelector((s) => s.matches('signedOut') || s.matches('signingOut'));
  const awaitingTwoFactor = SessionContext.useSelector((s) => s.matches('awaitingTwoFactor'));
  const [state, setState] = useState<{ item?: NotificationItem; error?: string }>({});

  useEffect(() => {
    if (!signedIn || !code) return;
    let live = true;
    api.workOrder(code).then((item) => live && setState({ item }), (e: Error) => live && setState({ error: e.message }));
    return () => { live = false; };
  }, [signedIn, code]);

  if (signedOut) return <Redirect to="/login" replace />;
  if (awaitingTwoFactor) return <Redirect to={SETTINGS_PATH} replace />;
  return (
    <DashboardLayout>
      <Title2 as="h1">Work Order {code}</Title2>
      {!code && <MessageBar intent="warning"><MessageBarBody>No work order was given.</MessageBarBody></MessageBar>}
      {state.error && <MessageBar intent="error"><MessageBarBody>{state.error}</MessageBarBody></MessageBar>}
      {code && !state.item && !state.error && <Spinner label="Loading work order…" />}
      {state.item && (
        <Card className={styles.card}>
          <Text weight="semibold">Subject</Text><Text>{state.item.subject}</Text>
          <Text weight="semibold">Message</Text><Text>{state.item.message}</Text>
          <Text weight="semibold">Work order</Text><Text>{state.item.data.work_order_code}</Text>
          <Text weight="semibold">Received</Text><Text>{dayjs(state.item.data.created_at).format('YYYY-MM-DD HH:mm')}</Text>
        </Card>
      )}
    </DashboardLayout>
  );
}
