import type { AccountRecord, AccountType } from '../state/records.js';
import { BANK_SUB_TYPE_NAMES, subTypeById } from '../state/account-sub-types.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import type { BodyReader } from '../http/body-reader.js';

export function accountTypeOf(account: AccountRecord): AccountType {
  return subTypeById(account.subTypeId)!.type;
}

/** Accounts that can carry bank transactions: Cash and Bank, or Credit Card. */
export function isBankAccount(account: AccountRecord): boolean {
  return BANK_SUB_TYPE_NAMES.has(subTypeById(account.subTypeId)!.name);
}

/**
 * Checks that a referenced account exists and is of one of the given types (an income account for
 * an invoice line, an expense or asset for a bill line, ...), recording a field error otherwise.
 */
export function checkAccountRef(
  ws: WorkspaceData,
  reader: BodyReader,
  field: string,
  id: string | null | undefined,
  types?: readonly AccountType[],
): AccountRecord | undefined {
  if (!id) return undefined;
  const account = ws.accounts.get(id);
  if (!account) {
    reader.fail(field, 'not_found', `Account ${id} was not found in this workspace.`);
    return undefined;
  }
  if (types && !types.includes(accountTypeOf(account))) {
    reader.fail(
      field,
      'invalid_account_type',
      `Account ${account.name} must be of type ${types.join(' or ')}.`,
    );
    return undefined;
  }
  return account;
}

/** Every account a product, document line or unposted transaction points at (delete rule). */
export function accountsReferencedByDocuments(ws: WorkspaceData): Set<string> {
  const used = new Set<string>();
  for (const product of ws.products.values()) {
    used.add(product.incomeAccountUuid);
    if (product.expenseAccountUuid) used.add(product.expenseAccountUuid);
  }
  for (const invoice of ws.invoices.values()) {
    for (const line of invoice.lines) used.add(line.categoryAccountUuid);
  }
  for (const bill of ws.bills.values()) {
    for (const line of bill.lineItems) used.add(line.categoryAccountUuid);
  }
  for (const transaction of ws.transactions.values()) {
    used.add(transaction.accountUuid);
    if (transaction.categoryAccountUuid) used.add(transaction.categoryAccountUuid);
  }
  return used;
}
