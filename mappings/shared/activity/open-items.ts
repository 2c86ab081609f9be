import {
  CONVERSION_CLEARING_KEY,
  type IsoDate,
  type PurchaseDocument,
  type SalesDocument,
  type SourceLocation,
} from '../../../src/ledger/index.js';
import { formatCents, type Cents } from '../../../src/money/index.js';
import type { Mapped } from '../../../src/sources/table-mapping/table-spec.js';
import { documentNumbering } from '../keys.js';
import type { DocumentRegister } from './document-register.js';

/**
 * An open item of an aged receivables or payables report as at the day before the cutover (Xero's
 * Aged Receivables Detail, QuickBooks' A/R Aging Detail or Open Invoices): a document still due at
 * the cutover, for its open amount in base currency.
 */
export interface OpenItem {
  entity: 'invoice' | 'bill';
  /** A credit (credit note, supplier credit, unapplied payment) rather than a charge. */
  credit: boolean;
  number: string | undefined;
  /** The customer or supplier: its key when the lists know it, else as written. */
  partyKey: string;
  date: IsoDate;
  dueDate?: IsoDate | undefined;
  reference?: string | undefined;
  /** The document's original amount, when the report gives it, base currency, positive. */
  total?: Cents | undefined;
  /** What was open on it at the report's date, base currency, positive. */
  open: Cents;
  /** The report it came from, for the line's description. */
  report: string;
  location: SourceLocation;
}

/**
 * The documents open items become, in the register, when the folder holds no export of the
 * documents themselves: one line for the original amount (the conversion posts it to clearing
 * whatever its account), open at the cutover for what the report says. A document the register
 * already holds (exported too) is left out. A number several items share, or none (Xero's credit
 * notes), does not identify a document: it is known by its contact, date and amount, as the report
 * shows it.
 */
export function registerOpenItems(
  items: readonly OpenItem[],
  register: DocumentRegister,
  baseCurrency: string,
): void {
  const fresh = items.filter(
    (item) =>
      item.number === undefined || register.withNumber(item.entity, item.number).length === 0,
  );
  const counts = new Map<string, number>();
  for (const item of fresh) {
    const id = `${item.entity}:${item.number ?? ''}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const item of fresh) {
    const shared = (counts.get(`${item.entity}:${item.number ?? ''}`) ?? 0) > 1;
    register.add(openItemDocument(item, shared ? undefined : item.number, baseCurrency));
  }
}

function openItemDocument(
  item: OpenItem,
  ownNumber: string | undefined,
  baseCurrency: string,
): Mapped<'invoice'> | Mapped<'bill'> {
  const total = item.total !== undefined && item.total >= item.open ? item.total : item.open;
  const numbering = documentNumbering(ownNumber, {
    number: item.number,
    contact: item.partyKey,
    date: item.date,
    total: formatCents(total),
  });
  const amount = formatCents(total);
  const common = {
    key: numbering.key,
    number: numbering.number,
    ...(numbering.legacyNumber ? { legacyNumber: numbering.legacyNumber } : {}),
    date: item.date,
    ...(item.dueDate && item.dueDate >= item.date ? { dueDate: item.dueDate } : {}),
    currency: baseCurrency,
    ...(item.reference ? { reference: item.reference } : {}),
    lines: [
      {
        description: `Open at the cutover (${item.report})`,
        quantity: '1',
        unitPrice: amount,
        amount,
        accountKey: CONVERSION_CLEARING_KEY,
        taxAmount: '0.00',
        source: item.location,
      },
    ],
    subtotal: amount,
    taxTotal: '0.00',
    total: amount,
    dueAtCutover: formatCents(item.open),
    status: 'open' as const,
    source: item.location,
  };
  const value =
    item.entity === 'invoice'
      ? ({
          ...common,
          type: item.credit ? 'credit-note' : 'invoice',
          customerKey: item.partyKey,
        } satisfies SalesDocument)
      : ({
          ...common,
          type: item.credit ? 'vendor-credit' : 'bill',
          vendorKey: item.partyKey,
        } satisfies PurchaseDocument);
  return {
    entity: item.entity,
    key: numbering.key,
    value,
    location: item.location,
    problems: [],
  } as Mapped<'invoice'> | Mapped<'bill'>;
}
