import { formatRupiah } from './money';

/**
 * An audit line's detail as a person reads it (issue 26): one line per fact, never raw JSON.
 * - `before`/`after` pair up by key: 'status: PENDING → REJECTED' (a key only after: 'amount: Rp. 20,000',
 *   the state something was created in; only before: 'note: old → none'); unchanged keys read once.
 * - any other key: 'key: value'; nested objects flatten to 'filter.actor: x'; lists of plain values
 *   join with ', '.
 * - money keys (amount, fee, balance, threshold, total…) holding whole numbers read as rupiah.
 * Values are made single-line, so each returned string is exactly one line.
 */
export const ARROW = '→';
const NONE = 'none';
const MONEY_KEY = /(amount|fee|balance|threshold|total)$/i;

type Json = unknown;
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value on one line; `key` decides whether a number is money. */
export function valueText(key: string, value: Json): string {
  if (value === null || value === undefined) return NONE;
  if (typeof value === 'number')
    return MONEY_KEY.test(key) && Number.isInteger(value) ? formatRupiah(value) : String(value);
  if (typeof value === 'string') return value === '' ? '(empty)' : oneLine(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(key, v)).join(', ') : NONE;
  const entries = Object.entries(value as Record<string, Json>);
  return entries.length ? entries.map(([k, v]) => `${oneLine(k)} ${valueText(k, v)}`).join(', ') : NONE;
}

/** [path, value] for every leaf: objects flatten with dots, lists of objects by position. */
function leaves(prefix: string, value: Json): Array<[string, Json]> {
  if (isRecord(value) && Object.keys(value).length) {
    return Object.entries(value).flatMap(([k, v]) => leaves(prefix ? `${prefix}.${oneLine(k)}` : oneLine(k), v));
  }
  if (Array.isArray(value) && value.some((v) => isRecord(v) || Array.isArray(v))) {
    return value.flatMap((v, i) => leaves(`${prefix}.${i + 1}`, v));
  }
  return [[prefix, value]];
}

/** A record's leaves (none for an empty one). */
const flat = (value: Json) => (isRecord(value) ? leaves('', value).filter(([k]) => k !== '') : []);
const lastKey = (path: string) => path.slice(path.lastIndexOf('.') + 1);

function changeLines(before: Json, after: Json): string[] {
  if (!isRecord(before) && !isRecord(after)) {
    return [`${valueText('', before)} ${ARROW} ${valueText('', after)}`];
  }
  const was = new Map(flat(before));
  const now = new Map(flat(after));
  const keys = [...new Set([...now.keys(), ...was.keys()])];
  return keys.map((k) => {
    const text = (v: Json) => valueText(lastKey(k), v);
    if (!was.has(k)) return `${k}: ${text(now.get(k))}`;
    if (!now.has(k)) return `${k}: ${text(was.get(k))} ${ARROW} ${NONE}`;
    const [a, b] = [text(was.get(k)), text(now.get(k))];
    return a === b ? `${k}: ${b}` : `${k}: ${a} ${ARROW} ${b}`;
  });
}

/** The detail's lines; none for a line written without detail. */
export function auditDetailLines(detail: Record<string, Json> | null | undefined): string[] {
  if (!detail) return [];
  const { before, after, ...rest } = detail;
  const changes = before === undefined && after === undefined ? [] : changeLines(before, after);
  const others = flat(rest).map(([k, v]) => `${k}: ${valueText(lastKey(k), v)}`);
  return [...changes, ...others];
}
