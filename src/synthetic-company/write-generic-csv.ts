import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { genericTemplateTables } from '../../mappings/generic/template-tables.js';
import type { EntityName, LedgerRecord, Party, Vendor } from '../ledger/index.js';
import { csvLine } from '../templates/csv-line.js';

type Row = Record<string, string | undefined>;

const yesNo = (value: boolean | undefined) =>
  value === undefined ? undefined : value ? 'Yes' : 'No';

function partyRow(party: Party | Vendor): Row {
  return {
    Key: party.key,
    Name: party.name,
    Email: party.email,
    Phone: party.phone,
    Website: party.website,
    TaxNumber: party.taxNumber,
    PaymentTerm: party.paymentTerm,
    Currency: party.currency,
    Street: party.billingAddress?.street,
    City: party.billingAddress?.city,
    State: party.billingAddress?.state,
    ZipCode: party.billingAddress?.zipCode,
    Country: party.billingAddress?.country,
    ShippingStreet: party.shippingAddress?.street,
    ShippingCity: party.shippingAddress?.city,
    ShippingState: party.shippingAddress?.state,
    ShippingZipCode: party.shippingAddress?.zipCode,
    ShippingCountry: party.shippingAddress?.country,
    ContactFirstName: party.contactPerson?.firstName,
    ContactLastName: party.contactPerson?.lastName,
    Notes: party.notes,
    Active: yesNo(party.active),
    ...('is1099' in party ? { Is1099: yesNo(party.is1099) } : {}),
  };
}

/** The generic template rows of one canonical record (documents and payments: one per line). */
function rowsOf(record: LedgerRecord): Row[] {
  switch (record.entity) {
    case 'account': {
      const a = record.value;
      return [
        {
          Code: a.code,
          Name: a.name,
          Kind: a.kind,
          SystemRole: a.systemRole,
          Parent: a.parentKey,
          Currency: a.currency,
          Description: a.description,
          Active: yesNo(a.active),
        },
      ];
    }
    case 'customer':
    case 'vendor':
      return [partyRow(record.value)];
    case 'product': {
      const p = record.value;
      return [
        {
          Key: p.key,
          Name: p.name,
          SKU: p.sku,
          Description: p.description,
          Type: p.type,
          SalesPrice: p.salesPrice,
          PurchaseCost: p.purchaseCost,
          IncomeAccount: p.incomeAccountKey,
          ExpenseAccount: p.expenseAccountKey,
          Taxable: yesNo(p.taxable),
          Active: yesNo(p.active),
        },
      ];
    }
    case 'opening-balance':
      return [
        {
          Account: record.value.accountKey,
          Debit: record.value.debit,
          Credit: record.value.credit,
        },
      ];
    case 'invoice':
    case 'bill': {
      const d = record.value;
      const party = 'customerKey' in d ? { Customer: d.customerKey } : { Vendor: d.vendorKey };
      return d.lines.map((line) => ({
        Number: d.number,
        Type: d.type,
        ...party,
        Date: d.date,
        DueDate: d.dueDate,
        Currency: d.currency,
        ExchangeRate: d.exchangeRate,
        BaseTotal: d.baseTotal,
        Reference: d.reference,
        Status: d.status,
        AmountDue: d.amountDue,
        Item: line.itemKey,
        Description: line.description,
        Quantity: line.quantity,
        UnitPrice: line.unitPrice,
        LineAmount: line.amount,
        Account: line.accountKey,
        TaxCode: line.taxCode,
        TaxAmount: line.taxAmount,
        Subtotal: d.subtotal,
        TaxTotal: d.taxTotal,
        Total: d.total,
      }));
    }
    case 'bank-transaction': {
      const t = record.value;
      return [
        {
          Key: t.key,
          BankAccount: t.bankAccountKey,
          Date: t.date,
          Amount: t.amount,
          Description: t.description,
          Payee: t.payee,
          Reference: t.reference,
          Account: t.categoryAccountKey,
          Customer: t.customerKey,
          Vendor: t.vendorKey,
        },
      ];
    }
    case 'customer-payment':
    case 'vendor-payment': {
      const p = record.value;
      const party =
        record.entity === 'customer-payment' ? { Customer: p.partyKey } : { Vendor: p.partyKey };
      return p.allocations.map((allocation) => ({
        Key: p.key,
        Date: p.date,
        ...party,
        BankAccount: p.bankAccountKey,
        Amount: p.amount,
        Currency: p.currency,
        Reference: p.reference,
        Document: allocation.documentKey,
        AllocatedAmount: allocation.amount,
      }));
    }
    case 'credit-application': {
      const c = record.value;
      return [
        {
          Key: c.key,
          Kind: c.kind,
          Date: c.date,
          Credit: c.creditKey,
          Document: c.documentKey,
          Amount: c.amount,
        },
      ];
    }
    case 'journal-entry':
      // The generic template has no journal table.
      return [];
    case 'trial-balance':
      return [
        {
          AsOf: record.value.asOf,
          Account: record.value.accountKey,
          Debit: record.value.debit,
          Credit: record.value.credit,
        },
      ];
  }
}

/**
 * Writes canonical records as the generic CSV template files (one per entity, headers as in
 * `ledgerlift template`), streaming, so large sample companies never sit in memory as text.
 * Answers the files written.
 */
export async function writeGenericCsv(
  records: Iterable<LedgerRecord>,
  folder: string,
): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const streams = new Map<EntityName, { stream: WriteStream; headers: string[] }>();
  const open = (entity: EntityName) => {
    let entry = streams.get(entity);
    if (entry) return entry;
    const table = genericTemplateTables.find((candidate) => candidate.entity === entity);
    if (!table) throw new Error(`the generic template has no table for ${entity}`);
    const headers = table.columns.map((column) => column.header);
    entry = { stream: createWriteStream(path.join(folder, `${table.id}.csv`)), headers };
    entry.stream.write(`${csvLine(headers)}\n`);
    streams.set(entity, entry);
    return entry;
  };
  for (const record of records) {
    const { stream, headers } = open(record.entity);
    for (const row of rowsOf(record)) {
      if (!stream.write(`${csvLine(headers.map((header) => row[header] ?? ''))}\n`))
        await once(stream, 'drain');
    }
  }
  const files: string[] = [];
  for (const { stream } of streams.values()) {
    stream.end();
    await once(stream, 'finish');
    files.push(stream.path as string);
  }
  return files.sort();
}
