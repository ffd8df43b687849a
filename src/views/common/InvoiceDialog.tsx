import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { MachineDialog } from './MachineDialog';
import { PrintRegular } from '@fluentui/react-icons';
import type { Invoice } from '../../services/payinActions';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../brand';
import { InvoiceDocument } from './InvoiceDocument';
import { useSaid, useT } from '../../i18n/useT';

// Printing shows the invoice alone: everything else on the page is hidden from the printer.
const PRINT_ONLY_INVOICE =
  `@media print { body * { visibility: hidden !important; } ` +
  `[data-print-root], [data-print-root] * { visibility: visible !important; } ` +
  `[data-print-root] { position: absolute; left: 0; top: 0; } }`;

/** A pay-in's or disbursement's invoice as its page machine holds it: generating, shown (printable A4), or refused. */
export function InvoiceDialog({
  invoice,
  error,
  onClose,
}: {
  invoice: Invoice | null;
  error: string | null;
  onClose: () => void;
}) {
  const t = useT();
  const said = useSaid();
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface style={{ maxWidth: 880 }}>
        <DialogBody>
          <DialogTitle>{t({ defaultMessage: 'Invoice', id: 'Ecfndm' })}</DialogTitle>
          <DialogContent>
            <style>{PRINT_ONLY_INVOICE}</style>
            {!invoice && !error && <Spinner label={t({ defaultMessage: 'Generating invoice…', id: 'T67cuQ' })} />}
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{said(error)}</MessageBarBody>
              </MessageBar>
            )}
            {invoice && (
              <div data-print-root>
                <InvoiceDocument invoice={invoice} supportEmail={SUPPORT_EMAIL} companyName={PRODUCT_NAME} />
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
            <Button appearance="primary" icon={<PrintRegular />} disabled={!invoice} onClick={() => window.print()}>
              {t({ defaultMessage: 'Print', id: 'CXRlIo' })}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
