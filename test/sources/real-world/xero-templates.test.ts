import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAll, readFiles } from '../export-folder.js';

/**
 * Import templates Xero itself publishes, as other projects committed them (MANIFEST.md beside
 * each file). A template holds Xero's exact header, so it tells whether our Xero reader finds
 * every column of Xero's own layout, and what it leaves behind.
 */
const TEMPLATES = join(import.meta.dirname, '../../fixtures/real-world/xero-templates');
const SALES_INVOICE_TEMPLATE = join(TEMPLATES, 'Bluemethyst-Brothero');

const xeroAccounts = '*Code,*Name,*Type\n090,Checking,Bank\n200,Sales,Revenue\n';
const xeroContacts = 'ContactName\nHarbour Cafe\n';

/** One value per column of the template's header, so each cell can be traced to the record. */
const filledIn: Record<string, string> = {
  '*ContactName': 'Harbour Cafe',
  EmailAddress: 'accounts@harbour.example',
  POAddressLine1: 'Level 2',
  POAddressLine2: '18 Quay Street',
  POAddressLine3: 'PO-LINE-3',
  POAddressLine4: 'PO-LINE-4',
  POCity: 'Wellington',
  PORegion: 'Wellington Region',
  POPostalCode: '6011',
  POCountry: 'New Zealand',
  '*InvoiceNumber': 'INV-0042',
  Reference: 'PO 7781',
  '*InvoiceDate': '31/01/2024',
  '*DueDate': '29/02/2024',
  InventoryItemCode: '',
  '*Description': 'Espresso machine service',
  '*Quantity': '2',
  '*UnitAmount': '150.00',
  Discount: '10',
  '*AccountCode': '200',
  '*TaxType': 'Tax Exempt',
  TrackingName1: 'Region',
  TrackingOption1: 'North',
  TrackingName2: 'Department',
  TrackingOption2: 'Service',
  Currency: 'NZD',
  BrandingTheme: 'Standard',
};

async function templateHeader(): Promise<string> {
  const bytes = await readFile(join(SALES_INVOICE_TEMPLATE, 'XeroSalesInvoiceTemplate.csv'));
  return bytes.toString('utf8').replace(/\r?\n$/, '');
}

describe("Xero's sales invoice import template (Bluemethyst/Brothero)", () => {
  it('has the 27 columns of the current template, required ones starred', async () => {
    const header = (await templateHeader()).split(',');
    expect(header).toEqual(Object.keys(filledIn));
  });

  it('read as the invoices file: its header is accepted and nothing in it is a problem', async () => {
    const { records, problems } = await readAll({
      folder: SALES_INVOICE_TEMPLATE,
      format: 'xero',
      defaultCurrency: 'NZD',
      overrides: { files: { invoices: { file: 'XeroSalesInvoiceTemplate.csv' } } },
    });
    expect(records).toEqual([]);
    // Its address columns, which no table reads, are one note.
    expect(
      problems
        .filter((problem) => problem.location?.file === 'XeroSalesInvoiceTemplate.csv')
        .map((problem) => [problem.code, problem.severity]),
    ).toEqual([['column.unused', 'info']]);
    // Alone in its folder, the template lacks the two files every Xero export must have.
    expect(
      problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => problem.code)
        .sort(),
    ).toEqual(['file.not-found', 'file.not-found', 'file.not-found']);
  });

  it("filled in, Xero's own layout reads as one invoice with the fields it carries", async () => {
    const header = await templateHeader();
    const row = header
      .split(',')
      .map((column) => filledIn[column] ?? '')
      .join(',');
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': xeroContacts,
        'Sales Invoices.csv': `${header}\n${row}\n`,
      },
      { format: 'xero' },
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const invoices = records.filter((record) => record.entity === 'invoice');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.value).toMatchObject({
      key: 'INV-0042',
      customerKey: 'Harbour Cafe',
      date: '2024-01-31',
      dueDate: '2024-02-29',
      reference: 'PO 7781',
      currency: 'NZD',
      status: 'open',
      total: '270.00',
      lines: [
        {
          description: 'Espresso machine service',
          quantity: '2',
          unitPrice: '135',
          amount: '270.00',
          accountKey: '200',
          taxCode: 'Tax Exempt',
        },
      ],
    });

    // What the reader leaves behind: the postal address (the contact's, migrated from
    // Contacts.csv) and the branding theme (Xero's layout choice) are not document fields of the
    // workspace; neither appears on the invoice.
    const invoiceText = JSON.stringify(invoices[0]?.value);
    for (const column of ['POAddressLine3', 'POAddressLine4', 'BrandingTheme']) {
      expect(invoiceText).not.toContain(filledIn[column]);
    }
    // Tracking categories have no place in the workspace either, but they are the consultant's
    // reporting dimensions: leaving them behind is said, on the row and column that carry them.
    expect(problems.filter((problem) => problem.code === 'document.tracking-dropped')).toEqual([
      expect.objectContaining({
        severity: 'info',
        location: { file: 'Sales Invoices.csv', row: 2, column: 'TrackingOption1' },
      }),
    ]);
    const [tracking] = problems.filter((problem) => problem.code === 'document.tracking-dropped');
    expect(tracking?.message).toContain('Region: North');
    expect(tracking?.message).toContain('Department: Service');
  });
});

describe("Xero's bank statement import template (skoulik/IBKR-to-Xero)", () => {
  const folder = join(TEMPLATES, 'skoulik-IBKR-to-Xero');
  const file = 'StatementImportTemplate.csv';

  it("is Xero's six columns, date and amount starred, with CRLF", async () => {
    const bytes = await readFile(join(folder, file));
    expect(bytes.toString('utf8')).toBe(
      '*Date,*Amount,Payee,Description,Reference,Cheque Number\r\n',
    );
  });

  it('read as the bank statement: its header is accepted and nothing in it is a problem', async () => {
    const { records, problems } = await readAll({
      folder,
      format: 'xero',
      overrides: { files: { bank_transactions: { file } }, bankAccount: '090' },
    });
    expect(records).toEqual([]);
    expect(problems.filter((problem) => problem.location?.file === file)).toEqual([]);
  });

  it('filled in, each line is a bank transaction on the account the override file names', async () => {
    const header = (await readFile(join(folder, file))).toString('utf8');
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'Bank Statement.csv': `${header}31/01/2024,-12.50,Coffee Cart,Flat white,R-1,\r\n01/02/2024,250.00,,Refund,,\r\n02/02/2024,-80.00,Landlord,Rent,,000417\r\n03/02/2024,-9.99,,Fee,F-9,000418\r\n`,
      },
      { format: 'xero', overrides: { bankAccount: '090' } },
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const lines = records
      .filter((record) => record.entity === 'bank-transaction')
      .map((record) => record.value);
    expect(lines).toEqual([
      expect.objectContaining({
        bankAccountKey: '090',
        date: '2024-01-31',
        amount: '-12.50',
        payee: 'Coffee Cart',
        description: 'Flat white',
        reference: 'R-1',
      }),
      expect.objectContaining({ date: '2024-02-01', amount: '250.00', description: 'Refund' }),
      // A cheque number stands in for a missing reference...
      expect.objectContaining({ amount: '-80.00', payee: 'Landlord', reference: '000417' }),
      // ...but beside a reference it is not kept (docs/real-world-corpus.md, "Known gaps").
      expect.objectContaining({ amount: '-9.99', reference: 'F-9' }),
    ]);
    expect(JSON.stringify(lines[3])).not.toContain('000418');
  });

  it('without a bank account, each line is a located error that says how to name it', async () => {
    const header = (await readFile(join(folder, file))).toString('utf8');
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'Bank Statement.csv': `${header}31/01/2024,-12.50,Coffee Cart,Flat white,R-1,\r\n`,
      },
      { format: 'xero' },
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([
      expect.objectContaining({
        code: 'value.required',
        location: { file: 'Bank Statement.csv', row: 2, column: 'Bank Account' },
      }),
    ]);
  });
});
