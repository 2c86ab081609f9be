import type { IsoDate, SourceLocation } from '../../ledger/index.js';
import { cellText, type CellValue } from '../cell.js';
import {
  dateShapeOf,
  excelSerialToIso,
  isAmbiguous,
  isoOfUtcDate,
  ordersAllowed,
  resolveNumericDate,
  type DateOrder,
} from '../values/parse-date.js';
import { dateFormatNames, type DateOrderState } from './date-order-state.js';

export type DateCellResult =
  | { kind: 'date'; iso: IsoDate }
  /** Ambiguous, and nothing decides (no evidence, or evidence of both orders): one per-file problem. */
  | { kind: 'deferred' }
  | {
      kind: 'problem';
      code: 'date.invalid' | 'date.excel-serial' | 'xlsx.date-as-number';
      message: string;
    };

/**
 * Reads a date cell under its file's date order (date-order-state.ts). XLSX date cells are exact,
 * and a plain number is no date; text goes through dateShapeOf. A numeric date that only one order
 * allows is read in that order and is evidence of its file's order; one both orders allow waits for
 * the file's order (the reader scans the file first) and is deferred when nothing decides it. The
 * override file's dateFormat decides every date, and a date it does not fit is invalid.
 */
export function readDateCell(
  cell: CellValue,
  state: DateOrderState,
  location: SourceLocation,
): DateCellResult {
  if (cell instanceof Date) {
    const iso = isoOfUtcDate(cell);
    return iso ? { kind: 'date', iso } : invalid('the cell holds an invalid date');
  }
  // A workbook's date cells come as Dates; a number is what Excel shows as a number.
  if (typeof cell === 'number') return numberNotDate(cell);
  const text = cellText(cell);
  const shape = dateShapeOf(text);
  switch (shape.kind) {
    case 'exact':
      return { kind: 'date', iso: shape.iso };
    case 'invalid':
      return invalid(`${shape.reason}; write dates like 2024-01-31`);
    case 'serial': {
      const iso = excelSerialToIso(shape.serial);
      return {
        kind: 'problem',
        code: 'date.excel-serial',
        message: `"${text}" is an Excel serial number, not a date (it would be ${iso ?? 'out of range'}). Format the column as a date in Excel before saving as CSV.`,
      };
    }
    case 'numeric':
      break;
  }
  const allowed = ordersAllowed(shape);
  if (allowed.length === 0) return invalid(`"${text}" is not a real date in any day/month order`);
  const { configured } = state;
  if (configured !== undefined) {
    const resolved =
      configured === 'YMD' ? { ok: false as const } : resolveNumericDate(shape, configured);
    if (resolved.ok) return { kind: 'date', iso: resolved.iso };
    return invalid(
      `"${text}" is not a valid date under the dateFormat ${dateFormatNames[configured]} set in the override file. Fix the date, or set "dateFormat" to the order the file is written in`,
    );
  }
  const [only, other] = allowed;
  // One order alone fits: the date is what it says, and it is evidence of its file's order.
  if (only !== undefined && other === undefined) {
    state.witness(only, { text, location });
    return resolvedDate(shape, only);
  }
  // Day equal to month ("08/08/2026") is the same date either way: no order is needed, none shown.
  if (!isAmbiguous(shape)) return resolvedDate(shape, 'DMY');
  const decision = state.decision(location.file);
  if (decision === undefined || decision.by === 'conflict') return { kind: 'deferred' };
  if (decision.by === 'folder') state.countAssumed(location.file, { text, location });
  return resolvedDate(shape, decision.order);
}

function resolvedDate(
  shape: { first: number; second: number; year: number },
  order: DateOrder,
): DateCellResult {
  const resolved = resolveNumericDate(shape, order);
  return resolved.ok ? { kind: 'date', iso: resolved.iso } : invalid('the date is not valid');
}

/**
 * A number in a workbook's date column, under no date format: Excel shows it as a number (150126),
 * so reading it as a serial date would be a guess (year 2311).
 */
function numberNotDate(cell: number): DateCellResult {
  const iso = excelSerialToIso(cell);
  return {
    kind: 'problem',
    code: 'xlsx.date-as-number',
    message: `${cellText(cell)} is a number in a cell with no date format, so Excel shows it as a number, not a date${iso ? ` (as an Excel date serial it would be ${iso})` : ''}. Type it as a date in Excel, or give the column a date format if these are date serials.`,
  };
}

function invalid(message: string): DateCellResult {
  return { kind: 'problem', code: 'date.invalid', message: `${message}.` };
}

/**
 * True when the cell is a numeric date both orders allow and its file's order is not known yet
 * (the reader must scan for it first).
 */
export function needsDateOrder(cell: CellValue, state: DateOrderState, file: string): boolean {
  if (state.configured !== undefined || state.settled(file)) return false;
  if (state.scannedFiles.has(file) && state.hasEvidence(file)) return false;
  if (typeof cell !== 'string') return false;
  const shape = dateShapeOf(cell);
  return shape.kind === 'numeric' && isAmbiguous(shape);
}
