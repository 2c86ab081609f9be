import type { z } from 'zod';
import { parseShape } from '../envelope.js';
import type { QueryParams, QueryValue } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import {
  accountTransactionsReportSchema,
  agingReportSchema,
  balanceSheetSchema,
  profitAndLossSchema,
  trialBalanceSchema,
  type AccountTransactionsReport,
  type AgingReport,
  type BalanceSheet,
  type ProfitAndLoss,
  type TrialBalance,
} from '../schemas/reports-schema.js';
import type { RouteKit } from '../request-executor.js';

/** Filters every report accepts (spec, Reports); UUID lists are sent comma-separated. */
export interface ReportFilters {
  transactionStatus?: 'all' | 'reviewed' | 'unreviewed' | 'reconciled' | 'unreconciled';
  accountUuids?: readonly string[];
  categoryAccountUuids?: readonly string[];
  /** Any other documented filter, passed through as is. */
  [filter: string]: QueryValue;
}

/** Reports: POST with the filters on the query string and no body (the empty body is signed). */
export function reportRoutes(kit: RouteKit) {
  const report = <S extends z.ZodType>(
    name: string,
    schema: S,
    query: QueryParams,
    options?: CallOptions,
  ): Promise<z.output<S>> =>
    kit.execute(
      {
        method: 'POST',
        path: `/reports/${name}`,
        query,
        auth: 'bearer',
        readOnly: true,
        parse: (envelope) => parseShape(schema, envelope.data, `the ${name} report`),
      },
      options,
    );

  return {
    /** Balances cumulative to `endDate` (P1). */
    trialBalance(
      query: { endDate: string; startDate?: string } & ReportFilters,
      options?: CallOptions,
    ): Promise<TrialBalance> {
      return report('trial-balance', trialBalanceSchema, query, options);
    },

    profitAndLoss(
      query: { startDate: string; endDate: string } & ReportFilters,
      options?: CallOptions,
    ): Promise<ProfitAndLoss> {
      return report('pnl', profitAndLossSchema, query, options);
    },

    balanceSheet(
      query: { endDate: string } & ReportFilters,
      options?: CallOptions,
    ): Promise<BalanceSheet> {
      return report('balance-sheet', balanceSheetSchema, query, options);
    },

    /** Open invoices by age at `asOfDate` (P2). */
    agedReceivables(
      query: { asOfDate: string } & ReportFilters,
      options?: CallOptions,
    ): Promise<AgingReport> {
      return report('aged-receivables', agingReportSchema, query, options);
    },

    /** Open bills by age at `asOfDate` (P2). */
    agedPayables(
      query: { asOfDate: string } & ReportFilters,
      options?: CallOptions,
    ): Promise<AgingReport> {
      return report('aged-payables', agingReportSchema, query, options);
    },

    /** Journal lines grouped by account with running balances (P3). */
    accountTransactions(
      query: { startDate: string; endDate: string } & ReportFilters,
      options?: CallOptions,
    ): Promise<AccountTransactionsReport> {
      return report('account-transactions', accountTransactionsReportSchema, query, options);
    },
  };
}

export type ReportRoutes = ReturnType<typeof reportRoutes>;
