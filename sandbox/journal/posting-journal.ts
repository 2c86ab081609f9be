import type { Cents } from '../../src/money/index.js';
import { newUuid } from '../ids.js';
import type { JournalEntryRecord, JournalLine, JournalSourceType } from '../state/records.js';

export interface PostingInput {
  date: string;
  memo: string;
  referenceNumber?: string | null;
  source: { type: JournalSourceType; uuid: string };
  lines: JournalLine[];
}

/**
 * The double-entry journal of one workspace: every document posts balanced entries here, and every
 * report is computed from these lines. Running balances and line counts per account are kept as
 * entries come and go, so `includeBalances` and the delete rules never rescan the journal.
 */
export class Journal {
  readonly entries = new Map<string, JournalEntryRecord>();
  private readonly balances = new Map<string, Cents>();
  private readonly lineCounts = new Map<string, number>();
  private lines = 0;

  /** Posts a balanced entry and returns its id. Zero lines are dropped; an unbalanced entry throws. */
  post(input: PostingInput, createdAt: string): string {
    const lines = input.lines.filter((line) => line.debit !== 0n || line.credit !== 0n);
    let debits = 0n;
    let credits = 0n;
    for (const line of lines) {
      debits += line.debit;
      credits += line.credit;
    }
    if (debits !== credits) {
      throw new Error(`unbalanced journal entry: debits ${debits} credits ${credits}`);
    }
    const entry: JournalEntryRecord = {
      id: newUuid(),
      date: input.date,
      memo: input.memo,
      referenceNumber: input.referenceNumber ?? null,
      source: input.source,
      lines,
      createdAt,
    };
    this.add(entry);
    return entry.id;
  }

  /** Removes an entry (a document unposted, a payment unassigned). Unknown ids are ignored. */
  remove(entryId: string | null): void {
    if (!entryId) return;
    const entry = this.entries.get(entryId);
    if (!entry) return;
    this.entries.delete(entryId);
    for (const line of entry.lines) this.count(line, -1);
  }

  /** Adds an already-built entry (restoring a snapshot). */
  add(entry: JournalEntryRecord): void {
    this.entries.set(entry.id, entry);
    for (const line of entry.lines) this.count(line, 1);
  }

  private count(line: JournalLine, direction: 1 | -1): void {
    const delta = line.debit - line.credit;
    const account = line.accountUuid;
    this.balances.set(
      account,
      (this.balances.get(account) ?? 0n) + (direction === 1 ? delta : -delta),
    );
    this.lineCounts.set(account, (this.lineCounts.get(account) ?? 0) + direction);
    this.lines += direction;
  }

  /** Debits minus credits on the account, all dates. */
  debitBalance(accountUuid: string): Cents {
    return this.balances.get(accountUuid) ?? 0n;
  }

  lineCount(accountUuid: string): number {
    return this.lineCounts.get(accountUuid) ?? 0;
  }

  totalLines(): number {
    return this.lines;
  }
}

/** A debit line. */
export function debit(accountUuid: string, amount: Cents, description = ''): JournalLine {
  return amount >= 0n
    ? { accountUuid, debit: amount, credit: 0n, description }
    : { accountUuid, debit: 0n, credit: -amount, description };
}

/** A credit line. */
export function credit(accountUuid: string, amount: Cents, description = ''): JournalLine {
  return amount >= 0n
    ? { accountUuid, debit: 0n, credit: amount, description }
    : { accountUuid, debit: -amount, credit: 0n, description };
}
