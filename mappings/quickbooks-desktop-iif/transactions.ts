import type { BankTransaction, DocumentLine, Payment } from '../../src/ledger/index.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { AnyMapped } from '../../src/sources/table-mapping/table-spec.js';
import { unitPriceOf, compact, lineOf } from '../shared/document-parts.js';
import { SALES_TAX_ITEMS, priceUnlessRate } from './lists.js';
import { accountKeyOf, BANK_SIDED, bankSideOf, isIifJournal, typeOf } from './journal.js';
import { reportLeftOut } from '../../src/sources/table-mapping/left-out.js';

/** Documents still open per party, oldest first, for applying payments IIF does not link. */
interface OpenDocument {
  key: string;
  remaining: bigint;
}
const OPEN = { customer: 'iif.openInvoices', vendor: 'iif.openBills' } as const;

function openDocuments(
  context: MappingContext,
  party: 'customer' | 'vendor',
  partyKey: string,
): OpenDocument[] {
  let byParty = context.facts.get(OPEN[party]) as Map<string, OpenDocument[]> | undefined;
  if (!byParty) {
    byParty = new Map();
    context.facts.set(OPEN[party], byParty);
  }
  let list = byParty.get(partyKey);
  if (!list) {
    list = [];
    byParty.set(partyKey, list);
  }
  return list;
}

function isTaxSplit(split: RowFields, context: MappingContext): boolean {
  const item = split.text('INVITEM')?.toLowerCase();
  const taxItems = context.facts.get(SALES_TAX_ITEMS) as Set<string> | undefined;
  if (item && taxItems?.has(item)) return true;
  const account = split.text('ACCNT');
  const key = account && context.index.accountKey(account);
  return !item && key !== undefined && context.index.accountKind(key) === 'tax';
}

/** The splits of a transaction must cancel its TRNS amount; a mismatch is reported on the record. */
function checkBalanced(trns: RowFields, splits: readonly RowFields[]): void {
  const amounts = [trns, ...splits].map((row) => row.money('AMOUNT'));
  if (amounts.some((amount) => amount === undefined)) return;
  const sum = amounts.reduce((total, amount) => total + centsOf(amount ?? '0.00'), 0n);
  if (sum !== 0n) {
    trns.note(
      'iif.unbalanced-transaction',
      `${trns.row.file} line ${trns.row.row}: the ${typeOf(trns)} ${trns.text('DOCNUM') ?? ''} splits do not cancel its TRNS amount (off by ${formatCents(sum)}); check the export.`,
      'AMOUNT',
    );
  }
}

/**
 * INVOICE and CREDIT MEMO (invoice pass), BILL (bill pass; a BILL that debits payables is a vendor
 * credit). Lines are the non-tax splits with their sign turned to the document's; the sales tax split
 * is spread over taxable lines.
 */
export function mapIifDocument(entity: 'invoice' | 'bill') {
  return (trns: RowFields, splits: readonly RowFields[], context: MappingContext): AnyMapped[] => {
    const type = typeOf(trns);
    const wanted = entity === 'invoice' ? ['INVOICE', 'CREDIT MEMO'] : ['BILL'];
    if (!wanted.includes(type)) return [];
    const number = trns.required('DOCNUM');
    const name = trns.required('NAME');
    const date = trns.date('DATE', { required: true });
    const dueDate = trns.date('DUEDATE');
    const total = trns.money('AMOUNT', { required: true });
    const currency = context.defaultCurrency;
    if (!currency)
      trns.fail(
        'document.missing-currency',
        `${trns.row.file} line ${trns.row.row}: IIF files carry no currency; set "defaultCurrency" in the override file (or the run's base currency).`,
      );
    const totalCents = total === undefined ? 0n : centsOf(total);
    // The TRNS line is the receivables or payables side: its sign says which way the document goes.
    const sign = totalCents < 0n ? -1n : 1n;
    const documentType =
      entity === 'invoice'
        ? type === 'CREDIT MEMO'
          ? 'credit-note'
          : 'invoice'
        : totalCents > 0n
          ? 'vendor-credit'
          : 'bill';
    let tax = 0n;
    const drafts: (Omit<DocumentLine, 'taxAmount'> & { taxable: boolean | undefined })[] = [];
    for (const split of splits) {
      const amount = split.money('AMOUNT', { required: true });
      if (amount === undefined) continue;
      const cents = -sign * centsOf(amount);
      if (isTaxSplit(split, context)) {
        tax += cents;
        continue;
      }
      const accountKey = accountKeyOf(split, context);
      const item = split.text('INVITEM');
      const quantity = split.decimal('QNTY')?.replace('-', '') ?? '1';
      const lineAmount = formatCents(cents);
      const price = priceUnlessRate(
        split,
        'PRICE',
        `the line keeps its amount of ${lineAmount}`,
      )?.replace('-', '');
      const unitPrice = price ?? unitPriceOf(lineAmount, quantity === '0' ? '1' : quantity);
      if (!accountKey || unitPrice === undefined) continue;
      const taxableText = split.text('TAXABLE');
      drafts.push({
        description: split.text('MEMO') ?? '',
        itemKey: item && (context.index.productKey(item) ?? item),
        quantity: quantity === '0' ? '1' : quantity,
        unitPrice,
        amount: lineAmount,
        accountKey,
        source: split.location(),
        taxable: taxableText === undefined ? undefined : taxableText.toUpperCase() === 'Y',
      });
    }
    const rows = [trns, ...splits];
    if (
      rows.some((row) => row.failed) ||
      !number ||
      !name ||
      !date ||
      !currency ||
      total === undefined
    ) {
      return [{ entity, key: number, location: trns.location(), problems: [] }];
    }
    checkBalanced(trns, splits);
    const anyFlag = drafts.some((draft) => draft.taxable !== undefined);
    const taxable = drafts.map((draft) => (anyFlag ? draft.taxable === true : true));
    const shares = allocateTax(
      tax,
      drafts.filter((_, index) => taxable[index]).map((draft) => centsOf(draft.amount)),
    );
    if (tax !== 0n && shares.length > 1) {
      trns.note(
        'line.tax-allocated',
        `The ${documentType.replace('-', ' ')} ${number} has one sales tax amount of ${formatCents(tax)}; it was spread over its ${shares.length} taxable lines in proportion to their amounts.`,
      );
    }
    let next = 0;
    const lines = drafts.map(({ taxable: _flag, ...draft }, index) => {
      const share = taxable[index] ? (shares[next++] ?? 0n) : 0n;
      return lineOf({ ...draft, taxAmount: formatCents(share) });
    });
    const subtotal = lines.reduce((sum, line) => sum + centsOf(line.amount), 0n);
    const party = entity === 'invoice' ? 'customer' : 'vendor';
    const partyKey = context.index.partyKey(party, name) ?? name;
    if (documentType === 'invoice' || documentType === 'bill') {
      openDocuments(context, party, partyKey).push({ key: number, remaining: sign * totalCents });
    }
    const value = compact({
      key: number,
      number,
      date,
      dueDate,
      currency,
      reference: trns.text('MEMO'),
      lines,
      subtotal: formatCents(subtotal),
      taxTotal: formatCents(tax),
      total: formatCents(sign * totalCents),
      status: 'open' as const,
      source: trns.location(),
      type: documentType,
      ...(entity === 'invoice' ? { customerKey: partyKey } : { vendorKey: partyKey }),
    });
    return [{ entity, value, location: trns.location(), problems: [] } as AnyMapped];
  };
}

/**
 * PAYMENT (customer) and BILLPMT (vendor). IIF does not link payments to documents; a split whose
 * DOCNUM names an open document of the party is applied to it, the rest goes to the party's oldest
 * open documents (as QuickBooks itself applies payments), with an info problem saying so.
 */
export function mapIifPayment(entity: 'customer-payment' | 'vendor-payment') {
  return (trns: RowFields, splits: readonly RowFields[], context: MappingContext): AnyMapped[] => {
    const type = typeOf(trns);
    if (type !== (entity === 'customer-payment' ? 'PAYMENT' : 'BILLPMT')) return [];
    const party = entity === 'customer-payment' ? 'customer' : 'vendor';
    const date = trns.date('DATE', { required: true });
    const name = trns.required('NAME');
    const bank = accountKeyOf(trns, context);
    const amount = trns.money('AMOUNT', { required: true });
    const currency = context.defaultCurrency;
    if (!currency)
      trns.fail(
        'document.missing-currency',
        `${trns.row.file} line ${trns.row.row}: IIF files carry no currency; set "defaultCurrency" in the override file.`,
      );
    const key = trns.text('DOCNUM') ?? `${type} ${trns.text('TRNSID') ?? `line ${trns.row.row}`}`;
    if (
      [trns, ...splits].some((row) => row.failed) ||
      !date ||
      !name ||
      !bank ||
      !amount ||
      !currency
    ) {
      return [{ entity, key, location: trns.location(), problems: [] }];
    }
    checkBalanced(trns, splits);
    const partyKey = context.index.partyKey(party, name) ?? name;
    const open = openDocuments(context, party, partyKey);
    const paid = centsOf(amount) < 0n ? -centsOf(amount) : centsOf(amount);
    const allocations: Payment['allocations'] = [];
    let left = paid;
    for (const split of splits) {
      const target = open.find((document) => document.key === split.text('DOCNUM'));
      const splitAmount = split.money('AMOUNT');
      if (!target || splitAmount === undefined) continue;
      const cents = centsOf(splitAmount) < 0n ? -centsOf(splitAmount) : centsOf(splitAmount);
      allocations.push({
        documentKey: target.key,
        amount: formatCents(cents),
        source: split.location(),
      });
      target.remaining -= cents;
      left -= cents;
    }
    const automatic: string[] = [];
    for (const document of open) {
      if (left <= 0n) break;
      if (document.remaining <= 0n) continue;
      const cents = document.remaining < left ? document.remaining : left;
      allocations.push({
        documentKey: document.key,
        amount: formatCents(cents),
        source: trns.location(),
      });
      automatic.push(document.key);
      document.remaining -= cents;
      left -= cents;
    }
    if (allocations.length === 0) {
      trns.fail(
        'payment.unapplied',
        `${trns.row.file} line ${trns.row.row}: ${type} ${key} of ${formatCents(paid)} from "${name}" matches no open ${party === 'customer' ? 'invoice' : 'bill'}, and a payment must apply to at least one. Enter it in the workspace by hand, or add the document it pays.`,
      );
      return [{ entity, key, location: trns.location(), problems: [] }];
    }
    if (automatic.length) {
      trns.note(
        'payment.auto-applied',
        `${type} ${key} names no document; it was applied to the oldest open ${party === 'customer' ? 'invoices' : 'bills'} of "${name}": ${automatic.join(', ')}.`,
      );
    }
    const value: Payment = compact({
      key,
      date,
      bankAccountKey: bank,
      amount: formatCents(paid),
      currency,
      partyKey,
      reference: trns.text('MEMO'),
      allocations,
      source: trns.location(),
    });
    return [{ entity, value, location: trns.location(), problems: [] }];
  };
}

const CARRIED = new Set(['INVOICE', 'CREDIT MEMO', 'BILL', 'PAYMENT', 'BILLPMT']);

/**
 * Cheques, deposits, transfers, cash sales and card charges: one bank transaction per split. The
 * TRNS line's account is the bank account, listed in the chart or not (see bankSideOf); general
 * journals and bank-sided types on another kind of account are the journal pass's.
 */
export function mapIifBankTransaction(
  trns: RowFields,
  splits: readonly RowFields[],
  context: MappingContext,
): AnyMapped[] {
  const type = typeOf(trns);
  if (CARRIED.has(type) || isIifJournal(trns, context)) return [];
  const docnum = trns.text('DOCNUM');
  const label = `${trns.row.file} line ${trns.row.row}: ${type || 'the transaction'}${docnum ? ` ${docnum}` : ''}`;
  const bank = bankSideOf(trns, context);
  if (!bank) {
    reportLeftOut(trns, context, {
      type,
      date: () => trns.date('DATE'),
      label,
      why: BANK_SIDED.has(type)
        ? 'its TRNS line names no account'
        : type
          ? 'Ledgerlift does not migrate this transaction type'
          : 'it has no TRNSTYPE, so its kind is unknown (PayPal downloads leave the column out)',
      ...(type ? { column: 'TRNSTYPE' } : {}),
    });
    return [];
  }
  const date = trns.date('DATE', { required: true });
  const name = trns.text('NAME');
  if (!date)
    return [{ entity: 'bank-transaction', key: docnum, location: trns.location(), problems: [] }];
  checkBalanced(trns, splits);
  return splits.flatMap((split, index): AnyMapped[] => {
    const amount = split.money('AMOUNT', { required: true });
    const category = accountKeyOf(split, context);
    if (amount === undefined || !category) return [];
    const money = formatCents(-centsOf(amount));
    const base = docnum ?? `${date} ${type} ${name ?? ''} ${money}`.replace(/\s+/g, ' ');
    const key = splits.length > 1 ? `${base}/${index + 1}` : base;
    const value: BankTransaction = compact({
      key,
      bankAccountKey: bank,
      date,
      amount: money,
      description: split.text('MEMO') ?? trns.text('MEMO') ?? '',
      payee: name,
      categoryAccountKey: category,
      customerKey:
        name && !money.startsWith('-') ? context.index.partyKey('customer', name) : undefined,
      vendorKey: name && money.startsWith('-') ? context.index.partyKey('vendor', name) : undefined,
      source: split.location(),
    });
    return [{ entity: 'bank-transaction', value, location: split.location(), problems: [] }];
  });
}

/**
 * Spreads a document's tax over its taxable lines in proportion to their amounts, in cents, so the
 * shares add up exactly (largest remainder). QuickBooks Desktop keeps sales tax on one split line;
 * the canonical ledger wants it per line.
 */
function allocateTax(tax: bigint, amounts: readonly bigint[]): bigint[] {
  const base = amounts.reduce((sum, amount) => sum + amount, 0n);
  if (amounts.length === 0) return [];
  if (base === 0n) return amounts.map((_, index) => (index === 0 ? tax : 0n));
  const shares = amounts.map((amount) => (tax * amount) / base);
  const remainders = amounts.map((amount, index) => ({
    index,
    rest: abs(tax * amount - (shares[index] ?? 0n) * base),
  }));
  let left = tax - shares.reduce((sum, share) => sum + share, 0n);
  const step = left < 0n ? -1n : 1n;
  remainders.sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + step;
    left -= step;
  }
  return shares;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
