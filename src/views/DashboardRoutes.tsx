import { lazy } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { Redirect, useLocation } from 'wouter';
import { guardDashboardPath, itemPageParent, SETTINGS_PATH, visibleModules } from '../services/navigation';
import { ComingSoonPage } from './ComingSoonPage';
import { DashboardLayout } from './DashboardLayout';
import { SessionContext } from './SessionContext';
import { pageTitles } from './pageTitles';
import { PageSuspense } from './common/PageSuspense';
import { accountPageFor } from './disbursement/accountPages';

// Every page is loaded when first opened: the first screen does not carry it (issue 16's route-level
// splitting; `npm run bundle:report` sums what each route downloads).
const UserSettingsPage = lazy(() => import('./UserSettingsPage').then((m) => ({ default: m.UserSettingsPage })));
const PaymentsBalancePage = lazy(() => import('./balance/PaymentsBalancePage').then((m) => ({ default: m.PaymentsBalancePage })));
const PaymentsListPage = lazy(() => import('./payments/PaymentsListPage').then((m) => ({ default: m.PaymentsListPage })));
const UserManagementPage = lazy(() => import('./management/UserManagementPage').then((m) => ({ default: m.UserManagementPage })));
const RoleManagementPage = lazy(() => import('./management/RoleManagementPage').then((m) => ({ default: m.RoleManagementPage })));
const DisbursementListPage = lazy(() => import('./disbursement/DisbursementListPage'));
const SettlementPage = lazy(() => import('./settlement/SettlementPage').then((m) => ({ default: m.SettlementPage })));

const AuditLogPage = lazy(() => import('./audit/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));
const ApprovalsPage = lazy(() => import('./approvals/ApprovalsPage').then((m) => ({ default: m.ApprovalsPage })));
const WorkflowsPage = lazy(() => import('./workflows/WorkflowsPage').then((m) => ({ default: m.WorkflowsPage })));
const WorkflowPage = lazy(() => import('./workflows/WorkflowPage').then((m) => ({ default: m.WorkflowPage })));

const PARENTS = new Set(['/dashboard/disbursement', '/dashboard/management', '/dashboard/settings']);

/** Everything under /dashboard: the spec's route guard, then the page for the path. */
export function DashboardRoutes() {
  const [relative] = useLocation();
  const path = relative === '/' ? '/dashboard' : `/dashboard${relative}`.replace(/\/+$/, '');
  const session = SessionContext.useActorRef();
  const state = SessionContext.useSelector((s) => s);

  if (state.matches('signedOut') || state.matches('signingOut')) return <Redirect to="~/login" replace />;
  if (state.matches('loadingOptions') || state.matches('restoring')) {
    return <Spinner label="Loading your dashboard…" style={{ marginTop: '30vh' }} />;
  }
  if (state.matches('optionsFailed')) {
    return (
      <MessageBar intent="error" style={{ margin: 24 }}>
        <MessageBarBody>{state.context.error}</MessageBarBody>
        <MessageBarActions><Button onClick={() => session.send({ type: 'RETRY' })}>Try again</Button></MessageBarActions>
      </MessageBar>
    );
  }
  const user = state.context.user;
  const { landingPath } = state.context;
  if (path === '/dashboard') return <Redirect to={`~${user?.otp_verified ? landingPath : SETTINGS_PATH}`} replace />;
  const decision = guardDashboardPath(path, user);
  if (!decision.allow) return <Redirect to={`~${decision.redirect}`} replace />;

  const modules = visibleModules(state.context.options?.modules ?? [], user!);
  if (PARENTS.has(path)) {
    const parent = modules.find((m) => m.path === path);
    return <Redirect to={`~${parent?.children[0]?.path ?? '/404'}`} replace />;
  }
  const page = modules.flatMap((m) => [m, ...m.children]).find((m) => m.path === path);
  const accountPage = accountPageFor(path);
  if (accountPage) return <DashboardLayout>{accountPage}</DashboardLayout>;
  return (
    <DashboardLayout>
      <PageSuspense key={path}>
        {path === SETTINGS_PATH ? <UserSettingsPage />
          : path === '/dashboard/balance' ? <PaymentsBalancePage />
          : path === '/dashboard/transactions' ? <PaymentsListPage />
          : path === '/dashboard/disbursement/transactions' ? <DisbursementListPage />
          : path === '/dashboard/settlement' ? <SettlementPage />
          : path === '/dashboard/audit-log' ? <AuditLogPage />
          : path === '/dashboard/approvals' ? <ApprovalsPage />
          : path === '/dashboard/workflows' ? <WorkflowsPage />
          : itemPageParent(path) === '/dashboard/workflows' ? <WorkflowPage id={decodeURIComponent(path.slice('/dashboard/workflows/'.length))} />
          : path === '/dashboard/management/user' ? <UserManagementPage />
          : path === '/dashboard/management/role' ? <RoleManagementPage />
          : <ComingSoonPage title={pageTitles[path] ?? page?.title ?? 'Dashboard'} />}
      </PageSuspense>
    </DashboardLayout>
  );
}
