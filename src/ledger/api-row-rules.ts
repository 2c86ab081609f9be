import { accountTypeOf, type AccountKind } from './model.js';

/**
 * What the Partner Accounting API refuses in a row, stated once on the ledger's terms, so that
 * validation (what `validate` and the dry run report) and the handlers (what the live run sends)
 * read the same rule.
 */

/**
 * Whether an invoice or credit note line may post to an account of this kind: the API takes a
 * sales line only on an Income account (spec line rule 3, docs/api-assumptions.md R26). Xero takes
 * one on any account (a freight recharge coded to the freight expense account is an ordinary
 * habit), so a sales line on any other account goes to Ledgerlift's clearing account and a journal
 * moves it on (docs/accounting.md, "Sales lines on accounts other than income").
 */
export function salesLineAccepts(kind: AccountKind): boolean {
  return accountTypeOf(kind) === 'Income';
}

/** `text` cut to at most `limit` characters, never splitting a surrogate pair. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
