import { useEffect } from 'react';
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { ALERT_MS, alerts } from '../services/alerts';

/** The one Toaster: every alert raised anywhere shows here for 5000 ms. */
export function AlertHost() {
  const toasterId = useId('alerts');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => alerts.subscribe((alert) => {
    dispatchToast(
      <Toast>
        <ToastTitle>{alert.title}</ToastTitle>
        <ToastBody>{alert.message}</ToastBody>
      </Toast>,
      { intent: alert.intent, timeout: ALERT_MS, politeness: alert.intent === 'error' ? 'assertive' : 'polite' },
    );
  }), [dispatchToast]);
  return <Toaster toasterId={toasterId} position="top-end" />;
}
