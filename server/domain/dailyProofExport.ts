import { ACCOUNT_NAMES } from '../../src/services/ledgerRules.ts';
import {
  DAILY_PROOF_FILENAME,
  PROOF_ACCOUNTS,
  type DailyProof,
  type ProofAmounts,
} from '../../src/services/dailyProofRules.ts';
import type { Db } from '../db/connect.ts';
import type { Cell, SheetColumn } from '../export/xlsxStream.ts';
import type { RequestOrigin } from './authentication.ts';
import type { Principal } from './principal.ts';
import { auditDownload, businessTime, writeSheetFile, type ExportFile } from './payinExport.ts';

/** The proof as the screen shows it: one line per row, one column per account, amounts as numbers. */
const SHEET: SheetColumn[] = [
  { header: 'Line', width: 46 },
  { header: 'Entries', width: 10 },
  ...PROOF_ACCOUNTS.map((kind) => ({ header: ACCOUNT_NAMES[kind], width: 22 })),
];
export const DAILY_PROOF_HEADERS = SHEET.map((c) => c.header);

const line = (label: string, entries: number | null, amounts: ProofAmounts): Cell[] => [
  label,
  entries,
  ...PROOF_ACCOUNTS.map((k) => amounts[k]),
];

/** The sheet's rows: opening, each kind's movement, closing, the ledger's own balance, and whether they agree. */
export function proofRows(proof: DailyProof): Cell[][] {
  return [
    line('Opening balance', null, proof.opening),
    ...proof.movements.map((m) => line(m.name, m.entries, m.amounts)),
    line('Closing balance (opening + movements)', null, proof.closing),
    line("Ledger balance at the day's end", null, proof.ledger),
    ['Closing equals the ledger', null, ...PROOF_ACCOUNTS.map((k) => (proof.agrees[k] ? 'Yes' : 'No'))],
  ];
}

/** The proof as .xlsx (a handful of rows, written by the same streaming writer as every export), audited. */
export async function downloadDailyProof(
  db: Db,
  principal: Principal,
  proof: DailyProof,
  timeZone: string,
  origin: RequestOrigin,
): Promise<ExportFile> {
  const time = businessTime(timeZone);
  async function* cells(): AsyncGenerator<Cell[][]> {
    yield proofRows(proof);
  }
  const file = await writeSheetFile(
    {
      prefix: 'bo-proof-',
      filename: DAILY_PROOF_FILENAME,
      sheetName: 'Daily proof',
      sheet: SHEET,
      // Which client and day, and the day's bounds on the business clock (the ledger is kept by posting time).
      trailer: [
        [],
        ['Client', proof.client.client_name],
        ['Day', proof.day],
        ['Postings from', time(proof.start)],
        ['Postings before', time(proof.end)],
      ],
    },
    cells(),
  );
  return auditDownload(db, file, { principal, origin }, 'ledger.daily_proof_download', {
    client_id: proof.client.id,
    day: proof.day,
  });
}
