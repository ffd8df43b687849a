import { useEffect } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { setFailureHandlers } from '../services/http';
import { sessionStore } from '../services/sessionStore';
import { AlertHost } from './AlertHost';
import { DashboardRoutes } from './DashboardRoutes';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';
import { SessionContext } from './SessionContext';
import { WorkOrderDetailPage } from './WorkOrderDetailPage';

/** 401 ends the session (to /login); 403 goes back to the landing path (spec section 6). */
function FailureHandlers() {
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  useEffect(() => {
    setFailureHandlers({
      onUnauthorized: () => session.send({ type: 'SESSION_ENDED' }),
      onForbidden: () => navigate(session.getSnapshot().context.landingPath),
    });
  }, [session, navigate]);
  return null;
}

export function App() {
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
      <SessionContext.Provider options={{ input: { stored: sessionStore.load() } }}>
        <FailureHandlers />
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
