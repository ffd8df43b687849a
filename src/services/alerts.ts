import { msg } from '../i18n/msg';

/** Alerts raised anywhere (a machine's action, the HTTP layer) and shown by the one Toaster. */
export interface Alert {
  title: string;
  message: string;
  intent: 'error' | 'success' | 'warning' | 'info';
}

export const ALERT_MS = 5000;

/** Something was accepted but has not happened yet (a movement waiting for approval). */
export const waitingAlert = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Waiting', id: 'dZd8H/' }),
  message,
  intent: 'info',
});

type Listener = (alert: Alert) => void;
const listeners = new Set<Listener>();

export const alerts = {
  show(alert: Alert): void {
    listeners.forEach((listener) => listener(alert));
  },
  error(message: string): void {
    alerts.show({ title: msg({ defaultMessage: 'Error!', id: 'DIDBlF' }), message, intent: 'error' });
  },
  success(message: string): void {
    alerts.show({ title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }), message, intent: 'success' });
  },
  /** Something was accepted but has not happened yet (a movement waiting for approval). */
  info(message: string): void {
    alerts.show(waitingAlert(message));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
