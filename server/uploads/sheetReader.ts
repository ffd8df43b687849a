import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { Piscina } from 'piscina';
import { invalidInput, ruleBroken, throttled } from '../domain/errors.ts';
import { extensionOf, SHEET_EXTENSIONS, zipLimitsFor, type SheetResult, type SheetTask } from './sheetParse.ts';
import { checkZip, isZip } from './zipCheck.ts';
import { msg } from '../../src/i18n/msg.ts';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * Every uploaded spreadsheet is read here, off the event loop: SheetJS runs in a worker pool with
 * a time limit and a memory limit, and a worker that overruns is terminated. At most `threads`
 * files are read at once (one per core) and at most `maxWaiting` more wait; past that the upload
 * is refused (throttled) rather than queued without bound.
 */
export interface SheetReaderSettings {
  timeoutMs: number;
  memoryMb: number;
  threads: number;
  maxWaiting: number;
}

let settings: SheetReaderSettings = {
  timeoutMs: 20_000,
  memoryMb: 1_024,
  threads: Math.min(4, Math.max(1, availableParallelism())),
  maxWaiting: 6,
};
let pool: Piscina<SheetTask, SheetResult> | null = null;
let gate: LimitFunction | null = null;

export function configureSheetReader(next: Partial<SheetReaderSettings>): void {
  settings = { ...settings, ...next };
  gate = null;
}

function workers(): Piscina<SheetTask, SheetResult> {
  pool ??= new Piscina<SheetTask, SheetResult>({
    filename: new URL('./sheetWorker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: settings.threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  });
  return pool;
}

/** Stops the workers (the app's onClose); a later upload starts a new pool. */
export async function closeSheetReader(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}

/** The worker pool's load now, for /metrics: files being read, and files waiting for a free thread. */
export const uploadPoolLoad = () => ({ busy: gate?.activeCount ?? 0, queued: gate?.pendingCount ?? 0 });

export const TOO_MANY_UPLOADS = msg({
  defaultMessage: 'Too many uploads in progress, try again shortly',
  id: 'fn5F4Q',
});

/** A route's limits on what it reads: rows, and cells (its rows times the columns it allows). */
export interface SheetLimits {
  maxRows: number;
  maxCells: number;
}

/**
 * The first sheet's rows as display strings, header row included. Throws a DomainError: invalid for a
 * file of the wrong kind, that is not a spreadsheet or that holds more rows or cells than the route
 * reads, ruleBroken for one too large to unpack or that could not be read in time or memory,
 * throttled when too many uploads are already being read.
 */
export async function readSheetRows(
  file: UploadedFile,
  { maxRows, maxCells }: SheetLimits,
): Promise<{ rows: unknown[][]; truncated: boolean }> {
  const { filename, data } = file;
  if (!(SHEET_EXTENSIONS as readonly string[]).includes(extensionOf(filename)))
    throw invalidInput(
      msg({ defaultMessage: '{filename}: only CSV or Excel files are accepted', id: 'w2mwsf' }, { filename }),
    );
  if (extensionOf(filename) !== 'csv' && isZip(data)) {
    const limits = zipLimitsFor(maxRows);
    const verdict = checkZip(data, limits);
    if (!verdict.ok && verdict.reason === 'too_large') {
      throw ruleBroken(
        msg(
          {
            defaultMessage:
              '{filename}: the file unpacks to more than a sheet of {rows} rows needs; split it into smaller files',
            id: 'OWkYfc',
          },
          { filename, rows: maxRows.toLocaleString('en-US') },
        ),
      );
    }
    if (!verdict.ok)
      throw invalidInput(
        msg(
          { defaultMessage: '{filename}: the file could not be read as an Excel file ({detail})', id: 'q25h/1' },
          { filename, detail: verdict.detail },
        ),
      );
  }
  gate ??= pLimit(settings.threads);
  const limit = gate;
  if (limit.activeCount + limit.pendingCount >= settings.threads + settings.maxWaiting)
    throw throttled(TOO_MANY_UPLOADS);
  // The gate lets a file into the pool only when a thread is free, so the time limit measures reading, not waiting.
  const result = await limit(() => runInWorker({ filename, data: new Uint8Array(data), maxRows, maxCells }));
  if (!result.ok) throw invalidInput(result.message);
  return { rows: result.rows, truncated: result.truncated };
}

async function runInWorker(task: SheetTask): Promise<SheetResult> {
  try {
    return await workers().run(task, {
      signal: AbortSignal.timeout(settings.timeoutMs),
      transferList: [task.data.buffer as ArrayBuffer],
    });
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (name === 'AbortError' || name === 'TimeoutError')
      throw ruleBroken(
        msg(
          { defaultMessage: '{filename}: the file could not be read in time', id: 'pQRTrS' },
          { filename: task.filename },
        ),
      );
    if (code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw ruleBroken(
        msg(
          { defaultMessage: '{filename}: the file needs more memory to read than an upload may use', id: 'oy6VUP' },
          { filename: task.filename },
        ),
      );
    throw ruleBroken(
      msg({ defaultMessage: '{filename}: the file could not be read', id: 'kcBNd5' }, { filename: task.filename }),
    );
  }
}
