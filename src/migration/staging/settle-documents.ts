import { centsOf, formatCents, type Cents } from '../../money/index.js';
import {
  estimateFromTrialBalance,
  legacyBaseOf,
  legacyBaseTotal,
  type BaseEstimate,
  type PurchaseDocument,
  type SalesDocument,
} from '../../ledger/index.js';
import { outstandingAtCutover } from '../../ledger/open-at-cutover.js';
import { documentSign, postConversionDocument } from '../accounting/post-records.js';
import type { DocumentFactsEntry, Projection } from '../contracts/stage-manifest.js';
import { settledOf, type StagedBooks } from './staged-books.js';

/**
 * Decides each document's conversion amount (open at the cutover) and what should be due at the
 * end date, posts conversion documents, sums the expected aging per counterparty, and gives each
 * document's completed facts to `write`.
 */
export async function settleDocuments(
  staged: StagedBooks,
  cutoverDate: string,
  write: (entry: DocumentFactsEntry) => Promise<void>,
): Promise<{
  aging: Projection['aging'];
  agingFrom: NonNullable<Projection['agingFrom']>;
  settledBeforeCutover: { invoices: number; bills: number };
}> {
  const { documents, settlements, books, baseCurrency } = staged;
  const estimates = trialBalanceEstimates(staged, cutoverDate);
  const aging = { receivable: new Map<string, Cents>(), payable: new Map<string, Cents>() };
  const agingFrom = { receivable: new Set<string>(), payable: new Set<string>() };
  const settledBeforeCutover = { invoices: 0, bills: 0 };
  for (const [id, { document, facts }] of documents.entries()) {
    const settled = settledOf(settlements.get(id));
    let open: Cents;
    const estimate = estimates.get(`${facts.entity}:${document.key}`);
    if (estimate) facts.estimatedBaseAtCutover = formatCents(estimate.base);
    if (document.date < cutoverDate) {
      const { outstanding } = outstandingAtCutover(document, settled);
      facts.outstandingAtCutover = formatCents(outstanding);
      if (outstanding > 0n)
        postConversionDocument(books, document, outstanding, baseCurrency, estimate);
      else settledBeforeCutover[facts.entity === 'invoice' ? 'invoices' : 'bills'] += 1;
      open = outstanding - (settled.fromCutover - settled.afterEnd);
    } else {
      // Drafts never reach here: staging leaves them out (stage-record.ts).
      open = centsOf(document.total) - (settled.fromCutover - settled.afterEnd);
    }
    facts.dueAtEnd = formatCents(open);
    const sideName = facts.entity === 'invoice' ? 'receivable' : 'payable';
    const side = aging[sideName];
    if (open !== 0n) agingFrom[sideName].add(document.source.file);
    // In base currency, at the document's legacy value (src/ledger/base-value.ts).
    const openInBase = baseCurrency ? legacyBaseOf(document, open, baseCurrency, estimate) : open;
    side.set(
      facts.partyKey,
      (side.get(facts.partyKey) ?? 0n) + documentSign(document) * openInBase,
    );
    await write({ ...facts, key: document.key });
  }
  const asText = (map: Map<string, Cents>) =>
    Object.fromEntries([...map].filter(([, v]) => v !== 0n).map(([k, v]) => [k, formatCents(v)]));
  return {
    aging: { receivable: asText(aging.receivable), payable: asText(aging.payable) },
    agingFrom: {
      receivable: [...agingFrom.receivable].sort(),
      payable: [...agingFrom.payable].sort(),
    },
    settledBeforeCutover,
  };
}

/**
 * The base values of foreign documents open at the cutover that no export values: the opening
 * receivables (payables) less every other open document's base value, split over them pro rata to
 * their open amounts (src/ledger/base-value.ts, estimateFromTrialBalance; validation warns of it:
 * currency.base-value-estimated). Keyed `<entity>:<key>`; each estimate is for the document's own
 * sign (a credit's is positive when it reduces the balance).
 */
function trialBalanceEstimates(
  staged: StagedBooks,
  cutoverDate: string,
): Map<string, BaseEstimate> {
  const { documents, settlements, baseCurrency, openingControl } = staged;
  const estimates = new Map<string, BaseEstimate>();
  // A document in the base currency is its own base value: with no other currency, none is
  // estimated, and the pass over every document is not needed.
  if (baseCurrency === undefined || !staged.hasForeignDocuments) return estimates;
  const sides = {
    invoice: { known: 0n, unvalued: [] as Array<{ id: string; open: Cents; sign: Cents }> },
    bill: { known: 0n, unvalued: [] as Array<{ id: string; open: Cents; sign: Cents }> },
  };
  for (const [id, { document, facts }] of documents.entries()) {
    if (document.date >= cutoverDate) continue;
    const { outstanding } = outstandingAtCutover(document, settledOf(settlements.get(id)));
    if (outstanding === 0n) continue;
    const sign = documentSign(document);
    const side = sides[facts.entity];
    if (hasOwnBase(document, baseCurrency))
      side.known += sign * legacyBaseOf(document, outstanding, baseCurrency);
    else side.unvalued.push({ id: `${facts.entity}:${document.key}`, open: outstanding, sign });
  }
  const control = { invoice: openingControl.receivable, bill: openingControl.payable };
  for (const entity of ['invoice', 'bill'] as const) {
    const { known, unvalued } = sides[entity];
    if (unvalued.length === 0) continue;
    const shares = estimateFromTrialBalance(
      control[entity] - known,
      unvalued.map(({ open, sign }) => sign * open),
    );
    unvalued.forEach(({ id, open, sign }, index) =>
      estimates.set(id, { open, base: sign * (shares[index] ?? 0n) }),
    );
  }
  return estimates;
}

function hasOwnBase(document: SalesDocument | PurchaseDocument, baseCurrency: string): boolean {
  return legacyBaseTotal(document, baseCurrency) !== undefined;
}
