import { centsOf, formatCents, lineAmountCents, sumCents } from '../../money/index.js';
import {
  API_TEXT_LIMITS,
  apiDecimal,
  cutText,
  type PurchaseDocument,
  type SalesDocument,
} from '../../ledger/index.js';
import type { References } from '../outcomes/references.js';

/** A document line as both invoice and bill routes need it, references resolved. */
export interface ResolvedLine {
  name: string;
  description: string;
  quantity: string;
  unitPrice: string;
  accountUuid: string;
  productUuid?: string;
}

/**
 * Quantity and unit price as sent: the API computes quantity × unit price (rounded to cents), so
 * when the legacy line amount is not exactly that (a discount, a different rounding), the line is
 * sent as one unit at its amount, which keeps the document total exact. So is a line whose
 * quantity or price has more than the four decimal places the API takes (a Xero discount of 12.5%
 * on 19.99 is a price of 17.49125).
 */
function pricing(line: SalesDocument['lines'][number]): { quantity: string; unitPrice: string } {
  return apiDecimal(line.quantity) &&
    apiDecimal(line.unitPrice) &&
    lineAmountCents(line.quantity, line.unitPrice) === centsOf(line.amount)
    ? { quantity: line.quantity, unitPrice: line.unitPrice }
    : { quantity: '1', unitPrice: line.amount };
}

/**
 * A line's name and description as the API takes them: the name (required on a free-text line) is
 * the description cut to 255 characters, the description at most 4,000 (validation notes a cut
 * that loses text, `api.value-adapted`).
 */
function texts(name: string, description: string): { name: string; description: string } {
  return {
    name: cutText(name, API_TEXT_LIMITS.lineName) || 'Item',
    description: cutText(description, API_TEXT_LIMITS.lineDescription),
  };
}

/**
 * The lines to send for a document.
 *
 * - Documents dated on or after the cutover keep their lines and accounts; their tax becomes one
 *   explicit line (the API's tax entries are not specified; an explicit line posts exactly the legacy
 *   tax): on the tax account for bills, on the clearing account for invoices (reclassified later).
 * - Documents open at the cutover post only against the clearing account: all their lines when
 *   nothing was settled before the cutover, else one line for the amount still open.
 * - The `reclassified` lines of a sales document (by index) go to the clearing account too: the API
 *   takes a sales line only on an Income account, and the invoices step's reclassification moves
 *   each to its own account (src/migration/handlers/sales-line-accounts.ts).
 */
export function documentLines(
  document: SalesDocument | PurchaseDocument,
  refs: References,
  outstandingAtCutover: string | undefined,
  reclassified: readonly number[] = [],
): ResolvedLine[] | { missing: string } {
  const taxTotal = sumCents(document.lines.map((line) => centsOf(line.taxAmount)));
  const taxLine = (accountUuid: string): ResolvedLine[] =>
    taxTotal === 0n
      ? []
      : [
          {
            name: 'Tax',
            description:
              [...new Set(document.lines.map((l) => l.taxCode).filter(Boolean))].join(', ') ||
              'Tax',
            quantity: '1',
            unitPrice: formatCents(taxTotal),
            accountUuid,
          },
        ];

  if (outstandingAtCutover !== undefined) {
    const clearing = refs.clearing();
    if (!clearing) return { missing: 'the conversion clearing account was not created' };
    if (centsOf(outstandingAtCutover) !== centsOf(document.total)) {
      return [
        {
          name: 'Balance at cutover',
          description: `Open balance of ${document.number} at the cutover (original total ${document.total})`,
          quantity: '1',
          unitPrice: outstandingAtCutover,
          accountUuid: clearing,
        },
      ];
    }
    return [
      ...document.lines.map((line) => ({
        ...texts(line.description, line.description),
        ...pricing(line),
        accountUuid: clearing,
      })),
      ...taxLine(clearing),
    ];
  }

  const lines: ResolvedLine[] = [];
  for (const [index, line] of document.lines.entries()) {
    const own = refs.account(line.accountKey);
    if (!own) return { missing: `its line account ${line.accountKey} was not migrated` };
    const accountUuid = reclassified.includes(index) ? refs.clearing() : own;
    if (!accountUuid) return { missing: 'the conversion clearing account was not created' };
    const productUuid = line.itemKey ? refs.product(line.itemKey) : undefined;
    lines.push({
      ...texts(line.description.trim() || line.itemKey || '', line.description),
      ...pricing(line),
      accountUuid,
      ...(productUuid ? { productUuid } : {}),
    });
  }
  if (taxTotal !== 0n) {
    // Invoice lines may only post to Income accounts: sales tax goes to the (Income) clearing
    // account, and the invoices step's reclassify-tax phase moves it to the tax account.
    const sales = document.type === 'invoice' || document.type === 'credit-note';
    const taxAccount = sales ? refs.clearing() : refs.role('tax');
    if (!taxAccount)
      return { missing: `the workspace has no ${sales ? 'clearing' : 'tax'} account for its tax` };
    lines.push(...taxLine(taxAccount));
  }
  return lines;
}
