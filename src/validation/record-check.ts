import {
  formatLocation,
  type LedgerRecord,
  type Problem,
  type Severity,
  type SourceLocation,
  recordKey,
} from '../ledger/index.js';
import { formatCents, type Cents } from '../money/index.js';
import { problemOf, type ProblemCode } from '../ledger/problem-catalog.js';
import type { ValidationSettings, ValidationState } from './validation-state.js';

/** The record being checked and where its problems go, each naming the record and a location. */
export class RecordCheck {
  readonly problems: Problem[] = [];
  readonly key: string;
  /** The record as it goes on, when checking resolved something in it (a payment's documents). */
  resolved: LedgerRecord | undefined;

  constructor(
    readonly record: LedgerRecord,
    readonly state: ValidationState,
    readonly settings: ValidationSettings,
  ) {
    this.key = recordKey(record);
  }

  add(code: ProblemCode, message: string, location?: SourceLocation, severity?: Severity): void {
    this.problems.push(
      problemOf(code, message, {
        location: location ?? this.record.value.source,
        entity: this.record.entity,
        key: this.key,
        ...(severity ? { severity } : {}),
      }),
    );
  }

  /** Reports a second record with the same key, naming where the first one is; true for it. */
  unique(): boolean {
    const first = this.state.register(this.record.entity, this.key, this.record.value.source);
    if (!first) return false;
    this.add(
      'key.duplicate',
      `${label(this.record.entity)} "${this.key}" appears twice: first at ${formatLocation(first)}, again at ${formatLocation(this.record.value.source)}. Keys must be unique (and rows of one document together); remove or renumber one.`,
    );
    return true;
  }

  account(key: string | undefined, what: string, location?: SourceLocation): void {
    if (key === undefined || this.state.accounts.has(key)) return;
    this.add(
      'reference.unknown-account',
      `${what} "${key}" is not in the chart of accounts. Add the account or correct the reference.`,
      location,
    );
  }

  /** Dates after the migration window are errors; before the cutover the caller decides. */
  notAfterEnd(date: string, what: string): void {
    const end = this.settings.endDate;
    if (date > this.state.latestActivity) this.state.latestActivity = date;
    if (end !== undefined && date > end) {
      this.add(
        'date.after-end',
        `${what} is dated ${date}, after the migration end date ${end}. Remove it from the export or move the end date.`,
      );
    }
  }
}

const labels: Record<LedgerRecord['entity'], string> = {
  account: 'Account',
  customer: 'Customer',
  vendor: 'Vendor',
  product: 'Product',
  'opening-balance': 'The opening balance of account',
  invoice: 'Document',
  bill: 'Document',
  'bank-transaction': 'Bank transaction',
  'customer-payment': 'Customer payment',
  'vendor-payment': 'Vendor payment',
  'credit-application': 'Credit application',
  'journal-entry': 'Journal entry',
  'trial-balance': 'The trial balance line of account',
};

function label(entity: LedgerRecord['entity']): string {
  return labels[entity];
}

/** Money for messages: "1,234.50". */
export function money(cents: Cents): string {
  const plain = formatCents(cents);
  const [whole = '0', fraction = '00'] = plain.replace('-', '').split('.');
  return `${plain.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
