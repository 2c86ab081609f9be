import { deflatedPart, zipOf, type ZipPart } from '../hostile/zip-builder.js';

/** One sheet of a hand-written workbook: its rows as sheetData XML. */
export interface HandSheet {
  name: string;
  /** The sheet's `state` in workbook.xml: Excel writes `hidden` or `veryHidden`. */
  state?: 'hidden' | 'veryHidden';
  rows: string;
}

/** An inline-string cell. */
export function text(reference: string, value: string): string {
  return `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`;
}

/** A number cell, optionally with a style index (the styles below: 1 is a date format). */
export function number(reference: string, value: string | number, style?: number): string {
  return `<c r="${reference}"${style === undefined ? '' : ` s="${style}"`}><v>${value}</v></c>`;
}

/** A formula cell, with its saved result only when `cached` is given. */
export function formula(reference: string, expression: string, cached?: string): string {
  return `<c r="${reference}"><f>${expression}</f>${cached === undefined ? '' : `<v>${cached}</v>`}</c>`;
}

export function row(number: number, ...cells: string[]): string {
  return `<row r="${number}">${cells.join('')}</row>`;
}

/** Style 0 is General, style 1 a date (built-in format 14, m/d/yyyy). */
const STYLES =
  '<styleSheet><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>';

/**
 * A workbook written part by part, so a test can hold what no spreadsheet program writes (a cell
 * twice, a shared-string index past the table, a phonetic run) or what only some do (hidden
 * sheets, formulas without saved results).
 */
export function handWorkbook(
  sheets: readonly HandSheet[],
  options: { sharedStrings?: string; date1904?: boolean } = {},
): Buffer {
  const entries = sheets
    .map(
      (sheet, index) =>
        `<sheet name="${sheet.name}" sheetId="${index + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${index + 1}"/>`,
    )
    .join('');
  const relations = sheets
    .map(
      (_sheet, index) =>
        `<Relationship Id="rId${index + 1}" Target="worksheets/sheet${index + 1}.xml"/>`,
    )
    .join('');
  const parts: ZipPart[] = [
    deflatedPart(
      'xl/workbook.xml',
      `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${options.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${entries}</sheets></workbook>`,
    ),
    deflatedPart('xl/_rels/workbook.xml.rels', `<Relationships>${relations}</Relationships>`),
    deflatedPart('xl/styles.xml', STYLES),
    ...sheets.map((sheet, index) =>
      deflatedPart(
        `xl/worksheets/sheet${index + 1}.xml`,
        `<worksheet><sheetData>${sheet.rows}</sheetData></worksheet>`,
      ),
    ),
  ];
  if (options.sharedStrings !== undefined)
    parts.push(deflatedPart('xl/sharedStrings.xml', `<sst>${options.sharedStrings}</sst>`));
  return zipOf(parts);
}
