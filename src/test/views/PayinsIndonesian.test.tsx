import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { setFormatsLanguage } from '../../i18n/language';
import { msg } from '../../i18n/msg';
import { voidFileErrors } from '../../machines/disbursementListMachine';
import { CallbacksTable } from '../../views/callbacks/CallbacksTable';
import { LastUpdated } from '../../views/disbursement/LastUpdated';
import { VoidUploadDialog } from '../../views/disbursement/VoidUploadDialog';
import { ProcessTransactionsDialog } from '../../views/payins/ProcessTransactionsDialog';
import { InIndonesian, indonesianSaid as said } from './indonesianCatalog';

// Issue 48: the pay-in, disbursement and callback screens in Bahasa Indonesia, as IntlRoot gives them once the
// catalogs have loaded: the views' messages by id, the machines' texts said by their English, figures in 'Rp 1.250.000'.
function inIndonesian(children: ReactNode) {
  setFormatsLanguage('id');
  return render(<InIndonesian>{children}</InIndonesian>);
}

const noop = () => {};

afterEach(() => setFormatsLanguage('en'));

describe('pay-ins and disbursements in Bahasa Indonesia', () => {
  it("asks Process Transactions' question with the count and the amounts as Indonesian writes them", () => {
    inIndonesian(
      <ProcessTransactionsDialog
        step="confirming"
        preview={{ count: 1234, amount: 1_250_000, fee: 50_000, needs_approval: false } as never}
        error={null}
        canPreviewAgain={false}
        onConfirm={noop}
        onCancel={noop}
        onPreviewAgain={noop}
        onClose={noop}
      />,
    );
    expect(screen.getByText(/^Tambahkan 1\.234 pembayaran masuk senilai Rp 1\.250\.000 \(/)).toBeInTheDocument();
    expect(screen.getByText(/^Biaya Rp 50\.000: Rp 1\.200\.000 berpindah/)).toBeInTheDocument();
  });

  it("says the void file's problem, made by the machine in English, in Indonesian", () => {
    const file = null;
    inIndonesian(
      <VoidUploadDialog
        step="choosingFile"
        file={file}
        errors={voidFileErrors(file).map(said)}
        preview={null}
        result={null}
        onChoose={noop}
        onUpload={noop}
        onConfirm={noop}
        onCancel={noop}
        onAnother={noop}
        onClose={noop}
      />,
    );
    expect(screen.getByText('Pilih berkas CSV atau Excel berisi correlation_id')).toBeInTheDocument();
    expect(screen.getByText('Unggah Pembatalan Transaksi')).toBeInTheDocument();
  });

  it('names the callbacks columns and an empty window in Indonesian', () => {
    inIndonesian(
      <CallbacksTable
        rows={[]}
        loading={false}
        failed={false}
        mayResend={() => false}
        resending={null}
        onOpen={noop}
        onResend={noop}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Percobaan terakhir' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nominal' })).toBeInTheDocument();
    expect(screen.getByText('Tidak ada callback dalam rentang waktu ini.')).toBeInTheDocument();
  });

  it("stamps the figures' time in Indonesian", () => {
    inIndonesian(<LastUpdated at="14:02:05" />);
    expect(screen.getByRole('status')).toHaveTextContent('Terakhir diperbarui pada 14:02:05');
  });

  it("translates a machine's text with its values carried over, and no view's own message as a pattern", () => {
    const text = msg({ defaultMessage: '{file}: only CSV or Excel files are accepted' }, { file: 'Setoran.pdf' });
    expect(said(text)).toBe('Setoran.pdf: hanya berkas CSV atau Excel yang diterima');
    // 'Resend by {name}' is a view's own message (t()), said by the view itself: it claims no text said() is given.
    expect(said('Resend by ops@maju.co.id')).toBe('Resend by ops@maju.co.id');
  });
});
