import { describe, expect, it } from 'vitest';
import type { LedgerRecord, RecordOf } from '../../src/ledger/index.js';
import { readFiles, type ReadResult } from '../sources/export-folder.js';

/**
 * Xero's Account Transactions report as the screens export it (mappings/xero/account-transactions.ts;
 * layout: ../shared/real-layouts): the activity after the cutover rebuilt from the lines of each
 * account's section, beside the chart, the contacts and the document exports.
 */
const chart = [
  '*Code,*Name,*Type,*Tax Code',
  '090,Business Bank,Bank,Tax Exempt',
  ',Card,Bank,Tax Exempt',
  '200,Sales,Revenue,Tax on Sales',
  '429,General Expenses,Expense,Tax on Purchases',
  '499,Realised Currency Gains,Expense,Tax Exempt',
  '610,Accounts Receivable,Accounts Receivable,Tax Exempt',
  '800,Accounts Payable,Accounts Payable,Tax Exempt',
  '820,Sales Tax,Sales Tax,Tax Exempt',
].join('\n');

const contacts = 'ContactName\nAcme Ltd\nGlobex Inc\nPaper Co\n';

const invoiceHeader =
  'ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Total,TaxTotal,InvoiceAmountPaid,InvoiceAmountDue,Description,Quantity,UnitAmount,LineAmount,AccountCode,TaxType,TaxAmount,Currency,Type,Status';

/** Two invoices of Acme for 100.00 open at the cutover; one of Globex in USD after it. */
const invoices = [
  invoiceHeader,
  'Acme Ltd,INV-1,,01/12/2025,31/12/2025,100.00,0.00,100.00,0.00,Design,1,100,100.00,200,NONE,0.00,CAD,Sales invoice,Paid',
  'Acme Ltd,INV-2,,15/12/2025,14/01/2026,100.00,0.00,100.00,0.00,Design,1,100,100.00,200,NONE,0.00,CAD,Sales invoice,Paid',
  'Globex Inc,INV-3,,05/01/2026,04/02/2026,100.00,0.00,100.00,0.00,Consulting,1,100,100.00,200,NONE,0.00,USD,Sales invoice,Paid',
].join('\n');

/** The report: title rows, the header, one section per account, totals and closing rows. */
function report(sections: Record<string, string[]>): string {
  const lines = [
    'Account Transactions,,,,,,,,',
    'Demo Co,,,,,,,,',
    'For the period 1 January 2026 to 31 January 2026,,,,,,,,',
    ',,,,,,,,',
    'Date,Source,Description,Reference,Debit,Credit,Running Balance,Gross,Tax',
    ',,,,,,,,',
  ];
  for (const [account, rows] of Object.entries(sections)) {
    lines.push(
      `${account},,,,,,,,`,
      ...rows,
      `Total ${account},,,,0.00,0.00,0.00,0.00,0.00`,
      ',,,,,,,,',
    );
  }
  lines.push('Total,,,,0.00,0.00,,,');
  return lines.join('\n');
}

async function read(files: Record<string, string>): Promise<ReadResult> {
  return readFiles(
    { 'Chart of Accounts.csv': chart, 'Contacts.csv': contacts, ...files },
    { format: 'xero', defaultCurrency: 'CAD', cutoverDate: '2026-01-01' },
  );
}

function valuesOf<E extends LedgerRecord['entity']>(result: ReadResult, entity: E): RecordOf<E>[] {
  return result.records
    .filter((record) => record.entity === entity)
    .map((record) => record.value as RecordOf<E>);
}

describe("Xero's Account Transactions report", () => {
  it('matches a payment that names no document to the oldest of two open for its amount, and says so', async () => {
    const result = await read({
      'Sales Invoices.csv': invoices,
      'Account Transactions.csv': report({
        'Business Bank': ['10 Jan 2026,Receivable Payment,Acme Ltd,,100.00,0.00,,100.00,0.00'],
        'Accounts Receivable': [
          '10 Jan 2026,Receivable Payment,Acme Ltd,,0.00,100.00,,(100.00),0.00',
        ],
      }),
    });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(valuesOf(result, 'customer-payment')).toMatchObject([
      {
        date: '2026-01-10',
        bankAccountKey: '090',
        amount: '100.00',
        partyKey: 'Acme Ltd',
        allocations: [{ documentKey: 'INV-1', amount: '100.00' }],
      },
    ]);
    const inferred = result.problems.find(
      (problem) => problem.code === 'activity.payment-inferred',
    );
    expect(inferred?.severity).toBe('warning');
    // Both candidates are named, the choice is said, and why it does not change the balance.
    expect(inferred?.message).toContain('INV-1, INV-2');
    expect(inferred?.message).toContain("the contact's balance is the same whichever it settles");
  });

  it('migrates a payment in another currency, with its realised gain, through the clearing account', async () => {
    const result = await read({
      'Sales Invoices.csv': invoices,
      'Account Transactions.csv': report({
        'Business Bank': [
          '20 Jan 2026,Receivable Payment,Globex Inc,INV-3,135.00,0.00,,135.00,0.00',
        ],
        'Accounts Receivable': [
          '05 Jan 2026,Receivable Invoice,Globex Inc,INV-3,130.00,0.00,,130.00,0.00',
          '20 Jan 2026,Receivable Payment,Globex Inc,INV-3,0.00,130.00,,(130.00),0.00',
        ],
        Sales: [
          '05 Jan 2026,Receivable Invoice,Globex Inc - Consulting,INV-3,0.00,130.00,,(130.00),0.00',
        ],
        'Realised Currency Gains': [
          '20 Jan 2026,Receivable Payment,Globex Inc,INV-3,0.00,5.00,,(5.00),0.00',
        ],
      }),
    });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const invoices3 = valuesOf(result, 'invoice');
    // The report's receivables line is the invoice's value in the books' currency, line by line.
    expect(invoices3.find((document) => document.key === 'INV-3')).toMatchObject({
      currency: 'USD',
      baseTotal: '130.00',
      lines: [{ baseAmount: '130.00' }],
    });
    // The payment's parts, each balanced through clearing: the bank line, a USD credit valued at
    // the receivables line and applied to the invoice, and the gain.
    expect(valuesOf(result, 'customer-payment')).toEqual([]);
    expect(valuesOf(result, 'bank-transaction')).toMatchObject([
      { bankAccountKey: '090', amount: '135.00', categoryAccountKey: '@clearing' },
    ]);
    const credit = invoices3.find((document) => document.type === 'credit-note');
    expect(credit).toMatchObject({
      currency: 'USD',
      total: '100.00',
      baseTotal: '130.00',
      customerKey: 'Globex Inc',
      lines: [{ accountKey: '@clearing' }],
    });
    expect(valuesOf(result, 'credit-application')).toMatchObject([
      { kind: 'customer-credit', creditKey: credit?.key, documentKey: 'INV-3', amount: '100.00' },
    ]);
    expect(valuesOf(result, 'journal-entry')).toMatchObject([
      {
        lines: [
          { accountKey: '499', debit: '0.00', credit: '5.00' },
          { accountKey: '@clearing', debit: '5.00', credit: '0.00' },
        ],
      },
    ]);
  });

  it('reads spend money with its tax, and a transfer, as bank transactions', async () => {
    const result = await read({
      'Account Transactions.csv': report({
        Card: [
          '08 Jan 2026,Spend Money,Paper Co,,0.00,11.30,,(11.30),0.00',
          '12 Jan 2026,Bank Transfer,Bank Transfer from Business Bank to Card,PAYMENT,50.00,0.00,,50.00,0.00',
        ],
        'Business Bank': [
          '12 Jan 2026,Bank Transfer,Bank Transfer from Business Bank to Card,PAYMENT,0.00,50.00,,(50.00),0.00',
        ],
        'General Expenses': ['08 Jan 2026,Spend Money,Paper Co - Paper,,10.00,0.00,,11.30,1.30'],
        'Sales Tax': ['08 Jan 2026,Spend Money,Paper Co,,1.30,0.00,,1.30,0.00'],
      }),
    });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(valuesOf(result, 'bank-transaction')).toMatchObject([
      { bankAccountKey: 'Card', amount: '-10.00', categoryAccountKey: '429', payee: 'Paper Co' },
      { bankAccountKey: 'Card', amount: '-1.30', categoryAccountKey: '820' },
      { bankAccountKey: '090', amount: '-50.00', categoryAccountKey: 'Card' },
    ]);
  });

  it('tells apart two payments of one bill on one day by their bank lines', async () => {
    const result = await read({
      'Bills.csv': [
        invoiceHeader,
        'Paper Co,B-7,,13/01/2026,13/01/2026,30.00,0.00,30.00,0.00,Paper,1,30,30.00,429,NONE,0.00,CAD,Bill,Paid',
      ].join('\n'),
      'Account Transactions.csv': report({
        Card: [
          '19 Jan 2026,Payable Payment,Paper Co,B-7,0.00,10.00,,(10.00),0.00',
          '19 Jan 2026,Payable Payment,Paper Co,B-7,0.00,20.00,,(20.00),0.00',
        ],
        'Accounts Payable': [
          '13 Jan 2026,Payable Invoice,Paper Co,B-7,0.00,30.00,,(30.00),0.00',
          '19 Jan 2026,Payable Payment,Paper Co,B-7,10.00,0.00,,10.00,0.00',
          '19 Jan 2026,Payable Payment,Paper Co,B-7,20.00,0.00,,20.00,0.00',
        ],
        'General Expenses': [
          '13 Jan 2026,Payable Invoice,Paper Co - Paper,B-7,30.00,0.00,,30.00,0.00',
        ],
      }),
    });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(valuesOf(result, 'vendor-payment')).toMatchObject([
      { amount: '10.00', allocations: [{ documentKey: 'B-7', amount: '10.00' }] },
      { amount: '20.00', allocations: [{ documentKey: 'B-7', amount: '20.00' }] },
    ]);
  });

  it('refuses, with its rows, a transaction whose lines do not balance', async () => {
    const result = await read({
      'Account Transactions.csv': report({
        Card: ['08 Jan 2026,Spend Money,Paper Co,,0.00,11.30,,(11.30),0.00'],
        'General Expenses': ['08 Jan 2026,Spend Money,Paper Co - Paper,,10.00,0.00,,10.00,0.00'],
      }),
    });
    const unbalanced = result.problems.find((problem) => problem.code === 'activity.unbalanced');
    expect(unbalanced).toMatchObject({
      severity: 'error',
      location: { file: 'Account Transactions.csv' },
    });
    expect(unbalanced?.message).toContain('1.30 off');
    expect(valuesOf(result, 'bank-transaction')).toEqual([]);
  });
});

describe("Xero's aged reports without the document exports", () => {
  it('makes each open item a document, a credit note without a number known by contact, date and amount', async () => {
    const aged = [
      'Aged Receivables Detail',
      'Demo Co',
      'As at 31 December 2025',
      'Ageing by due date',
      '',
      'Invoice Date,Due Date,Invoice Number,Invoice Reference,< 1 Month,1 Month,Total',
      'Acme Ltd',
      '01 Dec 2025,31 Dec 2025,INV-1,PO 7,100.00,0.00,100.00',
      '20 Dec 2025,,,,(25.00),0.00,(25.00)',
      'Total Acme Ltd,,,,75.00,0.00,75.00',
      '',
      'Total,,,,75.00,0.00,75.00',
      'Percentage of total,,,,100%,0%,100%',
    ].join('\n');
    const result = await read({ 'Aged Receivables Detail.csv': aged });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const documents = valuesOf(result, 'invoice');
    expect(documents).toMatchObject([
      {
        key: 'INV-1',
        type: 'invoice',
        customerKey: 'Acme Ltd',
        currency: 'CAD',
        total: '100.00',
        dueAtCutover: '100.00',
        reference: 'PO 7',
        dueDate: '2025-12-31',
      },
      {
        type: 'credit-note',
        customerKey: 'Acme Ltd',
        date: '2025-12-20',
        total: '25.00',
        legacyNumber: '(no number)',
      },
    ]);
    expect(documents[1]?.key).toBe('(no number) | Acme Ltd | 2025-12-20 | 25.00');
    expect(documents).toHaveLength(2);
  });
});
