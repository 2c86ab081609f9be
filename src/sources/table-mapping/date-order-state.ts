import type { SourceLocation } from '../../ledger/index.js';
import type { DateOrder } from '../values/parse-date.js';

/** An example date and where it was read, for messages. */
export interface DateSighting {
  text: string;
  location: SourceLocation;
}

/** A date only one order fits ("02/13/2026"), and that order. */
export interface DateEvidence extends DateSighting {
  order: DateOrder;
}

/** The order a file's dates are read in, and what decided it. */
export type DateDecision =
  | { order: DateOrder; by: 'override' }
  /** The file's own first date with a day above 12. */
  | { order: DateOrder; by: 'file'; evidence: DateEvidence }
  /** Every date of the file reads both ways: another file of the folder decided. */
  | { order: DateOrder; by: 'folder'; evidence: DateEvidence };

/**
 * The date order of each file of an export folder. The override file's "dateFormat" decides every
 * file. Otherwise a file's first date whose day is above 12 (only one order fits it) decides that
 * file; a file whose every date could be read both ways takes the order another file of the folder
 * shows, with a note. When no date anywhere settles it the readers refuse to guess and report
 * date.ambiguous-format once per file.
 */
export class DateOrderState {
  private readonly own = new Map<string, DateEvidence>();
  /** The first date of the folder that showed an order: what files with no evidence fall back on. */
  private folderEvidence: DateEvidence | undefined;
  /** Files whose dates were all scanned for evidence of their own. */
  readonly scannedFiles = new Set<string>();
  /** True once the folder was scanned for the fallback (found or not). */
  folderScanned = false;
  /** Per file: rows left unread because their dates are ambiguous. */
  readonly unreadRows = new Map<string, { count: number; first: DateSighting }>();
  /** Per file: ambiguous dates read in the order another file showed. */
  readonly assumedRows = new Map<string, { count: number; first: DateSighting }>();

  constructor(readonly configured?: DateOrder) {}

  /** Records a date only one order fits: it decides its file (if nothing did) and the fallback. */
  decide(order: DateOrder, sighting: DateSighting): void {
    const evidence = { ...sighting, order };
    if (!this.own.has(sighting.location.file)) this.own.set(sighting.location.file, evidence);
    this.folderEvidence ??= evidence;
  }

  /** The order a file is read in, undefined while unknown. */
  decision(file: string): DateDecision | undefined {
    if (this.configured !== undefined) return { order: this.configured, by: 'override' };
    const own = this.own.get(file);
    if (own) return { order: own.order, by: 'file', evidence: own };
    if (this.settled(file) && this.folderEvidence)
      return { order: this.folderEvidence.order, by: 'folder', evidence: this.folderEvidence };
    return undefined;
  }

  /** True when scanning can tell no more about this file's order. */
  settled(file: string): boolean {
    return this.scannedFiles.has(file) && this.folderScanned;
  }

  /** True once some date of the folder showed an order. */
  get hasFolderEvidence(): boolean {
    return this.folderEvidence !== undefined;
  }

  countUnread(file: string, sighting: DateSighting): void {
    count(this.unreadRows, file, sighting);
  }

  countAssumed(file: string, sighting: DateSighting): void {
    count(this.assumedRows, file, sighting);
  }
}

function count(
  counts: Map<string, { count: number; first: DateSighting }>,
  file: string,
  sighting: DateSighting,
): void {
  const seen = counts.get(file);
  if (seen) seen.count += 1;
  else counts.set(file, { count: 1, first: sighting });
}

/** How the override file spells each date order. */
export const dateFormatNames: Record<DateOrder, string> = {
  DMY: 'DD/MM/YYYY',
  MDY: 'MM/DD/YYYY',
  YMD: 'YYYY-MM-DD',
};
