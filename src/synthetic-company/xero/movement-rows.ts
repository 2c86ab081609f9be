import type { BankTransaction, CreditApplication, Payment } from '../../ledger/index.js';
import type { Row } from './csv-file.js';
import { xeroDate } from './xero-values.js';
import { creditTypes, paymentTypes } from './xero-labels.js';

/**
 * A bank statement line: one signed amount, money out negative. The statement has no line ids (the
 * mapping derives keys from date, amount and payee), so the generator's key is not written. The
 * payee is the line's own, or the name of the contact it names.
 */
export function bankStatementRow(
  line: BankTransaction,
  codeOf: (accountKey: string) => string,
  payee: string | undefined,
): Row {
  return {
    Date: xeroDate(line.date),
    Amount: line.amount,
    Payee: payee,
    Description: line.description,
    Reference: line.reference,
    'Bank Account': codeOf(line.bankAccountKey),
    'Account Code': line.categoryAccountKey && codeOf(line.categoryAccountKey),
  };
}

/**
 * The rows of one payment, one per document it pays; rows sharing a PaymentID are one payment whose
 * amount is the sum of its rows (the layout has no total, so an unallocated remainder is not carried).
 */
export function paymentRows(
  entity: keyof typeof paymentTypes,
  payment: Payment,
  contactName: string,
  codeOf: (accountKey: string) => string,
): Row[] {
  return payment.allocations.map((allocation) => ({
    PaymentID: payment.key,
    Date: xeroDate(payment.date),
    PaymentType: paymentTypes[entity],
    ContactName: contactName,
    InvoiceNumber: allocation.documentKey,
    Amount: allocation.amount,
    Currency: payment.currency,
    BankAccountCode: codeOf(payment.bankAccountKey),
    Reference: payment.reference,
  }));
}

export function creditAllocationRow(credit: CreditApplication): Row {
  return {
    Date: xeroDate(credit.date),
    CreditNoteNumber: credit.creditKey,
    InvoiceNumber: credit.documentKey,
    Amount: credit.amount,
    Type: creditTypes[credit.kind],
  };
}
