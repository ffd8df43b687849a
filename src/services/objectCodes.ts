/**
 * The short codes people know an entity by (work orders, notifications, the audit log): a
 * withdrawal 'WD-1A2B3C4D' and a disbursement's work order 'DSB-1A2B3C4D' from the uuid's first
 * eight hex digits, an approval 'APR-12', a settlement run 'STL-7'. Kept here so the code a person
 * reads and the code the audit search accepts are the same rule.
 */
export const shortCode = (prefix: string, uuid: string) =>
  `${prefix}-${uuid.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

export const approvalCode = (id: number | string) => `APR-${id}`;
export const settlementRunCode = (id: number | string) => `STL-${id}`;

/** What a typed code names: the uuid's lowercase hex prefix, or the numeric id; null when not a code. */
export type ParsedCode =
  { kind: 'withdrawal' | 'disbursement'; uuidPrefix: string } | { kind: 'approval' | 'settlement_run'; id: number };

export function parseCode(text: string): ParsedCode | null {
  const hex = /^(WD|DSB)-([0-9a-f]{8})$/i.exec(text.trim());
  if (hex)
    return { kind: hex[1].toUpperCase() === 'WD' ? 'withdrawal' : 'disbursement', uuidPrefix: hex[2].toLowerCase() };
  const numeric = /^(APR|STL)-(\d{1,9})$/i.exec(text.trim());
  if (numeric)
    return { kind: numeric[1].toUpperCase() === 'APR' ? 'approval' : 'settlement_run', id: Number(numeric[2]) };
  return null;
}
