import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { exportMachine } from '../../machines/exportMachine';
import { alerts } from '../../services/alerts';
import type { TransactionFilterParams } from '../../services/api';
import { ExportDialogView } from '../common/ExportDialogView';

/** Export of the search as it stands: download the .xlsx now, or have it e-mailed. */
export function ExportDialog({ filter, total, onClose }: { filter: TransactionFilterParams; total: number; onClose: () => void }) {
  const actor = useActorRef(exportMachine, { input: { filter } });
  // This older screen still owns its dialog; issue 16 moves it into the Payments List's page machine.
  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      if (snapshot.matches('finished')) alerts.show({ title: snapshot.context.failed ? 'Failed' : 'Success', message: snapshot.context.message ?? '', intent: snapshot.context.failed ? 'error' : 'success' });
      onClose();
    });
    return () => sub.unsubscribe();
  }, [actor, onClose]);
  return <ExportDialogView actor={actor} summary={`${total.toLocaleString('en-US')} payments match the current search.`} />;
}
