import { deflatedPart, repeatedDeflate, zipOf, type ZipPart } from './zip-builder.js';

const MIB = 1024 * 1024;

/** One hostile export folder: what it holds, the limit it hits and the located problem it gives. */
export interface HostileCase {
  name: string;
  /** The limit it runs into, as docs/reliability.md's "Hostile input" table states it. */
  limit: string;
  format: 'generic' | 'quickbooks-desktop-iif';
  files: () => Record<string, Buffer | string>;
  code: string;
  location: { file: string; row: number };
  /** Records read from the rows before the fault, when the case has some. */
  recordsBefore?: number;
}

const WORKBOOK_XML =
  '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="accounts" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS_XML =
  '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>';

function inline(reference: string, text: string): string {
  return `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

export const HEADER_ROW = `<row r="1">${inline('A1', 'Code')}${inline('B1', 'Name')}${inline('C1', 'Kind')}</row>`;

function sheetXml(rows: string): string {
  return `<worksheet><sheetData>${HEADER_ROW}${rows}</sheetData></worksheet>`;
}

/** A one-sheet workbook ("accounts") whose parts a case may replace or make lie. */
export function workbook(
  replace: Partial<Record<'workbook' | 'rels' | 'sheet', ZipPart>> = {},
  extra: ZipPart[] = [],
): Buffer {
  return zipOf([
    replace.workbook ?? deflatedPart('xl/workbook.xml', WORKBOOK_XML),
    replace.rels ?? deflatedPart('xl/_rels/workbook.xml.rels', RELS_XML),
    replace.sheet ??
      deflatedPart(
        'xl/worksheets/sheet1.xml',
        sheetXml(
          `<row r="2">${inline('A2', '1000')}${inline('B2', 'Checking')}${inline('C2', 'bank')}</row>`,
        ),
      ),
    ...extra,
  ]);
}

export function bombPart(
  name: string,
  prefix: string,
  unit: string | Buffer,
  times: number,
  suffix: string,
): ZipPart {
  return { name, stored: repeatedDeflate(prefix, unit, times, suffix), deflated: true };
}

const at = (file: string, row: number) => ({ file, row });

/**
 * The hostile corpus: each file is built here, in a few milliseconds, never committed. The worst
 * inflate to gigabytes; the reader must stop each at its limit with a located problem.
 */
export const hostileCases: HostileCase[] = [
  {
    name: 'lying ZIP sizes (a part claims 0xFFFFFFF0 compressed bytes)',
    limit: 'sizes and offsets checked against the file size',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        workbook: {
          ...deflatedPart('xl/workbook.xml', WORKBOOK_XML),
          claimedCompressedSize: 0xfffffff0,
        },
      }),
    }),
    code: 'xlsx.unreadable',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'a part whose offset lies past the end of the file',
    limit: 'sizes and offsets checked against the file size',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        workbook: { ...deflatedPart('xl/workbook.xml', WORKBOOK_XML), claimedOffset: 0x7ffffff0 },
      }),
    }),
    code: 'xlsx.unreadable',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'a cell reference past column XFD (FXSHRXW2)',
    limit: 'cells within A1:XFD1048576',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        sheet: deflatedPart(
          'xl/worksheets/sheet1.xml',
          sheetXml(`<row r="2">${inline('FXSHRXW2', 'x')}</row>`),
        ),
      }),
    }),
    code: 'xlsx.cell-reference-invalid',
    location: at('accounts.xlsx', 2),
  },
  {
    name: 'a shared-strings bomb (1 MB inflating to 800 MB of strings)',
    limit: 'shared strings: 1,048,576 strings, 32 MiB of characters, 64 MiB inflated',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({}, [
        bombPart(
          'xl/sharedStrings.xml',
          '<sst>',
          `<si><t>${'x'.repeat(1000)}</t></si>`.repeat(1032),
          800,
          '</sst>',
        ),
      ]),
    }),
    code: 'xlsx.shared-strings-too-large',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'a sheet of 1 GiB of text without a tag',
    limit: 'one tag or text run: 1 MiB',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        sheet: bombPart('xl/worksheets/sheet1.xml', '', 'a'.repeat(MIB), 1024, ''),
      }),
    }),
    code: 'xlsx.xml-node-too-large',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'a zip bomb: a sheet inflating to 2 GiB of zeros',
    limit: 'one tag or text run: 1 MiB (the sheet itself: 1 GiB inflated)',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        sheet: bombPart('xl/worksheets/sheet1.xml', '', Buffer.alloc(MIB), 2049, ''),
      }),
    }),
    code: 'xlsx.xml-node-too-large',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'a zip bomb: the workbook part inflating to 2 GiB of zeros',
    limit: 'a part read whole (workbook, relationships, styles): 16 MiB inflated',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        workbook: bombPart('xl/workbook.xml', '', Buffer.alloc(MIB), 2049, ''),
      }),
    }),
    code: 'xlsx.part-too-large',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'one inline-string cell of 400 rich-text runs of 1 MiB each',
    limit: 'one cell: 32,767 characters across all its runs',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        sheet: bombPart(
          'xl/worksheets/sheet1.xml',
          `<worksheet><sheetData>${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is>`,
          `<r><t>${'y'.repeat(MIB)}</t></r>`,
          400,
          '</is></c></row></sheetData></worksheet>',
        ),
      }),
    }),
    code: 'xlsx.cell-text-too-long',
    location: at('accounts.xlsx', 2),
  },
  {
    name: 'one shared string of 400 rich-text runs of 1 MiB each',
    limit: 'one cell: 32,767 characters across all its runs',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({}, [
        bombPart(
          'xl/sharedStrings.xml',
          '<sst><si>',
          `<r><t>${'y'.repeat(MIB)}</t></r>`,
          400,
          '</si></sst>',
        ),
      ]),
    }),
    code: 'xlsx.cell-text-too-long',
    location: at('accounts.xlsx', 1),
  },
  {
    name: 'a header and 5,000 rows reaching column XFD',
    limit: 'one sheet: 67,108,864 cells laid out (1,048,576 rows of 64 columns)',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        sheet: deflatedPart(
          'xl/worksheets/sheet1.xml',
          `<worksheet><sheetData><row r="1">${inline('A1', 'Code')}${inline('B1', 'Name')}${inline('C1', 'Kind')}${inline('XFD1', 'Note')}</row>${Array.from(
            { length: 5000 },
            (_, index) => {
              const r = index + 2;
              return `<row r="${r}">${inline(`A${r}`, String(10_000 + r))}${inline(`B${r}`, 'Cash')}${inline(`C${r}`, 'bank')}${inline(`XFD${r}`, 'x')}</row>`;
            },
          ).join('')}</sheetData></worksheet>`,
        ),
      }),
    }),
    code: 'xlsx.too-many-cells',
    // 4,096 rows of 16,384 slots fill the budget: the next row is past it.
    location: at('accounts.xlsx', 4097),
  },
  {
    name: 'row 2 repeated 400,000 times',
    limit: 'rows ascend',
    format: 'generic',
    files: () => ({
      'accounts.xlsx': workbook({
        sheet: bombPart(
          'xl/worksheets/sheet1.xml',
          `<worksheet><sheetData>${HEADER_ROW}`,
          `<row r="2">${inline('A2', '1000')}${inline('B2', 'Checking')}${inline('C2', 'bank')}</row>`.repeat(
            1000,
          ),
          400,
          '</sheetData></worksheet>',
        ),
      }),
    }),
    code: 'xlsx.rows-out-of-order',
    location: at('accounts.xlsx', 2),
    recordsBefore: 1,
  },
  {
    name: 'a CSV line of 40 MB of commas',
    limit: 'CSV: 16,384 cells per row, 1 MiB per record',
    format: 'generic',
    files: () => ({
      'accounts.csv': `Code,Name,Kind\n1000,Checking,bank\n${','.repeat(40 * MIB)}\n`,
    }),
    code: 'csv.too-many-cells',
    location: at('accounts.csv', 3),
    recordsBefore: 1,
  },
  {
    name: 'an IIF line of 40 MB of tabs',
    limit: 'IIF: 1 MiB per line, 16,384 cells per line',
    format: 'quickbooks-desktop-iif',
    files: () => ({
      'books.iif': `!ACCNT\tNAME\tACCNTTYPE\r\nACCNT\tChecking\tBANK\r\nACCNT${'\t'.repeat(40 * MIB)}\r\n`,
    }),
    code: 'iif.line-too-large',
    location: at('books.iif', 3),
  },
];
