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

/** The first date of a file that only day-first fits, and the first that only month-first fits. */
interface FileEvidence {
  DMY?: DateEvidence;
  MDY?: DateEvidence;
}

/** The order a file's dates are read in, and what decided it. */
export type DateDecision =
  | { order: DateOrder; by: 'override' }
  /** Every date of the file that only one order fits fits this one. */
  | { order: DateOrder; by: 'file'; evidence: DateEvidence }
  /** The file has no such date: every other file of the folder that has one agrees on it. */
  | { order: DateOrder; by: 'folder'; evidence: DateEvidence }
  /** Some of the file's dates fit only day-first and others only month-first: no order. */
  | { by: 'conflict'; dayFirst: DateEvidence; monthFirst: DateEvidence };

/**
 * The date order of each file of an export folder. The override file's "dateFormat" decides every
 * file. Otherwise only a date that one order alone fits is evidence (`13/04/2024`; never
 * `08/08/2026` nor `08/01/2026`), and a file's order comes from all of its evidence: one order
 * decides, both orders are a conflict. A file with no evidence of its own takes the order every
 * other file with evidence agrees on, with a note. Dates both orders allow are read only once the
 * file was scanned (src/sources/source-environment.ts, `settleDateOrder`), so no early date decides
 * alone; a conflict found later still reaches the file's problem.
 */
export class DateOrderState {
  private readonly own = new Map<string, FileEvidence>();
  /** Files whose dates were all scanned (up to the scan's bound) for evidence. */
  readonly scannedFiles = new Set<string>();
  /** True once every file of the folder was scanned for the fallback. */
  folderScanned = false;
  /** Per file: rows left unread because their dates are ambiguous and nothing decides. */
  readonly unreadRows = new Map<string, { count: number; first: DateSighting }>();
  /** Per file: rows left unread because the file's own dates disagree on the order. */
  readonly conflictRows = new Map<string, { count: number; first: DateSighting }>();
  /** Per file: ambiguous dates read in the order another file showed. */
  readonly assumedRows = new Map<string, { count: number; first: DateSighting }>();
  private readonly conflictsReported = new Set<string>();

  constructor(readonly configured?: DateOrder) {}

  /** Records a date only one order fits as evidence of its file's order. */
  witness(order: DateOrder, sighting: DateSighting): void {
    if (order === 'YMD') return;
    const file = sighting.location.file;
    let evidence = this.own.get(file);
    if (!evidence) {
      evidence = {};
      this.own.set(file, evidence);
    }
    evidence[order] ??= { ...sighting, order };
  }

  /** The order a file is read in, undefined while nothing decides it. */
  decision(file: string): DateDecision | undefined {
    if (this.configured !== undefined) return { order: this.configured, by: 'override' };
    const own = this.own.get(file);
    if (own?.DMY && own.MDY) return { by: 'conflict', dayFirst: own.DMY, monthFirst: own.MDY };
    const evidence = own?.DMY ?? own?.MDY;
    if (evidence) return { order: evidence.order, by: 'file', evidence };
    if (!this.settled(file)) return undefined;
    const folder = this.folderEvidence();
    return folder && { order: folder.order, by: 'folder', evidence: folder };
  }

  /** True when a file's own dates show both orders. */
  hasBothOrders(file: string): boolean {
    const own = this.own.get(file);
    return own?.DMY !== undefined && own.MDY !== undefined;
  }

  /** True when scanning can tell no more about this file's order. */
  settled(file: string): boolean {
    return this.scannedFiles.has(file) && this.folderScanned;
  }

  /** True once the file has evidence of its own. */
  hasEvidence(file: string): boolean {
    const own = this.own.get(file);
    return own?.DMY !== undefined || own?.MDY !== undefined;
  }

  /**
   * The order the folder's files with evidence agree on (the first date that showed it), or
   * undefined when none has evidence or they disagree.
   */
  folderEvidence(): DateEvidence | undefined {
    let agreed: DateEvidence | undefined;
    for (const evidence of this.own.values()) {
      if (evidence.DMY && evidence.MDY) return undefined;
      const one = evidence.DMY ?? evidence.MDY;
      if (!one) continue;
      if (agreed && agreed.order !== one.order) return undefined;
      agreed ??= one;
    }
    return agreed;
  }

  /** Two files of the folder that disagree on the order, for the message when neither decides. */
  folderDisagreement(): { dayFirst: DateEvidence; monthFirst: DateEvidence } | undefined {
    let dayFirst: DateEvidence | undefined;
    let monthFirst: DateEvidence | undefined;
    for (const evidence of this.own.values()) {
      dayFirst ??= evidence.DMY;
      monthFirst ??= evidence.MDY;
    }
    return dayFirst && monthFirst ? { dayFirst, monthFirst } : undefined;
  }

  countUnread(file: string, sighting: DateSighting): void {
    count(
      this.decision(file)?.by === 'conflict' ? this.conflictRows : this.unreadRows,
      file,
      sighting,
    );
  }

  countAssumed(file: string, sighting: DateSighting): void {
    count(this.assumedRows, file, sighting);
  }

  /** True the first time it is asked for a file whose dates disagree (one problem per file). */
  takeConflict(file: string): boolean {
    if (this.configured !== undefined || !this.hasBothOrders(file)) return false;
    if (this.conflictsReported.has(file)) return false;
    this.conflictsReported.add(file);
    return true;
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
