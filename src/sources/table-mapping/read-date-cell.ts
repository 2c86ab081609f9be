import type { IsoDate, SourceLocation } from '../../ledger/index.js';
import { cellText, type CellValue } from '../cell.js';
import {
  dateShapeOf,
  excelSerialToIso,
  isAmbiguous,
  isoOfUtcDate,
  ordersAllowed,
  resolveNumericDate,
} from '../values/parse-date.js';
import { dateFormatNames, type DateOrderState } from './date-order-state.js';
import { formatLocation } from '../../ledger/index.js';

export type DateCellResult =
  | { kind: 'date'; iso: IsoDate }
  /** Ambiguous and the folder gives no evidence: the row is left for one per-file problem. */
  | { kind: 'deferred' }
  | {
      kind: 'problem';
      code: 'date.invalid' | 'date.excel-serial' | 'xlsx.date-as-number';
      message: string;
    };

/**
 * Reads a date cell under its file's date order (date-order-state.ts). XLSX date cells are exact,
 * and a plain number is no date; text goes through dateShapeOf. A numeric date that only one order allows
 * decides the order of its file (and of files with no evidence of their own); one both orders allow
 * waits for evidence (the reader scans ahead) and is deferred when there is none.
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
  if (!isAmbiguous(shape) && allowed.length === 1 && allowed[0])
    state.decide(allowed[0], { text, location });
  const decision = state.decision(location.file);
  if (decision === undefined) {
    if (!isAmbiguous(shape) && allowed[0]) {
      const resolved = resolveNumericDate(shape, allowed[0]);
      if (resolved.ok) return { kind: 'date', iso: resolved.iso };
    }
    return { kind: 'deferred' };
  }
  const { order } = decision;
  const resolved = order === 'YMD' ? { ok: false as const } : resolveNumericDate(shape, order);
  if (resolved.ok) {
    if (decision.by === 'folder' && isAmbiguous(shape))
      state.countAssumed(location.file, { text, location });
    return { kind: 'date', iso: resolved.iso };
  }
  const why =
    decision.by === 'override'
      ? `the dateFormat ${dateFormatNames[order]} set in the override file`
      : `the ${dateFormatNames[order]} order detected from "${decision.evidence.text}" (${formatLocation(decision.evidence.location)})`;
  return invalid(
    `"${text}" is not a valid date under ${why}. Fix the date, or set "dateFormat" in the override file if the order is wrong`,
  );
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
  if (state.decision(file) !== undefined || state.settled(file)) return false;
  if (typeof cell !== 'string') return false;
  const shape = dateShapeOf(cell);
  return shape.kind === 'numeric' && isAmbiguous(shape);
}
