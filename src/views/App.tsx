import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Redirect, Route, Switch } from 'wouter';
import { sessionStore } from '../services/sessionStore';
import { AlertHost } from './AlertHost';
import { DashboardRoutes } from './DashboardRoutes';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';
import { SessionContext } from './SessionContext';
import { WorkOrderDetailPage } from './WorkOrderDetailPage';

/** The session machine owns what 401 and 403 do and where the user goes; the shell only routes. */
export function App() {
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
      <SessionContext.Provider options={{ input: { stored: sessionStore.load() } }}>
        <AlertHost />
        <Switch>
          <Route path="/"><Redirect to="/login" /></Route>
          <Route path="/login" component={LoginPage} />
          <Route path="/dashboard" nest><DashboardRoutes /></Route>
          <Route path="/work-order-detail" component={WorkOrderDetailPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </SessionContext.Provider>
    </FluentProvider>
  );
}
