import type { SourceLocation } from '../../ledger/index.js';
import type { AmountEvidence, DecimalSeparator, NumberFormat } from '../values/parse-amount.js';

/** An amount as written and where it was read, for messages. */
export interface AmountSighting {
  text: string;
  location: SourceLocation;
}

/** The first amount of a file that showed each decimal mark, and the first grouped by spaces. */
interface FileEvidence {
  '.'?: AmountSighting;
  ','?: AmountSighting;
  spaceGroups?: AmountSighting;
}

/**
 * The number format of each file of an export folder, decided per file and never per cell. The
 * override file's "decimalSeparator" decides every file's decimal mark. Otherwise a file's amounts
 * that show their mark (`1.234,56`, `12.50`, `1,234,567`) are its evidence: one mark decides the
 * amounts that read two ways (`10.000`, `-2.500`); both marks are a conflict, and with none such
 * amounts are not read (one problem per file). Spaces group thousands only in a file with an
 * amount that shows it (`1 234,56`, `1 234 567`). Before an amount that reads two ways is read,
 * its file is scanned (src/sources/source-environment.ts); a conflict found later still reaches
 * the file's problem.
 */
export class NumberFormatState {
  private readonly own = new Map<string, FileEvidence>();
  /** The format each file's amounts are read in, rebuilt when the file shows something new. */
  private readonly formats = new Map<string, NumberFormat>();
  /** Files whose amounts were scanned (up to the scan's bound) for evidence. */
  readonly scannedFiles = new Set<string>();
  /** Per file: rows left unread because an amount reads two ways and nothing decides. */
  readonly unreadRows = new Map<string, { count: number; first: AmountSighting }>();
  /** Per file: rows left unread because the file's amounts show both decimal marks. */
  readonly conflictRows = new Map<string, { count: number; first: AmountSighting }>();
  private readonly conflictsReported = new Set<string>();
  /**
   * The decimal mark of a format that has only one (QuickBooks Desktop's IIF files): amounts
   * that read two ways are read with it when their file shows none.
   */
  formatMark: DecimalSeparator | undefined;

  constructor(readonly configured?: DecimalSeparator) {}

  /** The format a file's amounts are read in now. */
  format(file: string): NumberFormat {
    let format = this.formats.get(file);
    if (!format) {
      const own = this.own.get(file);
      const dot = own?.['.'] !== undefined;
      const comma = own?.[','] !== undefined;
      const shown = dot && comma ? undefined : dot ? '.' : comma ? ',' : this.formatMark;
      const decimal = this.configured ?? shown;
      format = {
        decimal,
        forced: this.configured !== undefined,
        spaceGroups: own?.spaceGroups !== undefined,
      };
      this.formats.set(file, format);
    }
    return format;
  }

  /** Records what an amount showed of its file's format. */
  witness(evidence: AmountEvidence, sighting: AmountSighting): void {
    const { decimal, spaceGroups } = evidence;
    if (decimal === undefined && spaceGroups === undefined) return;
    const file = sighting.location.file;
    let own = this.own.get(file);
    if (!own) {
      own = {};
      this.own.set(file, own);
    }
    if (decimal !== undefined && own[decimal] === undefined) {
      own[decimal] = sighting;
      this.formats.delete(file);
    }
    if (spaceGroups && own.spaceGroups === undefined) {
      own.spaceGroups = sighting;
      this.formats.delete(file);
    }
  }

  /** The first amount of each mark, when a file's amounts show both. */
  conflict(file: string): { dot: AmountSighting; comma: AmountSighting } | undefined {
    if (this.configured !== undefined) return undefined;
    const own = this.own.get(file);
    return own?.['.'] && own[','] ? { dot: own['.'], comma: own[','] } : undefined;
  }

  /** True once the file's amounts showed a decimal mark. */
  hasEvidence(file: string): boolean {
    const own = this.own.get(file);
    return own?.['.'] !== undefined || own?.[','] !== undefined;
  }

  countUnread(file: string, sighting: AmountSighting): void {
    const counts = this.conflict(file) ? this.conflictRows : this.unreadRows;
    const seen = counts.get(file);
    if (seen) seen.count += 1;
    else counts.set(file, { count: 1, first: sighting });
  }

  /** True the first time it is asked for a file whose amounts show both marks. */
  takeConflict(file: string): boolean {
    if (!this.conflict(file) || this.conflictsReported.has(file)) return false;
    this.conflictsReported.add(file);
    return true;
  }
}
