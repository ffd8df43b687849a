import { crc32, deflateRawSync } from 'node:zlib';

/** Hand-built zips for the upload tests: each one a shape that once hurt, or could hurt, the reader. */
interface Entry {
  name: string;
  content: Buffer;
  method?: 0 | 8;
  packed?: Buffer;
  declared?: number;
}

export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.method ?? 8;
    const packed = entry.packed ?? (method === 8 ? deflateRawSync(entry.content) : entry.content);
    const size = entry.declared ?? entry.content.length;
    const crc = crc32(entry.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip's local file header and nothing after it: SheetJS 0.20.3 spins forever on it. */
export function truncatedZip(): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  return header;
}

/** Whole structure, but the one entry's deflate stream is junk: SheetJS spins on it too. */
export const junkDeflateZip = () =>
  zip([
    { name: '[Content_Types].xml', content: Buffer.alloc(1000, 'x'), packed: Buffer.from([0xff, 0xff, 0xff, 0xff]) },
  ]);

/** A sheet that declares a gigabyte unpacked. */
export const bombDeclaringZip = () =>
  zip([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.from('<x/>'), declared: 1_000_000_000 }]);

/** A minimal valid .xlsx whose one sheet has a correlation_id header and `rows` rows, a few hundred kB packed. */
export function compactXlsx(rows: number): Buffer {
  const cells: string[] = ['<row r="1"><c r="A1" t="inlineStr"><is><t>correlation_id</t></is></c></row>'];
  for (let r = 2; r <= rows + 1; r++)
    cells.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>T${r}</t></is></c></row>`);
  return xlsxOf(cells.join(''));
}

/**
 * Issue 28: a small, legal-looking sheet of `rows` rows of `columns` numbers each (19,999 x 90 is
 * 1.8 million cells in a few hundred kB), under every row cap, that SheetJS needs many seconds for.
 */
export const wideXlsx = (rows: number, columns: number) =>
  xlsxOf(`<row>${'<c><v>1</v></c>'.repeat(columns)}</row>`.repeat(rows));

/** A minimal valid .xlsx whose first sheet's <sheetData> holds `sheetData`. */
function xlsxOf(sheetData: string): Buffer {
  const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  return zip([
    {
      name: '[Content_Types].xml',
      content: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ' +
          'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ' +
          'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ' +
          'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override ' +
          'PartName="/xl/worksheets/sheet1.xml" ' +
          'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
          'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
          'Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet ' +
          'name="Report" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
          'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
          'Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: xml(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
          `${sheetData}</sheetData></worksheet>`,
      ),
    },
  ]);
}
