import { compoundFileKind, type CompoundFileKind } from './compound-file.js';
import { cellTextTooLong, sizeText, XLSX_LIMITS, XlsxLimitError } from './xlsx-limits.js';
import { scanXml, type XmlEvent } from './xml-scanner.js';
import { ZipArchive } from './zip-archive.js';

/** What reading any sheet of a workbook needs: sheet parts, shared strings and date styles. */
export interface WorkbookParts {
  archive: ZipArchive;
  /**
   * Every sheet in the workbook's order. `hidden` marks a sheet Excel does not show (`hidden` or
   * `veryHidden`): a consultant never sees it, so it is never read.
   */
  sheets: { name: string; part: string; hidden: boolean }[];
  sharedStrings: string[];
  /** Style indexes whose number format is a date: their numbers are Excel serial dates. */
  dateStyles: Set<number>;
  date1904: boolean;
}

async function eventsOf(archive: ZipArchive, part: string): Promise<XmlEvent[]> {
  if (!archive.has(part)) return [];
  const events: XmlEvent[] = [];
  for await (const batch of scanXml([await archive.read(part, XLSX_LIMITS.metadataBytes)]))
    events.push(...batch);
  return events;
}

/** Excel's built-in number formats that display dates and times. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format is a date when it uses d, m, y (outside quotes, escapes and [colour] tags). */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmy]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

async function dateStylesOf(archive: ZipArchive): Promise<Set<number>> {
  const custom = new Map<number, string>();
  const styles = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  for (const event of await eventsOf(archive, 'xl/styles.xml')) {
    if (event.type === 'open' && event.name === 'numFmt') {
      custom.set(Number(event.attributes.numFmtId), event.attributes.formatCode ?? '');
    } else if (event.type === 'open' && event.name === 'cellXfs') inCellXfs = !event.selfClosing;
    else if (event.type === 'close' && event.name === 'cellXfs') inCellXfs = false;
    else if (event.type === 'open' && event.name === 'xf' && inCellXfs) {
      const format = Number(event.attributes.numFmtId ?? 0);
      const code = custom.get(format);
      if (code === undefined ? BUILT_IN_DATE_FORMATS.has(format) : isDateFormat(code))
        styles.add(index);
      index += 1;
    }
  }
  return styles;
}

function tooMuchSharedText(what: string): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.shared-strings-too-large',
    `its shared strings hold ${what}, more than the reader keeps in memory`,
  );
}

/**
 * Every shared string, in order: the sheet reader looks them up by index, so they stay in memory
 * while the sheet is read, capped in count and characters (XLSX_LIMITS).
 */
async function sharedStringsOf(archive: ZipArchive): Promise<string[]> {
  const strings: string[] = [];
  let chars = 0;
  const keep = (text: string) => {
    chars += text.length;
    if (chars > XLSX_LIMITS.sharedStringChars)
      throw tooMuchSharedText(`more than ${sizeText(XLSX_LIMITS.sharedStringChars)} of characters`);
    if (strings.length >= XLSX_LIMITS.sharedStringCount)
      throw tooMuchSharedText(
        `more than ${XLSX_LIMITS.sharedStringCount.toLocaleString('en-US')} strings`,
      );
    strings.push(text);
  };
  let current: string | undefined;
  let inText = false;
  let phonetic = false;
  if (!archive.has('xl/sharedStrings.xml')) return strings;
  const part = archive.stream('xl/sharedStrings.xml', XLSX_LIMITS.sharedStringsBytes);
  for await (const batch of scanXml(part)) {
    for (const event of batch) {
      if (event.type === 'open') {
        if (event.name === 'si') current = '';
        else if (event.name === 'rPh') phonetic = !event.selfClosing;
        else if (event.name === 't') inText = !event.selfClosing;
        if (event.name === 'si' && event.selfClosing) keep('');
      } else if (event.type === 'close') {
        if (event.name === 'si') {
          keep(current ?? '');
          current = undefined;
        } else if (event.name === 'rPh') phonetic = false;
        else if (event.name === 't') inText = false;
      } else if (inText && !phonetic && current !== undefined) {
        current += event.text;
        // Capped across the string's runs, not per run: 400 runs of 1 MiB are one 400 MB string.
        if (current.length > XLSX_LIMITS.cellChars)
          throw cellTextTooLong(`shared string ${strings.length + 1}`);
        if (chars + current.length > XLSX_LIMITS.sharedStringChars)
          throw tooMuchSharedText(
            `more than ${sizeText(XLSX_LIMITS.sharedStringChars)} of characters`,
          );
      }
    }
  }
  return strings;
}

/**
 * A compound file where a ZIP archive was expected: said for what it is, with what to do, since
 * "not a ZIP archive" would send the consultant looking for a download cut short.
 */
function notXlsx(kind: CompoundFileKind | undefined): XlsxLimitError | undefined {
  if (kind === 'encrypted')
    return new XlsxLimitError(
      'xlsx.encrypted',
      'is protected with a password (Excel encrypts the whole workbook), so it cannot be read. Open it in Excel with its password, clear the password (File, Info, Protect Workbook, Encrypt with Password) and save it, or save the sheet as CSV',
    );
  if (kind === 'legacy')
    return new XlsxLimitError(
      'xlsx.legacy-xls',
      'is a legacy Excel 97-2003 workbook (.xls) or another binary Office file, not an .xlsx workbook. Open it in Excel and save it as "Excel Workbook (.xlsx)", or save the sheet as CSV',
    );
  return undefined;
}

/** A workbook's sheets (names in order, with their parts) and its date system. */
export async function openSheetList(
  path: string,
): Promise<Pick<WorkbookParts, 'archive' | 'sheets' | 'date1904'>> {
  const archive = await ZipArchive.open(path).catch(async (error: unknown) => {
    throw notXlsx(await compoundFileKind(path)) ?? error;
  });
  const targets = new Map<string, string>();
  for (const event of await eventsOf(archive, 'xl/_rels/workbook.xml.rels')) {
    if (event.type !== 'open' || event.name !== 'Relationship') continue;
    const target = event.attributes.Target ?? '';
    targets.set(
      event.attributes.Id ?? '',
      target.startsWith('/') ? target.slice(1) : `xl/${target}`,
    );
  }
  const sheets: WorkbookParts['sheets'] = [];
  let date1904 = false;
  for (const event of await eventsOf(archive, 'xl/workbook.xml')) {
    if (event.type !== 'open') continue;
    if (event.name === 'workbookPr')
      date1904 = ['1', 'true'].includes(event.attributes.date1904 ?? '');
    if (event.name === 'sheet') {
      const part = targets.get(event.attributes['r:id'] ?? '');
      const state = event.attributes.state ?? 'visible';
      if (part)
        sheets.push({ name: event.attributes.name ?? part, part, hidden: state !== 'visible' });
    }
  }
  if (sheets.length === 0) throw new Error('no worksheets found');
  return { archive, sheets, date1904 };
}

/** Opens a workbook: its sheet list (names in order), shared strings, date styles. */
export async function openWorkbookParts(path: string): Promise<WorkbookParts> {
  const { archive, sheets, date1904 } = await openSheetList(path);
  const [sharedStrings, dateStyles] = await Promise.all([
    sharedStringsOf(archive),
    dateStylesOf(archive),
  ]);
  return { archive, sheets, sharedStrings, dateStyles, date1904 };
}
