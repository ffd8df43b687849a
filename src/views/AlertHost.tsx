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
import { useSaid, useT } from '../i18n/useT';
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
  const t = useT();
  // Alerts are raised by machines and the HTTP layer in English (the server's message in the person's language
  // already): shown in the language shown.
  const said = useSaid();
  const actor = useActorRef(alertsMachine);
  const shown = useSelector(actor, (s) => s.context.shown);
  return (
    <div className={styles.stack}>
      {shown.map((alert) => (
        // MessageBar speaks its intent: errors as role=alert (assertive), the rest as role=status.
        <MessageBar key={alert.id} intent={alert.intent} className={styles.bar} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{said(alert.title)}</MessageBarTitle>
            {/* Its own element, so the message can be found (and read) apart from its title. */}
            <div>{said(alert.message)}</div>
          </MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={t({ defaultMessage: 'Dismiss', id: 'TDaF6J' })}
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
