import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { ZipEntry } from './zipCheck.ts';

/**
 * How big a sheet is, counted before SheetJS reads it (issue 28): a 445 KB .xlsx of 99,000 rows x
 * 120 cells held an upload worker for the whole read time. Counting tags in the inflated sheet XML
 * (or separators in CSV) costs a fraction of parsing, and stops as soon as a limit is passed, so a
 * sheet over its route's budget is refused in well under a second. The counts may exceed what
 * SheetJS would read (a comment, an odd prefix) but never fall short of it, so only an oversized
 * file is ever refused on them.
 */
export interface SheetSize {
  rows: number;
  cells: number;
}

export interface SizeLimits {
  rows: number;
  cells: number;
}

// A start tag, with or without a namespace prefix: '<c ', '<x:c>', '<row r="1">'. SheetJS reads a cell at
// /<(?:\w+:)?c[ \/>]/; the prefix is matched by its last character, so any prefix length is seen.
const TAG = /(?:<|\w:)(row|c)[\s/>]/g;
// Longest match ('x:row>'): a match starting this close to a chunk's end may continue in the next one.
const CARRY = 8;

/** Counts <row> and <c> start tags across chunks of sheet XML, however the chunks cut a tag. */
export function tagCounter() {
  const size: SheetSize = { rows: 0, cells: 0 };
  let carried = '';
  const count = (text: string, upTo: number) => {
    TAG.lastIndex = 0;
    for (let m = TAG.exec(text); m && m.index < upTo; m = TAG.exec(text)) {
      if (m[1] === 'c') size.cells++;
      else size.rows++;
    }
  };
  return {
    size,
    /** Adds a chunk; matches starting in its last few characters wait for the next chunk (or end). */
    push(chunk: string) {
      const text = carried + chunk;
      const cut = Math.max(0, text.length - CARRY);
      count(text, cut);
      carried = text.slice(cut);
    },
    end() {
      count(carried, carried.length);
      carried = '';
    },
  };
}

const over = (size: SheetSize, limits: SizeLimits) => size.rows > limits.rows || size.cells > limits.cells;

/**
 * The rows and cells of zip entries' XML, inflated as a stream and abandoned once a limit is
 * passed (so a sheet declaring 200 MB is inflated only as far as its budget). Latin-1 decoding is
 * enough: the tags are ASCII, and UTF-8's multi-byte characters never contain ASCII bytes.
 */
export async function countXmlEntries(bytes: Buffer, entries: ZipEntry[], limits: SizeLimits): Promise<SheetSize> {
  const counter = tagCounter();
  for (const entry of entries) {
    const packed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.packed);
    if (entry.method === 0) counter.push(packed.toString('latin1'));
    else {
      const inflate = createInflateRaw({ maxOutputLength: Math.max(1, entry.unpacked) });
      const stream = Readable.from([packed]).pipe(inflate);
      try {
        for await (const chunk of stream) {
          counter.push((chunk as Buffer).toString('latin1'));
          if (over(counter.size, limits)) break;
        }
      } catch {
        // A stream zlib cannot inflate is SheetJS's to refuse (its own inflater, under the read time limit), as before
        // this count; what inflated before the fault is counted.
      } finally {
        inflate.destroy();
      }
    }
    counter.end();
    if (over(counter.size, limits)) break;
  }
  return counter.size;
}

/**
 * The cells of a CSV (or a tab-separated or HTML .xls) text, stopping once past `maxCells`. A CSV
 * line holds one more cell than its separators outside quotes, of whichever of , ; tab | it has most
 * (SheetJS guesses the separator); an HTML table's cells are its <td> and <th>. Rows are not counted
 * here: SheetJS stops a text sheet at its row limit by itself, cheaply.
 */
export function countTextCells(text: string, maxCells: number): number {
  if (/<table[\s>]/i.test(text)) return text.match(/<t[dh][\s>/]/gi)?.length ?? 0;
  let cells = 0;
  const seps: Record<string, number> = { ',': 0, ';': 0, '\t': 0, '|': 0 };
  let quoted = false;
  let lineHasText = false;
  const endLine = () => {
    if (lineHasText) cells += 1 + Math.max(seps[','], seps[';'], seps['\t'], seps['|']);
    seps[','] = seps[';'] = seps['\t'] = seps['|'] = 0;
    lineHasText = false;
  };
  for (let i = 0; i < text.length && cells <= maxCells; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if (quoted) lineHasText = true;
    else if (ch === '\n' || ch === '\r') endLine();
    else {
      lineHasText = true;
      if (ch in seps) seps[ch]++;
    }
  }
  endLine();
  return cells;
}
