import { extname } from 'node:path';
import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { normalizeHeader } from './column-spec.js';

/** Extensions a table's export could carry, readable or not: stripped to find the name under them. */
const DATA_EXTENSIONS = new Set([
  '.csv',
  '.txt',
  '.tsv',
  '.xlsx',
  '.xlsm',
  '.xls',
  '.xlsb',
  '.ods',
  '.numbers',
]);

/** What browsers and file managers add to a second copy: "(1)", " - Copy", " copy 2", "Copy of ". */
const COPY_MARKS = [
  /^copy of\s+/i,
  /\s*\(\d{1,3}\)$/,
  /\s*-\s*copy(\s*\(\d{1,3}\))?$/i,
  /\s+copy(\s+\d{1,3})?$/i,
];

/** A file named almost like a table's: a copy's mark, two extensions, or a format not read. */
export interface NearMiss {
  file: string;
  /** The name it would be read under. */
  rename: string;
  why: 'copy' | 'extensions' | 'format';
}

/** The files a table could be read from by their names. */
export interface NameCandidates {
  /** Named exactly like the table, with an extension the readers take. */
  exact: string[];
  nearMisses: NearMiss[];
}

/** The name under a file's extensions, and the extensions in the file's order. */
function splitName(file: string): { stem: string; extensions: string[] } {
  let stem = file;
  const extensions: string[] = [];
  for (let extension = extname(stem); DATA_EXTENSIONS.has(extension.toLowerCase());) {
    extensions.unshift(extension);
    stem = stem.slice(0, stem.length - extension.length);
    extension = extname(stem);
  }
  return { stem, extensions };
}

function withoutCopyMarks(stem: string): string {
  let name = stem;
  for (let changed = true; changed;) {
    changed = false;
    for (const mark of COPY_MARKS) {
      const next = name.replace(mark, '');
      if (next !== name && next.trim() !== '') [name, changed] = [next, true];
    }
  }
  return name.trim();
}

/**
 * Sorts the folder's files against a table's names (compared without case, spaces or punctuation):
 * those named exactly like it with a readable extension, and near misses a consultant would take
 * for it (`customers (1).csv`, `customers.csv.txt`, `customers.ods`), which are not read.
 */
export function nameCandidates(
  files: readonly string[],
  fileNames: readonly string[],
  readable: (extension: string) => boolean,
): NameCandidates {
  const wanted = new Set(fileNames.map(normalizeHeader));
  const exact: string[] = [];
  const nearMisses: NearMiss[] = [];
  for (const file of files) {
    const { stem, extensions } = splitName(file);
    const [first] = extensions;
    if (first === undefined) continue;
    const original = withoutCopyMarks(stem);
    if (!wanted.has(normalizeHeader(original))) continue;
    const copied = original !== stem;
    if (!copied && extensions.length === 1 && readable(first.toLowerCase())) {
      exact.push(file);
      continue;
    }
    const kept = extensions.find((extension) => readable(extension.toLowerCase()));
    const why = copied ? 'copy' : kept ? 'extensions' : 'format';
    nearMisses.push({ file, rename: `${original}${kept ?? '.xlsx'}`, why });
  }
  return { exact, nearMisses };
}

/**
 * The problems of a table's file search: more than one file it could be read from (an error: the
 * others are not read), and each near miss (a warning saying what to rename it).
 */
export function candidateProblems(
  tableId: string,
  read: string | undefined,
  others: readonly string[],
  nearMisses: readonly NearMiss[],
): Problem[] {
  const label = tableId.replace(/_/g, ' ');
  const problems: Problem[] = [];
  if (read !== undefined && others.length > 0) {
    const names = [read, ...others].map((file) => `"${file}"`);
    const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
    problems.push(
      problemOf(
        'file.duplicate',
        `${list} could each be the ${label} export; only "${read}" was read. Remove ${others.length === 1 ? 'the other one' : 'the others'} from the export folder, or name the file to read under "files" → "${tableId}" in the override file.`,
        { location: { file: read, row: 1 } },
      ),
    );
  }
  for (const miss of nearMisses) {
    if (miss.file === read || others.includes(miss.file)) continue;
    const extension = extname(miss.file);
    const advice =
      read !== undefined
        ? `only "${read}" is read. If it is a second copy of the same export, remove it; if it is the one to read, put it in place of "${read}"${miss.rename === read ? '' : ` as "${miss.rename}"`}.`
        : miss.why === 'format'
          ? `${extension} files are not read. Open it in Excel or another spreadsheet program and save it as "${miss.rename}" (Excel Workbook).`
          : `it is not read under this name. Rename it "${miss.rename}".`;
    problems.push(
      problemOf('file.near-miss', `"${miss.file}" looks like the ${label} export, but ${advice}`, {
        location: { file: miss.file, row: 1 },
      }),
    );
  }
  return problems;
}
