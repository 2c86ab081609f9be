/**
 * A small Xero company with activity after a 1 January 2026 cutover as real Xero books hold it:
 * bills of two suppliers sharing the number "RENT", bills without a number, an invoice open at the
 * cutover and partly paid after it, an invoice settled after the cutover by a credit note and a
 * payment, drafts, and the Trial Balance reports at both ends. The layouts are Xero's exports (the
 * bundled samples/demo-company-xero/ has the same headers).
 *
 * The closing trial balance is computed by hand from the opening one and the activity:
 * - Business Checking: 5,000.00 − 1,000.00 (Dec RENT) + 200.00 (INV-100) − 1,000.00 (Jan RENT)
 *   − 300.00 (Beta RENT) − 150.00 (Beta, no number) + 250.00 (INV-102) − 1,000.00 (Feb RENT)
 *   + 300.00 (INV-101) = 2,300.00 debit.
 * - Accounts Receivable: 900.00 + 250.00 (INV-102) − 100.00 (CN-1) − 200.00 − 250.00 − 300.00
 *   = 300.00 debit, which is INV-100's 300.00 still due.
 * - Accounts Payable: 1,000.00 + 3 × 1,000.00 (Acme RENT) + 300.00 (Beta RENT) + 2 × 150.00
 *   (Beta, no number) − 3,450.00 paid = 1,150.00 credit: March's RENT and February's unnumbered
 *   bill, both still due.
 * - Sales: 250.00 (INV-102) − 100.00 (CN-1) = 150.00 credit; Rent: 3 × 1,000.00 + 300.00 =
 *   3,300.00 debit; Utilities: 2 × 150.00 = 300.00 debit; Owner's Capital: 4,900.00 credit as
 *   opened. The drafts (bill AP-9, invoice INV-103) and the voided bill V-1 post nothing.
 */
import { centsOf, formatCents } from '../../src/money/index.js';

const documentHeader =
  'ContactName,EmailAddress,InvoiceNumber,Reference,InvoiceDate,DueDate,Total,TaxTotal,InvoiceAmountPaid,InvoiceAmountDue,InventoryItemCode,Description,Quantity,UnitAmount,Discount,LineAmount,AccountCode,TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,Type,Sent,Status';

/** One single-line document row in Xero's invoice and bill export layout. */
function documentRow(fields: {
  contact: string;
  number: string;
  date: string;
  total: string;
  paid: string;
  due: string;
  description: string;
  account: string;
  type: string;
  status: string;
}): string {
  const { contact, number, date, total, paid, due, description, account, type, status } = fields;
  return `${contact},,${number},,${date},${date},${total},0.00,${paid},${due},,${description},1.0000,${total},,${total},${account},Tax Exempt,0.00,,,,,USD,${type},,${status}`;
}

const bill = (
  contact: string,
  number: string,
  date: string,
  total: string,
  due: string,
  status: string,
  account = '6000',
) =>
  documentRow({
    contact,
    number,
    date,
    total,
    paid: formatCents(centsOf(total) - centsOf(due)),
    due,
    description: account === '6000' ? 'Rent' : 'Storage',
    account,
    type: 'Bill',
    status,
  });

const sale = (
  contact: string,
  number: string,
  date: string,
  total: string,
  paid: string,
  due: string,
  status: string,
  type = 'Sales invoice',
) =>
  documentRow({
    contact,
    number,
    date,
    total,
    paid,
    due,
    description: 'Catering',
    account: '4000',
    type,
    status,
  });

export const sharedNumbersCompany: Record<string, string> = {
  'Chart of Accounts.csv': [
    '*Code,*Name,*Type,*Tax Code,Description,Dashboard,Expense Claims,Enable Payments,Balance',
    '1000,Business Checking,Bank,Tax Exempt,,Yes,No,No,',
    '1100,Accounts Receivable,Accounts Receivable,Tax Exempt,,No,No,No,',
    '2000,Accounts Payable,Accounts Payable,Tax Exempt,,No,No,No,',
    "3000,Owner's Capital,Equity,Tax Exempt,,No,No,No,",
    '3100,Retained Earnings,Retained Earnings,Tax Exempt,,No,No,No,',
    '4000,Sales,Revenue,Tax Exempt,,No,No,No,',
    '6000,Rent,Expense,Tax Exempt,,No,No,No,',
    '6100,Utilities,Expense,Tax Exempt,,No,No,No,',
  ].join('\n'),
  'Contacts.csv': [
    'ContactName,AccountNumber,EmailAddress',
    'Acme Property,,',
    'Beta Storage,,',
    'Carol Cafe,,',
    'Dan Deli,,',
  ].join('\n'),
  'Opening Trial Balance.csv': [
    'Trial Balance',
    'Shared Numbers Trading',
    '"As at December 31, 2025"',
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Assets',
    'Accounts Receivable (1100),,,900.00,',
    'Business Checking (1000),,,"5,000.00",',
    'Total Assets,,,"5,900.00",',
    'Liabilities',
    'Accounts Payable (2000),,,,"1,000.00"',
    'Total Liabilities,,,,"1,000.00"',
    'Equity',
    'Owner\'s Capital (3000),,,,"4,900.00"',
    'Total Equity,,,,"4,900.00"',
    'Total,,,"5,900.00","5,900.00"',
  ].join('\n'),
  'Sales Invoices.csv': [
    documentHeader,
    sale('Carol Cafe', 'INV-100', '12/10/2025', '500.00', '200.00', '300.00', 'AUTHORISED'),
    sale('Dan Deli', 'INV-101', '12/15/2025', '400.00', '400.00', '0.00', 'PAID'),
    sale('Dan Deli', 'CN-1', '01/20/2026', '100.00', '100.00', '0.00', 'PAID', 'Sales credit note'),
    sale('Carol Cafe', 'INV-102', '02/05/2026', '250.00', '250.00', '0.00', 'PAID'),
    sale('Dan Deli', 'INV-103', '03/20/2026', '600.00', '0.00', '600.00', 'DRAFT'),
  ].join('\n'),
  'Bills.csv': [
    documentHeader,
    bill('Acme Property', 'RENT', '12/14/2025', '1000.00', '0.00', 'PAID'),
    bill('Acme Property', 'RENT', '01/14/2026', '1000.00', '0.00', 'PAID'),
    bill('Beta Storage', 'RENT', '01/14/2026', '300.00', '0.00', 'PAID'),
    bill('Beta Storage', '', '01/20/2026', '150.00', '0.00', 'PAID', '6100'),
    bill('Acme Property', 'RENT', '02/14/2026', '1000.00', '0.00', 'PAID'),
    bill('Beta Storage', '', '02/20/2026', '150.00', '150.00', 'AUTHORISED', '6100'),
    bill('Acme Property', 'AP-9', '02/25/2026', '80.00', '80.00', 'DRAFT'),
    bill('Acme Property', 'RENT', '03/14/2026', '1000.00', '1000.00', 'AUTHORISED'),
    bill('Beta Storage', 'V-1', '03/02/2026', '75.00', '0.00', 'VOIDED', '6100'),
  ].join('\n'),
  'Payments.csv': [
    'PaymentID,Date,PaymentType,ContactName,InvoiceNumber,Amount,Currency,BankAccountCode,Reference',
    ',01/05/2026,ACCPAYPAYMENT,Acme Property,RENT,1000.00,USD,1000,',
    ',01/15/2026,ACCRECPAYMENT,Carol Cafe,INV-100,200.00,USD,1000,',
    ',01/16/2026,ACCPAYPAYMENT,Acme Property,RENT,1000.00,USD,1000,',
    ',01/16/2026,ACCPAYPAYMENT,Beta Storage,RENT,300.00,USD,1000,',
    ',01/21/2026,ACCPAYPAYMENT,Beta Storage,,150.00,USD,1000,',
    ',02/10/2026,ACCRECPAYMENT,Carol Cafe,INV-102,250.00,USD,1000,',
    ',02/16/2026,ACCPAYPAYMENT,Acme Property,RENT,1000.00,USD,1000,',
    ',02/25/2026,ACCRECPAYMENT,Dan Deli,INV-101,300.00,USD,1000,',
  ].join('\n'),
  'Credit Note Allocations.csv': [
    'Date,CreditNoteNumber,InvoiceNumber,Amount,Type,ContactName',
    '01/20/2026,CN-1,INV-101,100.00,ACCRECCREDIT,Dan Deli',
  ].join('\n'),
  'Trial Balance.csv': [
    'Trial Balance',
    'Shared Numbers Trading',
    '"As at March 31, 2026"',
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Revenue',
    'Sales (4000),,150.00,,150.00',
    'Total Revenue,,150.00,,150.00',
    'Expenses',
    'Rent (6000),"3,300.00",,"3,300.00",',
    'Utilities (6100),300.00,,300.00,',
    'Total Expenses,"3,600.00",,"3,600.00",',
    'Assets',
    'Accounts Receivable (1100),,600.00,300.00,',
    'Business Checking (1000),,"2,700.00","2,300.00",',
    'Total Assets,,"3,300.00","2,600.00",',
    'Liabilities',
    'Accounts Payable (2000),,150.00,,"1,150.00"',
    'Total Liabilities,,150.00,,"1,150.00"',
    'Equity',
    'Owner\'s Capital (3000),,,,"4,900.00"',
    'Total Equity,,,,"4,900.00"',
    'Total,"3,600.00","3,600.00","6,200.00","6,200.00"',
  ].join('\n'),
};
