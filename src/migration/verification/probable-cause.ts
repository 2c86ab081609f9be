import { formatCents, type Cents } from '../../money/index.js';
import { CLEARING } from '../accounting/posting-keys.js';

/** What is known about a run when a difference is explained. */
export interface CauseContext {
  mode: 'live' | 'dry-run';
  endDate: string;
  /** The day before the cutover: the date the opening balance must be at. */
  openingDate: string;
  /** The exports hold a legacy trial balance, but not at the end date. */
  undatedLegacy: boolean;
  hasOpeningBalance: boolean;
  clearing: Cents;
  /** Per account key: the migrated ledger's own books less the legacy trial balance. */
  ledgerDifference: (key: string) => Cents;
}

/**
 * A probable cause, in words, for a difference the verification found on an account (the first
 * rule that applies), or undefined when nothing is known. The rules follow how the books are built
 * (docs/accounting.md): an opening balance at the day before the cutover, documents open at the
 * cutover through the clearing account, and everything after the cutover posted as it is.
 */
export function accountCause(
  key: string,
  difference: Cents,
  context: CauseContext,
): string | undefined {
  if (difference === 0n) return undefined;
  if (context.undatedLegacy) {
    return `The legacy trial balance is not dated ${context.endDate}, so there is no legacy figure at the end date to compare with (a cutover or end date that does not match the trial balance's date).`;
  }
  if (key === CLEARING) {
    return 'The clearing account is not zero: the invoices and bills open at the cutover that were migrated do not add up to the receivables and payables of the opening balance (a conversion document failed or was skipped, or the legacy exports disagree with themselves).';
  }
  if (key.startsWith('uuid:')) {
    return 'A workspace account that is not from the legacy ledger holds a balance: something was posted to it outside the migration.';
  }
  if (!context.hasOpeningBalance) {
    return `No opening balance was migrated: export the Trial Balance as at ${context.openingDate}, the day before the cutover, so the balances from before the cutover come in.`;
  }
  if ((key === '@receivable' || key === '@payable') && context.clearing !== 0n) {
    return 'Follows from the clearing account not being zero: the open documents rebuilt in the workspace do not add up to the legacy balance.';
  }
  const ledger = context.ledgerDifference(key);
  if (key === '@tax' && (context.mode === 'dry-run' || ledger === difference)) {
    return `Tax: the tax on the documents migrated differs from the legacy tax account by ${formatCents(ledger)} (tax rates or tax-inclusive amounts computed otherwise, or tax payments and returns recorded as journals the exports do not hold).`;
  }
  if (context.mode === 'dry-run' || ledger === difference) {
    return `The exports do not rebuild this balance: the migrated ledger itself differs from the legacy trial balance by ${formatCents(ledger)} (a journal, a record missing from the exports, or a transaction type Ledgerlift does not migrate).`;
  }
  if (ledger === 0n) {
    return 'The workspace differs from what the migration posted: a failed or skipped row on this account, or a change made in the workspace during the run.';
  }
  return undefined;
}

/** A probable cause for a receivable or payable that differs for one counterparty. */
export function counterpartyCause(
  entity: 'customer' | 'vendor',
  difference: Cents,
  estimated = false,
): string | undefined {
  if (difference === 0n) return undefined;
  if (estimated) {
    const report = entity === 'customer' ? 'Aged Receivables Detail' : 'Aged Payables Detail';
    return `The base values of this ${entity}'s foreign documents were estimated from the trial balance: export ${report} for each document's own value.`;
  }
  const documents = entity === 'customer' ? 'invoices, credit notes' : 'bills, vendor credits';
  return `The ${documents} or payments of this ${entity} in the workspace differ from the legacy open items: one of them failed or was skipped (see the failed and skipped rows).`;
}
