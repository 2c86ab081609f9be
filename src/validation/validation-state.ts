import {
  CONVERSION_CLEARING_KEY,
  type AccountKind,
  type EntityName,
  type SourceLocation,
  type SystemRole,
  type IsoDate,
} from '../ledger/index.js';
import { DocumentSummaries } from './document-summaries.js';
import { KeyIndex } from './key-index.js';

/** The migration window and base currency that validation checks records against. */
export interface ValidationSettings {
  /**
   * The first day of activity in the workspace: the opening balance is the legacy trial balance as
   * at the day before; activity on or after it comes in as documents.
   */
  cutoverDate: IsoDate;
  /** Last day of activity to migrate (the closing trial balance's date), when known. */
  endDate?: IsoDate;
  /** The workspace's currency (ISO 4217). */
  baseCurrency: string;
}

export type { DocumentSummary } from './document-summaries.js';

/**
 * The indexes validation keeps while records stream past: keys of every entity and small summaries
 * of accounts, parties and documents. Nothing else is held, so memory grows with the number of keys,
 * not with rows or lines.
 */
export class ValidationState {
  /** Entity → keys seen, with where each was first seen (packed as fileId × 2^32 + row). */
  readonly keys = new Map<EntityName, KeyIndex>();
  private readonly files: string[] = [];
  private readonly fileIds = new Map<string, number>();
  /** Ledgerlift's own clearing account is in every workspace, whatever the chart holds. */
  readonly accounts = new Map<string, AccountKind>([[CONVERSION_CLEARING_KEY, 'other-income']]);
  /** Names of the accounts Ledgerlift would create, lower-cased, with where each was first read. */
  readonly accountNames = new Map<string, SourceLocation>();
  readonly rolesSeen = new Map<SystemRole, string>();
  readonly pendingParents: { key: string; parentKey: string; location: SourceLocation }[] = [];
  readonly parties = { customer: new Map<string, string>(), vendor: new Map<string, string>() };
  readonly products = new Set<string>();
  /** Off the heap: the one index that grows with the number of documents. */
  readonly documents = new DocumentSummaries();
  readonly openingBalance: {
    debit: bigint;
    credit: bigint;
    receivable: bigint;
    payable: bigint;
    lines: number;
    /** Where its first and last lines were read: the range a consultant checks when it is off. */
    first?: SourceLocation;
    last?: SourceLocation;
  } = { debit: 0n, credit: 0n, receivable: 0n, payable: 0n, lines: 0 };
  readonly trialBalance = { debit: 0n, credit: 0n, lines: 0, asOf: new Set<string>() };
  /** The latest date of a document, payment or bank transaction (ISO, so text order is date order). */
  latestActivity = '';

  /** Registers a key; returns where it was first seen when it is a duplicate. */
  register(entity: EntityName, key: string, location: SourceLocation): SourceLocation | undefined {
    let keys = this.keys.get(entity);
    if (!keys) {
      keys = new KeyIndex();
      this.keys.set(entity, keys);
    }
    const first = keys.add(key, this.pack(location));
    return first === undefined ? undefined : this.unpack(first);
  }

  private pack(location: SourceLocation): number {
    const name =
      location.sheet === undefined ? location.file : `${location.file}\u0000${location.sheet}`;
    let id = this.fileIds.get(name);
    if (id === undefined) {
      id = this.files.length;
      this.files.push(name);
      this.fileIds.set(name, id);
    }
    return id * 2 ** 32 + location.row;
  }

  private unpack(packed: number): SourceLocation {
    const [file = '', sheet] = (this.files[Math.floor(packed / 2 ** 32)] ?? '').split('\u0000');
    const location: SourceLocation = { file, row: packed % 2 ** 32 };
    if (sheet !== undefined) location.sheet = sheet;
    return location;
  }

  /** Frees what the state keeps off the heap, once validation is over. */
  close(): void {
    this.documents.clear();
  }
}
