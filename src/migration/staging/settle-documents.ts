import { centsOf, formatCents, type Cents } from '../../money/index.js';
import { legacyBaseOf } from '../../ledger/index.js';
import { outstandingAtCutover } from '../accounting/conversion.js';
import { documentSign, postConversionDocument } from '../accounting/post-records.js';
import type { DocumentFactsEntry, Projection } from '../contracts/stage-manifest.js';
import { settledOf } from './settled-text.js';
import type { StagedBooks } from './staged-books.js';

/**
 * Decides each document's conversion amount (open at the cutover) and what should be due at the
 * end date, posts conversion documents, sums the expected aging per counterparty, and gives each
 * document's completed facts to `write`.
 */
export async function settleDocuments(
  { documents, settlements, books, baseCurrency }: StagedBooks,
  cutoverDate: string,
  write: (entry: DocumentFactsEntry) => Promise<void>,
): Promise<{
  aging: Projection['aging'];
  settledBeforeCutover: { invoices: number; bills: number };
}> {
  const aging = { receivable: new Map<string, Cents>(), payable: new Map<string, Cents>() };
  const settledBeforeCutover = { invoices: 0, bills: 0 };
  for (const [id, { document, facts }] of documents.entries()) {
    const settled = settledOf(settlements.get(id));
    let open: Cents;
    if (document.date < cutoverDate) {
      const { outstanding } = outstandingAtCutover(document, settled);
      facts.outstandingAtCutover = formatCents(outstanding);
      if (outstanding > 0n) postConversionDocument(books, document, outstanding, baseCurrency);
      else settledBeforeCutover[facts.entity === 'invoice' ? 'invoices' : 'bills'] += 1;
      open = outstanding - (settled.fromCutover - settled.afterEnd);
    } else {
      open =
        document.status === 'draft'
          ? 0n
          : centsOf(document.total) - (settled.fromCutover - settled.afterEnd);
    }
    facts.dueAtEnd = formatCents(open);
    const side = facts.entity === 'invoice' ? aging.receivable : aging.payable;
    // In base currency, at the document's legacy value (src/ledger/base-value.ts).
    const openInBase = baseCurrency ? legacyBaseOf(document, open, baseCurrency) : open;
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
    settledBeforeCutover,
  };
}
