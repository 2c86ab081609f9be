import { describe, expect, it } from 'vitest';
import { readFiles } from '../sources/export-folder.js';

const xeroAccounts = '*Code,*Name,*Type\n090,Checking,Bank\n200,Sales,Revenue\n820,VAT,VAT\n';
const xeroHeader =
  'ContactName,InvoiceNumber,InvoiceDate,DueDate,Total,TaxTotal,Description,Quantity,UnitAmount,Discount,LineAmount,AccountCode,TaxType,TaxAmount,Currency,Type,Status';

describe('Xero specifics', () => {
  it('turns tax-inclusive lines and discounts into net canonical lines', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\nAcme\n',
        'Sales Invoices.csv': `${xeroHeader}\nAcme,INV-1,31/01/2024,,120.00,20.00,Gross line,2,60.00,,120.00,200,20% (VAT on Income),20.00,GBP,Sales invoice,AUTHORISED\nAcme,INV-2,31/01/2024,,,0.00,Discounted,3,10.00,10,27.00,200,No VAT,0.00,GBP,Sales invoice,DRAFT\n`,
      },
      { format: 'xero' },
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const [gross, discounted] = records
      .filter((record) => record.entity === 'invoice')
      .map((record) => record.value);
    expect(gross).toMatchObject({
      subtotal: '100.00',
      taxTotal: '20.00',
      total: '120.00',
      status: 'open',
      currency: 'GBP',
      lines: [
        { quantity: '2', unitPrice: '50', amount: '100.00', taxAmount: '20.00', accountKey: '200' },
      ],
    });
    expect(discounted).toMatchObject({
      status: 'draft',
      lines: [{ quantity: '3', unitPrice: '9', amount: '27.00' }],
    });
    expect(
      records.find((record) => record.entity === 'account' && record.value.key === '820')?.value,
    ).toMatchObject({ kind: 'tax', systemRole: 'tax' });
  });

  it('asks for an unknown account type to be mapped, and takes the mapping from the override file', async () => {
    const files = {
      'Chart of Accounts.csv': '*Code,*Name,*Type\n300,Crypto,Digital Asset\n',
      'Contacts.csv': 'ContactName\n',
    };
    const { problems } = await readFiles(files, { format: 'xero' });
    const unknown = problems.find((problem) => problem.code === 'account.unknown-type');
    expect(unknown).toMatchObject({
      location: { file: 'Chart of Accounts.csv', row: 2, column: '*Type' },
      key: '300',
    });
    expect(unknown?.message).toContain('"accountTypes"');
    const mapped = await readFiles(files, {
      format: 'xero',
      overrides: { accountTypes: { 'Digital Asset': 'non-current-asset' } },
    });
    expect(mapped.records[0]?.value).toMatchObject({ key: '300', kind: 'non-current-asset' });
  });

  it('migrates a contact with no activity as a customer and says so, unless the override file says otherwise', async () => {
    const files = {
      'Chart of Accounts.csv': xeroAccounts,
      'Contacts.csv': 'ContactName\nQuiet Ltd\n',
    };
    const { records, problems } = await readFiles(files, { format: 'xero' });
    expect(
      records.filter((record) => record.entity !== 'account').map((record) => record.entity),
    ).toEqual(['customer']);
    expect(problems.find((problem) => problem.code === 'contact.role-unknown')).toMatchObject({
      severity: 'info',
      location: { file: 'Contacts.csv', row: 2 },
    });
    const configured = await readFiles(files, {
      format: 'xero',
      overrides: { contactRoles: { 'Quiet Ltd': 'vendor' } },
    });
    expect(
      configured.records
        .filter((record) => record.entity !== 'account')
        .map((record) => record.entity),
    ).toEqual(['vendor']);
  });
});

describe('QuickBooks Online specifics', () => {
  const accounts =
    'Account Number,Account Name,Type,Detail Type\n1000,Checking,Bank,Checking\n6000,Supplies,Expenses,Supplies\n6100,Postage,Expenses,Postage\n3000,Equity,Equity,Owner\n';
  it('splits an expense over categories into one bank transaction each and reads journal entries', async () => {
    const journal = [
      'Company',
      'Journal',
      '',
      ',Date,Transaction Type,Num,Name,Memo/Description,Account,Debit,Credit',
      ',01/15/2024,Expense,E-7,Office Shop,Supplies and stamps,Supplies,40.00,',
      ',,,,,Stamps,Postage,10.00,',
      ',,,,,,Checking,,50.00',
      ',,,,,,,$50.00,$50.00',
      ',01/31/2024,Journal Entry,JE-1,,Accrual,Supplies,5.00,',
      ',,,,,,Equity,,5.00',
    ].join('\n');
    const { records, problems } = await readFiles(
      { 'Accounts.csv': accounts, 'Journal.csv': journal },
      { format: 'quickbooks-online' },
    );
    expect(
      records
        .filter((record) => record.entity === 'bank-transaction')
        .map((record) => record.value),
    ).toMatchObject([
      {
        key: 'E-7/1',
        date: '2024-01-15',
        amount: '-40.00',
        categoryAccountKey: '6000',
        description: 'Supplies and stamps',
        payee: 'Office Shop',
      },
      { key: 'E-7/2', amount: '-10.00', categoryAccountKey: '6100', description: 'Stamps' },
    ]);
    expect(problems.find((problem) => problem.code === 'journal.not-migrated')).toBeUndefined();
    expect(
      records.filter((record) => record.entity === 'journal-entry').map((record) => record.value),
    ).toMatchObject([
      {
        key: 'Journal Entry JE-1',
        number: 'JE-1',
        date: '2024-01-31',
        memo: 'Accrual',
        lines: [
          { accountKey: '6000', debit: '5.00', credit: '0.00', source: { row: 9 } },
          { accountKey: '3000', debit: '0.00', credit: '5.00', source: { row: 10 } },
        ],
      },
    ]);
  });
});

describe('override file: account mapping', () => {
  it('sets kind and system role of a legacy account by code or name', async () => {
    const { records } = await readFiles(
      {
        'accounts.csv':
          'Code,Name,Kind\n1000,Checking,bank\n2200,VAT Control,current-liability\n3900,Suspense,equity\n',
      },
      {
        format: 'generic',
        overrides: {
          accounts: {
            'VAT Control': { kind: 'tax' },
            '3900': { systemRole: 'opening-balance-equity' },
          },
        },
      },
    );
    expect(records.map((record) => record.value)).toMatchObject([
      { key: '1000', kind: 'bank' },
      { key: '2200', kind: 'tax', systemRole: 'tax' },
      { key: '3900', kind: 'equity', systemRole: 'opening-balance-equity' },
    ]);
  });
});
