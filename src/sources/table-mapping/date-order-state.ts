import type { SourceLocation } from '../../ledger/index.js';
import type { DateOrder } from '../values/parse-date.js';

/** An example date and where it was read, for messages. */
export interface DateSighting {
  text: string;
  location: SourceLocation;
}

/**
 * The date order of one export folder. It comes from the override file, or from the first date whose
 * day is above 12 (only one order fits it). When every date could be read both ways the order stays
 * unknown: the readers refuse to guess and report date.ambiguous-format once per file.
 */
export class DateOrderState {
  order: DateOrder | undefined;
  /** The date that decided the order, when it was detected rather than configured. */
  evidence: DateSighting | undefined;
  /** True once the folder was scanned and no date decided the order. */
  ambiguous = false;
  /** Per file: rows left unread because their dates are ambiguous. */
  readonly unreadRows = new Map<string, { count: number; first: DateSighting }>();

  constructor(configured?: DateOrder) {
    this.order = configured;
  }

  decide(order: DateOrder, evidence: DateSighting): void {
    if (this.order !== undefined) return;
    this.order = order;
    this.evidence = evidence;
  }

  countUnread(file: string, sighting: DateSighting): void {
    const seen = this.unreadRows.get(file);
    if (seen) seen.count += 1;
    else this.unreadRows.set(file, { count: 1, first: sighting });
  }
}

/** How the override file spells each date order. */
export const dateFormatNames: Record<DateOrder, string> = {
  DMY: 'DD/MM/YYYY',
  MDY: 'MM/DD/YYYY',
  YMD: 'YYYY-MM-DD',
};
