import { lazy } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Redirect, Route, Switch } from 'wouter';
import { sessionStore } from '../services/sessionStore';
import { AlertHost } from './AlertHost';
import { DocumentTitle } from './DocumentTitle';
import { IntlRoot } from './IntlRoot';
import { PageSuspense } from './common/PageSuspense';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';
import { SessionContext } from './SessionContext';

// The login page is the first screen and comes in the entry chunk (no second round trip before it
// shows); the dashboard (its shell, bell and socket) and the work order page load when first opened.
const DashboardRoutes = lazy(() => import('./DashboardRoutes').then((m) => ({ default: m.DashboardRoutes })));
const WorkOrderDetailPage = lazy(() =>
  import('./WorkOrderDetailPage').then((m) => ({ default: m.WorkOrderDetailPage })),
);

/** The session machine owns what 401 and 403 do and where the user goes; the shell only routes. */
export function App() {
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
      <SessionContext.Provider options={{ input: { stored: sessionStore.load() } }}>
        <IntlRoot>
          <AlertHost />
          <DocumentTitle />
          <PageSuspense>
            <Switch>
              <Route path="/">
                <Redirect to="/login" />
              </Route>
              <Route path="/login" component={LoginPage} />
              <Route path="/dashboard" nest>
                <DashboardRoutes />
              </Route>
              <Route path="/work-order-detail" component={WorkOrderDetailPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </PageSuspense>
        </IntlRoot>
      </SessionContext.Provider>
    </FluentProvider>
  );
}
