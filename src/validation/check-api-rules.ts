import {
  API_TEXT_LIMITS as LIMIT,
  apiDecimal,
  formatLocation,
  isApiEmail,
  productCostAccepts,
  salesLineAccepts,
  type LedgerRecord,
  type PurchaseDocument,
  type RecordOf,
  type SalesDocument,
  type SourceLocation,
} from '../ledger/index.js';
import { centsOf } from '../money/index.js';
import { money, type RecordCheck } from './record-check.js';

/**
 * The rules the Partner API enforces on a row (docs/api-assumptions.md, "Row rules"), checked on
 * the legacy record before anything is sent. A row the API would refuse whatever Ledgerlift sends
 * is an error (`api.row-refused`): it blocks the live run and is left out of the books `validate`
 * projects, so the verdict predicted is the one the live run reaches. A row Ledgerlift sends in a
 * form the API takes, the books unchanged, is a note saying how (`api.value-adapted`). The
 * handlers apply the same rules (src/ledger/api-row-rules.ts); a dry run also checks every request
 * (src/migration/handlers/request-rules.ts).
 */
export function checkApiRules(check: RecordCheck, record: LedgerRecord): void {
  switch (record.entity) {
    case 'account':
      return checkAccount(check, record.value);
    case 'customer':
    case 'vendor':
      return checkParty(check, record.value, record.entity);
    case 'product':
      return checkProduct(check, record.value);
    case 'invoice':
    case 'bill':
      return checkDocument(check, record.value);
    case 'bank-transaction':
      return checkBankLine(check, record.value);
    case 'journal-entry':
      return checkJournal(check, record.value);
    default:
      return;
  }
}

function refused(check: RecordCheck, message: string, location?: SourceLocation): void {
  check.add('api.row-refused', message, location);
}

function adapted(check: RecordCheck, message: string, location?: SourceLocation): void {
  check.add('api.value-adapted', message, location);
}

/** Texts longer than their field takes, cut: "notes (12,000 characters; the API takes 10,000)". */
function longTexts(fields: ReadonlyArray<[string, string | undefined, number]>): string[] {
  return fields.flatMap(([field, text, limit]) =>
    text !== undefined && text.trim().length > limit
      ? [`${field} (${text.trim().length} characters; the API takes ${limit})`]
      : [],
  );
}

function checkAccount(check: RecordCheck, account: RecordOf<'account'>): void {
  if (account.systemRole) return; // mapped onto the workspace's own account, never created
  const what = `Account "${account.key}"`;
  const name = account.name.trim();
  if (name.length > LIMIT.accountName)
    refused(
      check,
      `${what} has a name of ${name.length} characters; the API takes at most ${LIMIT.accountName}. Shorten it in the legacy books and export again.`,
    );
  if (account.code !== undefined && account.code.length > LIMIT.accountNumber)
    refused(
      check,
      `${what} has a code of ${account.code.length} characters; the API takes an account number of at most ${LIMIT.accountNumber}.`,
    );
  const first = check.state.accountNames.get(name.toLowerCase());
  if (first !== undefined)
    refused(
      check,
      `${what} is named "${name}", like the account at ${formatLocation(first)}; the API takes an account name once, whatever its case. Rename one of them in the legacy books and export again.`,
    );
  else check.state.accountNames.set(name.toLowerCase(), account.source);
  const cut = longTexts([['its description', account.description, LIMIT.accountDescription]]);
  if (cut.length > 0) adapted(check, `${what}: ${cut.join(', ')} is sent cut to that length.`);
}

function checkParty(
  check: RecordCheck,
  party: RecordOf<'customer'> | RecordOf<'vendor'>,
  entity: 'customer' | 'vendor',
): void {
  const what = `${entity === 'customer' ? 'Customer' : 'Vendor'} "${party.key}"`;
  const name = party.name.trim();
  if (name.length > LIMIT.name)
    refused(
      check,
      `${what} has a name of ${name.length} characters; the API takes at most ${LIMIT.name}. Shorten it in the legacy books and export again.`,
    );
  const email = party.email?.trim();
  if (email && !isApiEmail(email))
    adapted(
      check,
      `${what} has the email "${email}", which the API does not take as one address; it is sent without it${entity === 'customer' ? ', the text kept in its notes' : ''}.`,
    );
  const contactEmail = party.contactPerson?.email?.trim();
  if (entity === 'customer' && contactEmail && !isApiEmail(contactEmail))
    adapted(
      check,
      `${what}'s contact has the email "${contactEmail}", which the API does not take; the contact is sent without it.`,
    );
  const texts: Array<[string, string | undefined, number]> = [
    ['its phone', party.phone, LIMIT.phone],
    ['its website', party.website, LIMIT.name],
    [
      entity === 'customer' ? 'its tax number' : 'its tax id',
      party.taxNumber,
      entity === 'customer' ? LIMIT.term : LIMIT.taxId,
    ],
  ];
  if (entity === 'customer') {
    const address = party.billingAddress ?? {};
    const shipping = party.shippingAddress ?? {};
    texts.push(
      ['its notes', party.notes, LIMIT.notes],
      ['its payment term', party.paymentTerm, LIMIT.term],
      ...[address, shipping].flatMap((a): Array<[string, string | undefined, number]> => [
        ['a street', a.street, LIMIT.street],
        ['a city', a.city, LIMIT.place],
        ['a state', a.state, LIMIT.place],
        ['a zip code', a.zipCode, LIMIT.zipCode],
        ['a country', a.country, LIMIT.place],
      ]),
      ["its contact's first name", party.contactPerson?.firstName, LIMIT.place],
      ["its contact's last name", party.contactPerson?.lastName, LIMIT.place],
      ["its contact's phone", party.contactPerson?.phone, LIMIT.phone],
    );
  }
  const cut = longTexts(texts);
  if (cut.length > 0) adapted(check, `${what}: ${cut.join(', ')}, sent cut to that length.`);
}

function checkProduct(check: RecordCheck, product: RecordOf<'product'>): void {
  const what = `Product "${product.key}"`;
  const name = product.name.trim();
  if (name.length > LIMIT.name)
    refused(
      check,
      `${what} has a name of ${name.length} characters; the API takes at most ${LIMIT.name}. Shorten it in the legacy books and export again.`,
    );
  const { accounts } = check.state;
  const income = product.incomeAccountKey && accounts.get(product.incomeAccountKey);
  if (income && !salesLineAccepts(income))
    adapted(
      check,
      `${what} sells on account "${product.incomeAccountKey}" (${income}, not income), which the API refuses as a product's income account; its default becomes the workspace's Uncategorized Income. Invoice lines keep naming their own account, so the books are the same.`,
    );
  const expense = product.expenseAccountKey && accounts.get(product.expenseAccountKey);
  if (expense && !productCostAccepts(expense))
    adapted(
      check,
      `${what} buys on account "${product.expenseAccountKey}" (${expense}, not an expense), which the API refuses as a product's expense account; it is sent without one.`,
    );
  const prices = [
    ['price', product.salesPrice],
    ['cost', product.purchaseCost],
  ].flatMap(([field, value]) => (value !== undefined && !apiDecimal(value) ? [field] : []));
  if (prices.length > 0)
    adapted(
      check,
      `${what} has a ${prices.join(' and ')} with more than 4 decimal places, which the API does not take; it is sent without (documents carry their own prices).`,
    );
  const cut = longTexts([
    ['its SKU', product.sku, LIMIT.term],
    ['its description', product.description, LIMIT.lineDescription],
  ]);
  if (cut.length > 0) adapted(check, `${what}: ${cut.join(', ')}, sent cut to that length.`);
}

function checkDocument(check: RecordCheck, document: SalesDocument | PurchaseDocument): void {
  if (document.status === 'draft' || document.status === 'void') return;
  const name = `${document.type.replace('-', ' ')} ${document.number}`;
  const { settings, state } = check;
  if (document.legacyNumber === undefined && document.number.length > LIMIT.documentNumber)
    refused(
      check,
      `The ${name} has a number of ${document.number.length} characters; the API takes at most ${LIMIT.documentNumber}. Shorten it in the legacy books and export again.`,
    );
  const total = centsOf(document.total);
  if (total < 0n) {
    const instead = {
      invoice: 'a credit note',
      'credit-note': 'an invoice',
      bill: 'a vendor credit',
      'vendor-credit': 'a bill',
    }[document.type];
    refused(
      check,
      `The ${name} has a negative total (${money(total)}), which the API refuses on any document. Enter it in the legacy books as ${instead} of ${money(-total)} and export again.`,
    );
  }
  const full = document.date >= settings.cutoverDate;
  for (const line of document.lines) {
    if (line.description.trim().length > LIMIT.lineDescription)
      adapted(
        check,
        `A line of the ${name} has a description of ${line.description.trim().length} characters; the API takes ${LIMIT.lineDescription}, so it is sent cut to that length.`,
        line.source,
      );
    const control = [state.rolesSeen.get('receivable'), state.rolesSeen.get('payable')];
    if (full && 'vendorKey' in document && control.includes(line.accountKey))
      refused(
        check,
        `A line of the ${name} (${money(centsOf(line.amount))}) posts to the control account "${line.accountKey}"; the API takes a bill line on any account but receivables and payables. Move the amount to another account (or enter it as a payment or credit) in the legacy books and export again.`,
        line.source,
      );
  }
}

function checkBankLine(check: RecordCheck, line: RecordOf<'bank-transaction'>): void {
  if (line.date < check.settings.cutoverDate) return;
  const what = `Bank transaction "${line.key}"`;
  if (centsOf(line.amount) === 0n)
    adapted(
      check,
      `${what} moves no money; the API takes no zero amount, so it is not migrated (the books are the same).`,
    );
  else if (line.categoryAccountKey === line.bankAccountKey)
    adapted(
      check,
      `${what} is categorised to its own account "${line.bankAccountKey}", which the API refuses; it posts nothing, so it is not migrated.`,
    );
  const { rolesSeen } = check.state;
  const category = line.categoryAccountKey;
  if (
    category !== undefined &&
    (rolesSeen.get('receivable') === category || rolesSeen.get('payable') === category)
  )
    refused(
      check,
      `${what} is categorised to the control account "${category}"; the API reaches receivables and payables only through documents. Export it as a payment of the document it settles, or categorise it to another account.`,
    );
  const cut = longTexts([['its description', line.description, LIMIT.description]]);
  if (cut.length > 0) adapted(check, `${what}: ${cut.join(', ')}, sent cut to that length.`);
}

function checkJournal(check: RecordCheck, entry: RecordOf<'journal-entry'>): void {
  if (entry.date < check.settings.cutoverDate) return;
  const what = `Journal entry "${entry.key}"`;
  const nets = entry.lines.map((line) => centsOf(line.debit) - centsOf(line.credit));
  if (nets.every((net) => net === 0n)) {
    adapted(check, `${what} has no line with an amount; it posts nothing, so it is not migrated.`);
    return;
  }
  entry.lines.forEach((line, index) => {
    const both = centsOf(line.debit) !== 0n && centsOf(line.credit) !== 0n;
    if (nets[index] === 0n)
      adapted(
        check,
        `A line of ${what} on account "${line.accountKey}" has no amount; the API takes each line as a debit or a credit, so it is left out (the entry posts the same).`,
        line.source,
      );
    else if (both)
      adapted(
        check,
        `A line of ${what} on account "${line.accountKey}" has both a debit and a credit; the API takes one side, so it is sent as what it nets to (${money(nets[index] ?? 0n)}).`,
        line.source,
      );
    if (line.description.trim().length > LIMIT.description)
      adapted(
        check,
        `A line of ${what} has a description of ${line.description.trim().length} characters; the API takes ${LIMIT.description}, so it is sent cut to that length.`,
        line.source,
      );
  });
}
