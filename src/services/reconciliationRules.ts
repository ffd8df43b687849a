/** Settlement types (spec section 2, Settlement): also the report types 'Check Transactions' takes. */
export const SETTLEMENT_TYPES = [
  'herra_qris',
  'fello_direct_debit',
  'fello_qris',
  'va_mandiri',
  'va_bri',
  'dana_directdebit',
] as const;
export const SETTLEMENT_TYPE_LABELS: Record<(typeof SETTLEMENT_TYPES)[number], string> = {
  herra_qris: 'Herra QRIS',
  fello_direct_debit: 'FELLO Direct Debit',
  fello_qris: 'FELLO QRIS',
  va_mandiri: 'VA MANDIRI',
  va_bri: 'VA BRI',
  dana_directdebit: 'DANA',
};

/** Upload limits on transaction pages (spec section 5) and their messages, as the product words them. */
export const UPLOAD_MAX_FILES = 20;
export const UPLOAD_MAX_MB = 5;
export const tooManyFiles = (n: number) => `Maximum Gambar Diunduh ${n} Gambar`;
export const tooLarge = (mb: number) => `Limit Size Gambar ${mb} MB`;
export const ACCEPTED_TYPES = '.csv,.xlsx,.xls';

export interface ReconciledRow {
  file: string;
  row: number;
  correlation_id: string;
  found: boolean;
  type_match: boolean | null;
  our_status: string | null;
  file_status: string | null;
  status_match: boolean | null;
  our_amount: number | null;
  file_amount: number | null;
  amount_match: boolean | null;
}
export interface ReconciliationResult {
  rows: ReconciledRow[];
  summary: {
    files: number;
    rows: number;
    found: number;
    missing: number;
    status_mismatch: number;
    amount_mismatch: number;
  };
}
