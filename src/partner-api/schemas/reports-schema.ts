import { z } from 'zod';
import { accountColumns, optionalListOf, optionalText } from './common.js';
import { moneyFromWire } from './wire-decimal.js';

/**
 * Reports. Only the fields the migration reads are typed (P1 to P3); everything else passes
 * through. Totals objects have one money field per column or bucket, whatever their names.
 */

const money = moneyFromWire.nullish();

/** An object whose numeric values are all money (report totals, bucket sums). */
const moneyTotalsSchema = z.record(z.string(), z.union([moneyFromWire, z.unknown()]));

/** One trial balance row (P1): debit, credit and balance as money strings. */
const trialBalanceRowSchema = z.looseObject({
  ...accountColumns,
  debit: money,
  credit: money,
  balance: money,
});

/** What a report over a period ends with: its totals, currency and dates. */
const periodTotals = {
  totals: moneyTotalsSchema.optional(),
  currency: optionalText,
  startDate: optionalText,
  endDate: optionalText,
};

/** Trial balance (P1): cumulative to `endDate`. */
export const trialBalanceSchema = z.looseObject({
  rows: z.array(trialBalanceRowSchema).optional(),
  accounts: z.array(trialBalanceRowSchema).optional(),
  ...periodTotals,
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** Profit and loss: revenue positive, expenses negative. */
export const profitAndLossSchema = z.looseObject({
  rows: optionalListOf({ ...accountColumns, amount: money }),
  ...periodTotals,
});
export type ProfitAndLoss = z.infer<typeof profitAndLossSchema>;

/** Balance sheet: sections with their accounts. */
export const balanceSheetSchema = z.looseObject({
  sections: optionalListOf({
    name: optionalText,
    total: money,
    accounts: optionalListOf({
      accountUuid: optionalText,
      accountName: optionalText,
      balance: money,
    }),
  }),
  totals: moneyTotalsSchema.optional(),
  currency: optionalText,
  endDate: optionalText,
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

/** The customer or vendor an aging row or summary is about. */
const counterpartyColumns = {
  counterpartyUuid: optionalText,
  counterpartyName: optionalText,
};

/** Aged receivables or payables (P2). */
export const agingReportSchema = z.looseObject({
  rows: optionalListOf({
    documentUuid: optionalText,
    documentNumber: optionalText,
    ...counterpartyColumns,
    date: optionalText,
    dueDate: optionalText,
    amountDue: money,
    daysOverdue: z.number().nullish(),
    bucket: optionalText,
  }),
  summaries: optionalListOf({
    ...counterpartyColumns,
    current: money,
    '1-30': money,
    '31-60': money,
    '61-90': money,
    '90+': money,
    total: money,
  }),
  totals: moneyTotalsSchema.optional(),
  reconciliation: z
    .looseObject({
      controlAccountBalance: money,
      agingTotal: money,
      difference: money,
    })
    .optional(),
});
export type AgingReport = z.infer<typeof agingReportSchema>;

/** Account transactions (P3): lines per account with running balances. */
export const accountTransactionsReportSchema = z.looseObject({
  accounts: optionalListOf({
    accountUuid: optionalText,
    accountName: optionalText,
    openingBalance: money,
    endingBalance: money,
    lines: optionalListOf({
      date: optionalText,
      memo: optionalText,
      debit: money,
      credit: money,
      runningBalance: money,
      source: z.unknown().optional(),
    }),
  }),
  startDate: optionalText,
  endDate: optionalText,
});
export type AccountTransactionsReport = z.infer<typeof accountTransactionsReportSchema>;
