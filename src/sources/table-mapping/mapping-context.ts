import type { MappingOverrides } from '../overrides/mapping-overrides.js';
import type { Problem } from '../../ledger/index.js';
import type { DateOrderState } from './date-order-state.js';
import type { LedgerIndex } from './ledger-index.js';
import type { NumberFormatState } from './number-format-state.js';

/** The table being mapped: where it is and the title rows above its header. */
interface TableInfo {
  file: string;
  sheet?: string | undefined;
  titleLines: readonly string[];
}

/** Everything a mapping function may consult besides its rows. */
export interface MappingContext {
  overrides: MappingOverrides;
  /** Currency of documents and payments whose export carries none. */
  defaultCurrency: string | undefined;
  /** Each file's decimal mark and thousands grouping, from its own amounts or the override file. */
  numbers: NumberFormatState;
  dates: DateOrderState;
  index: LedgerIndex;
  table: TableInfo;
  /** Per-format facts gathered before mapping (e.g. which Xero contacts sell or buy). */
  facts: Map<string, unknown>;
  /** The first day of activity in the workspace, when known (src/sources/table-mapping/left-out.ts). */
  cutoverDate?: string | undefined;
  /** The verification date, when given (`--end`). */
  endDate?: string | undefined;
  /**
   * The tables (by id) whose file the folder holds, added as each is read: a mapping's last step
   * names the exports that are missing (mappings/shared/export-checklist.ts).
   */
  tablesFound: Set<string>;
  /** Kinds of transaction the consultant chose to leave out (`--skip-kind`). */
  skipKinds: ReadonlySet<string>;
  /** Reports a problem that belongs to no record (file-level). */
  report(problem: Problem): void;
}
