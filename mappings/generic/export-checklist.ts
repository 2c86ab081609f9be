import type {
  ExportItem,
  ExportNeed,
  ExportPeriod,
  FormatChecklist,
} from '../shared/export-checklist.js';

/** One of Ledgerlift's own templates, filled from whatever the legacy system exports. */
function template(id: string, period: ExportPeriod, need: ExportNeed, usedFor: string): ExportItem {
  return {
    id,
    name: id,
    period,
    menuPath: `ledgerlift template <dir> writes ${id}.csv and its sheet of ledgerlift-templates.xlsx`,
    choose: 'one row per record, in the template’s columns',
    fileName: `${id}.csv`,
    usedFor,
    need,
    layout: { trust: 'real', evidence: "Ledgerlift's own template (docs/mappings.md)" },
  };
}

/** Ledgerlift's templates (docs/mappings.md, "The generic format"), in the order to fill them. */
export const genericExports: FormatChecklist = {
  system: 'any other system (the generic templates)',
  items: [
    template('accounts', 'listing', 'required', 'the accounts: every other file names them'),
    template('customers', 'listing', 'optional', 'the customers'),
    template('vendors', 'listing', 'optional', 'the suppliers'),
    template('products', 'listing', 'optional', 'the items documents name'),
    template(
      'opening_balances',
      'opening',
      { requiredIf: 'the books hold balances at the cutover' },
      'the opening balance of every account at the cutover',
    ),
    template('invoices', 'documents', 'optional', 'invoices and credit notes'),
    template('bills', 'documents', 'optional', 'bills and vendor credits'),
    template('bank_transactions', 'activity', 'optional', 'other money in and out of the banks'),
    template('customer_payments', 'activity', 'optional', 'payments from customers'),
    template('vendor_payments', 'activity', 'optional', 'payments to suppliers'),
    template('credit_applications', 'activity', 'optional', 'credits applied to documents'),
    template(
      'trial_balance',
      'closing',
      'optional',
      'what the migrated books are verified against (without it, the opening balances rolled forward)',
    ),
  ],
  notes: [],
};
