import { msg } from '../i18n/msg';
import { asEnglish, type Translate } from '../i18n/translate';
import { formatRupiah } from './money';

/**
 * An audit line's detail as a person reads it (issue 26): one line per fact, never raw JSON.
 * - `before`/`after` pair up by key: 'status: PENDING → REJECTED' (a key only after: 'amount: Rp. 20,000',
 *   the state something was created in; only before: 'note: old → none'); unchanged keys read once.
 * - any other key: 'key: value'; nested objects flatten to 'filter.actor: x'; lists of plain values
 *   join with ', '.
 * - money keys (amount, fee, balance, threshold, total…) holding whole numbers read as rupiah.
 * Values are made single-line, so each returned string is exactly one line.
 * The words it adds ('none', '(empty)', 'yes', 'no') are said by `say`, the reader's language (issue 48); keys and
 * stored values are data and stay as they are.
 */
export const ARROW = '→';
const NONE = msg({ defaultMessage: 'none', id: 't7KecI', description: 'an audit detail: no value' });
const EMPTY = msg({ defaultMessage: '(empty)', id: 'hBptSn', description: 'an audit detail: an empty text' });
const YES = msg({ defaultMessage: 'yes', id: 'kWZglE', description: 'an audit detail: true' });
const NO = msg({ defaultMessage: 'no', id: 'MZ3NJz', description: 'an audit detail: false' });
const MONEY_KEY = /(amount|fee|balance|threshold|total)$/i;

type Json = unknown;
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value on one line; `key` decides whether a number is money. */
export function valueText(key: string, value: Json, say: Translate = asEnglish): string {
  if (value === null || value === undefined) return say(NONE);
  if (typeof value === 'number')
    return MONEY_KEY.test(key) && Number.isInteger(value) ? formatRupiah(value) : String(value);
  if (typeof value === 'string') return value === '' ? say(EMPTY) : oneLine(value);
  if (typeof value === 'boolean') return say(value ? YES : NO);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(key, v, say)).join(', ') : say(NONE);
  const entries = Object.entries(value as Record<string, Json>);
  return entries.length ? entries.map(([k, v]) => `${oneLine(k)} ${valueText(k, v, say)}`).join(', ') : say(NONE);
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

function changeLines(before: Json, after: Json, say: Translate): string[] {
  if (!isRecord(before) && !isRecord(after)) {
    return [`${valueText('', before, say)} ${ARROW} ${valueText('', after, say)}`];
  }
  const was = new Map(flat(before));
  const now = new Map(flat(after));
  const keys = [...new Set([...now.keys(), ...was.keys()])];
  return keys.map((k) => {
    const text = (v: Json) => valueText(lastKey(k), v, say);
    if (!was.has(k)) return `${k}: ${text(now.get(k))}`;
    if (!now.has(k)) return `${k}: ${text(was.get(k))} ${ARROW} ${say(NONE)}`;
    const [a, b] = [text(was.get(k)), text(now.get(k))];
    return a === b ? `${k}: ${b}` : `${k}: ${a} ${ARROW} ${b}`;
  });
}

/** The detail's lines; none for a line written without detail. */
export function auditDetailLines(
  detail: Record<string, Json> | null | undefined,
  say: Translate = asEnglish,
): string[] {
  if (!detail) return [];
  const { before, after, ...rest } = detail;
  const changes = before === undefined && after === undefined ? [] : changeLines(before, after, say);
  const others = flat(rest).map(([k, v]) => `${k}: ${valueText(lastKey(k), v, say)}`);
  return [...changes, ...others];
}
