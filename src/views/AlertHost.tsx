import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { alertsMachine } from '../machines/alertsMachine';

const useStyles = makeStyles({
  // Bottom-end, as Fluent's toasts sit: at the top they covered the header's bell and the user's name.
  stack: {
    position: 'fixed',
    bottom: tokens.spacingVerticalL,
    right: tokens.spacingHorizontalL,
    zIndex: 1000000,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    width: 'min(420px, calc(100vw - 32px))',
  },
  bar: { boxShadow: tokens.shadow16 },
});

/** The one alert stack: renders the alerts actor's snapshot; each alert closes after 5000 ms or on Dismiss. */
export function AlertHost() {
  const styles = useStyles();
  const actor = useActorRef(alertsMachine);
  const shown = useSelector(actor, (s) => s.context.shown);
  return (
    <div className={styles.stack}>
      {shown.map((alert) => (
        // MessageBar speaks its intent: errors as role=alert (assertive), the rest as role=status.
        <MessageBar key={alert.id} intent={alert.intent} className={styles.bar} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{alert.title}</MessageBarTitle>
            {/* Its own element, so the message can be found (and read) apart from its title. */}
            <div>{alert.message}</div>
          </MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label="Dismiss"
                icon={<DismissRegular />}
                onClick={() => actor.send({ type: 'DISMISS', id: alert.id })}
              />
            }
          />
        </MessageBar>
      ))}
    </div>
  );
}
