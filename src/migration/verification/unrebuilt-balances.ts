import { centsOf, formatCents, sumCents } from '../../money/index.js';
import type { Comparison } from '../contracts/verification-report.js';
import { CLEARING, PAYABLE, RECEIVABLE } from '../accounting/posting-keys.js';

const REBUILT_BY_DOCUMENTS: ReadonlySet<string> = new Set([CLEARING, RECEIVABLE, PAYABLE]);

/**
 * Balances the exports do not rebuild are usually activity the legacy system holds but cannot
 * export (Xero's expense claims: an expense claims liability and the expense accounts it fed). The
 * advice names each account with the amount, and the manual journal that would rebuild them: a
 * line per account, debit where the migrated books fall short of the legacy debit balance, credit
 * where they fall short of the credit. Receivables, payables and the clearing account are left out:
 * documents rebuild them, a journal cannot.
 *
 * `ledgerAgainstLegacy` is the migrated ledger against the legacy trial balance (verify-books.ts),
 * the same for a dry run and a live run, so validate's advice is the live run's.
 */
export function unrebuiltBalancesAdvice(
  ledgerAgainstLegacy: readonly Comparison[],
  endDate: string,
): string | undefined {
  const lines = ledgerAgainstLegacy.filter(
    (line) => line.difference !== '0.00' && !REBUILT_BY_DOCUMENTS.has(line.key),
  );
  if (lines.length === 0) return undefined;
  // difference = migrated − legacy (debit positive): the journal posts the opposite.
  const journal = lines.map((line) => {
    const missing = -centsOf(line.difference);
    return {
      name: line.name,
      side: missing > 0n ? 'Dr' : 'Cr',
      amount: formatCents(missing > 0n ? missing : -missing),
    };
  });
  const net = sumCents(lines.map((line) => centsOf(line.difference)));
  const accounts = journal.map((line) => `${line.name} ${line.side} ${line.amount}`).join('; ');
  const balance =
    net === 0n
      ? 'These lines balance'
      : `These lines do not balance (by ${formatCents(net < 0n ? -net : net)}): the rest of the difference is on receivables, payables or the clearing account, which documents rebuild, so look there too`;
  return `The exports do not rebuild ${lines.length === 1 ? 'the balance of 1 account' : `the balances of ${lines.length} accounts`} at ${endDate} (the journal that would: ${accounts}). Activity the legacy system cannot export, such as Xero's expense claims, lands here. ${balance}. Add them to the exports as one manual journal dated on or before ${endDate} (for Xero, a "Manual Journals.csv" in Xero's manual journal layout: *Narration,*Date,*Description,*AccountCode,*TaxRate,*Amount, a positive amount for a debit) and validate again.`;
}
