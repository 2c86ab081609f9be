import type { DataRoute, RequestContext } from '../http/route.js';
import { agedPayables, agedReceivables } from './aging.js';
import {
  accountTransactions,
  balanceSheet,
  profitAndLoss,
  trialBalance,
} from './ledger-reports.js';
import { readReportFilters, type ReportFilters } from './report-filters.js';
import { salesByCustomer, salesByProduct } from './sales.js';

type Required = Array<'startDate' | 'endDate' | 'asOfDate'>;

function report(
  path: string,
  required: Required,
  compute: (ctx: RequestContext, filters: ReportFilters) => Record<string, unknown>,
): DataRoute {
  return {
    method: 'POST',
    path: `/reports/${path}`,
    noBody: true,
    handler(ctx) {
      return { data: compute(ctx, readReportFilters(ctx.query, required)) };
    },
  };
}

/** The reports: all POST, filters on the query string, no body, computed from the journal. */
export const reportRoutes: DataRoute[] = [
  report('trial-balance', ['endDate'], (ctx, filters) => trialBalance(ctx.ws, filters)),
  report('pnl', ['startDate', 'endDate'], (ctx, filters) => profitAndLoss(ctx.ws, filters)),
  report('balance-sheet', ['endDate'], (ctx, filters) => balanceSheet(ctx.ws, filters)),
  report('aged-receivables', ['asOfDate'], (ctx, filters) => agedReceivables(ctx.ws, filters)),
  report('aged-payables', ['asOfDate'], (ctx, filters) => agedPayables(ctx.ws, filters)),
  report('account-transactions', ['startDate', 'endDate'], (ctx, filters) =>
    accountTransactions(ctx.ws, filters),
  ),
  report('sales-by-customer', ['startDate', 'endDate'], (ctx, filters) =>
    salesByCustomer(ctx.ws, filters),
  ),
  report('sales-by-product-service', ['startDate', 'endDate'], (ctx, filters) =>
    salesByProduct(ctx.ws, filters),
  ),
];
