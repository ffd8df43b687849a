/**
 * A cheap look at a zip's structure before SheetJS sees it: SheetJS 0.20.3 loops forever on
 * some broken zips (a lone local header, an empty deflate stream) and unpacks whatever a zip
 * declares. This reads only the end-of-central-directory record and the central directory, so
 * it costs microseconds whatever the file holds. What it cannot see (a deflate stream that lies)
 * is left to the worker's time and memory limits.
 */
export interface ZipLimits {
  maxEntries: number;
  /** The most any one entry may declare unpacked (a worksheet of MAX_ROWS rows with room to spare). */
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  dataOffset: number;
}

export type ZipVerdict =
  { ok: true; entries: ZipEntry[] } | { ok: false; reason: 'unreadable' | 'too_large'; detail: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export function checkZip(data: Buffer, limits: ZipLimits): ZipVerdict {
  const unreadable = (detail: string): ZipVerdict => ({ ok: false, reason: 'unreadable', detail });
  if (data.length < EOCD_SIZE) return unreadable('too short to be a zip');
  let eocd = -1;
  for (let i = data.length - EOCD_SIZE; i >= Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return unreadable('no end-of-central-directory record (the file is cut short)');
  const entries = data.readUInt16LE(eocd + 10);
  const cdSize = data.readUInt32LE(eocd + 12);
  const cdOffset = data.readUInt32LE(eocd + 16);
  // ZIP64 markers: a file of a few megabytes never needs them, so they only hide the real numbers.
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    return unreadable('ZIP64 is not accepted');
  if (entries === 0) return unreadable('the zip holds no files');
  if (entries > limits.maxEntries) return { ok: false, reason: 'too_large', detail: `${entries} entries` };
  if (cdOffset + cdSize > eocd) return unreadable('the central directory lies outside the file');

  let at = cdOffset;
  let total = 0;
  const found: ZipEntry[] = [];
  for (let n = 0; n < entries; n++) {
    if (at + 46 > eocd || data.readUInt32LE(at) !== CENTRAL) return unreadable('a central directory entry is broken');
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const unpacked = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    if (method !== 0 && method !== 8) return unreadable(`compression method ${method} is not accepted`);
    if (method === 8 && packed === 0 && unpacked > 0) return unreadable('an entry declares content but holds none');
    if (method === 0 && packed !== unpacked) return unreadable('a stored entry changes size');
    if (localOffset + 30 > cdOffset || data.readUInt32LE(localOffset) !== LOCAL)
      return unreadable('an entry points outside the file');
    const localData = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (localData + packed > cdOffset) return unreadable('an entry runs past the end of the file');
    if (unpacked > limits.maxEntryBytes)
      return { ok: false, reason: 'too_large', detail: `an entry unpacks to ${unpacked} bytes` };
    found.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method,
      packed,
      unpacked,
      dataOffset: localData,
    });
    total += unpacked;
    if (total > limits.maxTotalBytes)
      return {
        ok: false,
        reason: 'too_large',
        detail: `the entries unpack to more than ${limits.maxTotalBytes} bytes`,
      };
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries: found };
}
