import { cellText, type RawRow } from '../cell.js';
import { normalizeHeader, type ColumnSpec } from './column-spec.js';

export interface HeaderMatch {
  /** Column id → index of its cell. */
  indexes: Map<string, number>;
  /** Column id → the header text as written in the file. */
  names: Map<string, string>;
  /** Required column ids the row lacks. */
  missing: string[];
  /** Column ids matched by more than one header cell, with the cells' texts. */
  duplicates: Map<string, string[]>;
  /** How many non-blank headers matched: the row's score as a header candidate. */
  score: number;
}

/** Matches one row of cells against the columns a mapping expects. */
function matchHeader(cells: readonly string[], columns: readonly ColumnSpec[]): HeaderMatch {
  const normalized = cells.map(normalizeHeader);
  const indexes = new Map<string, number>();
  const names = new Map<string, string>();
  const duplicates = new Map<string, string[]>();
  let score = 0;
  for (const column of columns) {
    const wanted = new Set(column.headers.map(normalizeHeader));
    // A named header wins over a blank one ("" stands for the unnamed first column of reports).
    const named = wanted.has('') ? new Set([...wanted].filter(Boolean)) : wanted;
    let hits: number[] = [];
    normalized.forEach((header, index) => {
      if (named.has(header)) hits.push(index);
    });
    if (hits.length === 0 && wanted.has('')) {
      const blank = normalized.indexOf('');
      if (blank >= 0) hits = [blank];
    }
    const [first] = hits;
    if (first === undefined) continue;
    indexes.set(column.id, first);
    names.set(column.id, cells[first]?.trim() || `column ${first + 1}`);
    if (normalized[first] === '') continue;
    score += 1;
    if (hits.length > 1)
      duplicates.set(
        column.id,
        hits.map((index) => cells[index] ?? ''),
      );
  }
  const missing = columns
    .filter((column) => column.required && !indexes.has(column.id))
    .map((column) => column.id);
  return { indexes, names, missing, duplicates, score };
}

/** Scores a row of cells as a header: the number of expected columns it names. */
export function headerScorer(columns: readonly ColumnSpec[]) {
  return (cells: string[]): number => matchHeader(cells, columns).score;
}

export interface HeaderSearch {
  header?: { row: RawRow; match: HeaderMatch };
  /** The row that came closest, when none has every required column. */
  closest?: { row: RawRow; match: HeaderMatch };
}

/**
 * Finds the header among the first rows: the first row holding every required column (report
 * exports put title rows above it). Otherwise returns the closest candidate for the error message.
 */
export function findHeader(rows: readonly RawRow[], columns: readonly ColumnSpec[]): HeaderSearch {
  let closest: HeaderSearch['closest'];
  for (const row of rows) {
    const match = matchHeader(row.cells.map(cellText), columns);
    if (match.missing.length === 0 && match.score > 0) return { header: { row, match } };
    if (match.score > 0 && (!closest || match.score > closest.match.score)) {
      closest = { row, match };
    }
  }
  return closest ? { closest } : {};
}
