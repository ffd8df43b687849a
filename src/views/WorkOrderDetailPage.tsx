import { Card, MessageBar, MessageBarBody, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useActor } from '@xstate/react';
import dayjs from 'dayjs';
import { Redirect, useSearch } from 'wouter';
import { workOrderDetailLoader } from '../machines/workOrderDetailLoader';
import { ApiError } from '../services/http';
import { SETTINGS_PATH } from '../services/navigation';
import { DashboardLayout } from './DashboardLayout';
import { SessionContext } from './SessionContext';

const useStyles = makeStyles({
  card: { maxWidth: '640px', marginTop: tokens.spacingVerticalL, display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalXL },
});

function WorkOrderDetail({ code }: { code: string }) {
  const styles = useStyles();
  const [snapshot] = useActor(workOrderDetailLoader, { input: { code } });
  if (snapshot.status === 'error') {
    const message = snapshot.error instanceof ApiError ? snapshot.error.message : 'Error';
    return <MessageBar intent="error"><MessageBarBody>{message}</MessageBarBody></MessageBar>;
  }
  if (snapshot.status !== 'done') return <Spinner label="Loading work order…" />;
  const item = snapshot.output;
  return (
    <Card className={styles.card}>
      <Text weight="semibold">Subject</Text><Text>{item.subject}</Text>
      <Text weight="semibold">Message</Text><Text>{item.message}</Text>
      <Text weight="semibold">Work order</Text><Text>{item.data.work_order_code}</Text>
      <Text weight="semibold">Received</Text><Text>{dayjs(item.data.created_at).format('YYYY-MM-DD HH:mm')}</Text>
    </Card>
  );
}

/** Opened from a notification: /work-order-detail?wo={work_order_code}. */
export function WorkOrderDetailPage() {
  const code = new URLSearchParams(useSearch()).get('wo') ?? '';
  const state = SessionContext.useSelector((s) => s.value);
  if (state === 'signedOut' || state === 'signingOut') return <Redirect to="/login" replace />;
  if (state === 'awaitingTwoFactor') return <Redirect to={SETTINGS_PATH} replace />;
  return (
    <DashboardLayout>
      <Title2 as="h1">Work Order {code}</Title2>
      {!code && <MessageBar intent="warning"><MessageBarBody>No work order was given.</MessageBarBody></MessageBar>}
      {code && state === 'signedIn' && <WorkOrderDetail key={code} code={code} />}
      {code && state !== 'signedIn' && <Spinner label="Loading…" />}
    </DashboardLayout>
  );
}
