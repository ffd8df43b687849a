import { Spinner } from '@fluentui/react-components';
import { Redirect, useLocation } from 'wouter';
import { guardDashboardPath, SETTINGS_PATH, visibleModules } from '../services/navigation';
import { GROUP_PATHS } from '../services/pages';
import { ComingSoonPage } from './ComingSoonPage';
import { DashboardLayout } from './DashboardLayout';
import { SessionContext } from './SessionContext';
import { PageSuspense } from './common/PageSuspense';
import { pageViewAt } from './pageViews';
import { RetryBar } from './common/RetryBar';
import { useSaid, useT } from '../i18n/useT';

const GROUPS = new Set(GROUP_PATHS);

/** Everything under /dashboard: the spec's route guard, then the page for the path. */
export function DashboardRoutes() {
  const t = useT();
  const said = useSaid();
  const [relative] = useLocation();
  const path = relative === '/' ? '/dashboard' : `/dashboard${relative}`.replace(/\/+$/, '');
  const session = SessionContext.useActorRef();
  const state = SessionContext.useSelector((s) => s);

  if (state.matches('signedOut') || state.matches('signingOut')) return <Redirect to="~/login" replace />;
  if (state.matches('loadingOptions') || state.matches('restoring')) {
    return (
      <Spinner label={t({ defaultMessage: 'Loading your dashboard…', id: 'TsCAnC' })} style={{ marginTop: '30vh' }} />
    );
  }
  if (state.matches('optionsFailed')) {
    return (
      <RetryBar
        message={state.context.error && said(state.context.error)}
        onRetry={() => session.send({ type: 'RETRY' })}
        style={{ margin: 24 }}
      />
    );
  }
  const user = state.context.user;
  const { landingPath } = state.context;
  if (path === '/dashboard') return <Redirect to={`~${user?.otp_verified ? landingPath : SETTINGS_PATH}`} replace />;
  const decision = guardDashboardPath(path, user);
  if (!decision.allow) return <Redirect to={`~${decision.redirect}`} replace />;

  const modules = visibleModules(state.context.options?.modules ?? [], user!);
  if (GROUPS.has(path)) {
    const parent = modules.find((m) => m.path === path);
    return <Redirect to={`~${parent?.children[0]?.path ?? '/404'}`} replace />;
  }
  const page = modules.flatMap((m) => [m, ...m.children]).find((m) => m.path === path);
  return (
    <DashboardLayout>
      <PageSuspense key={path}>
        {pageViewAt(path) ?? (
          <ComingSoonPage title={page ? said(page.title) : t({ defaultMessage: 'Dashboard', id: 'hzSNj4' })} />
        )}
      </PageSuspense>
    </DashboardLayout>
  );
}
