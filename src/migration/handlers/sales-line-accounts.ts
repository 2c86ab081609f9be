import { salesLineAccepts, type Account, type SalesDocument } from '../../ledger/index.js';
import type { PlanContext } from '../engine/phase-handler.js';

/** A legacy account as a sales line's reclassification needs it: what it is and what it is called. */
export interface LineAccount {
  kind: Account['kind'];
  /** "425 Freight", for the journal's memo. */
  label: string;
}

/**
 * The legacy chart by key, read from the staged accounts (a chart is small). A phase that asks
 * which sales lines the API refuses on their own account reads it once per plan.
 */
export async function legacyChartOf(context: PlanContext): Promise<Map<string, LineAccount>> {
  const chart = new Map<string, LineAccount>();
  for await (const staged of context.stagedRows('accounts')) {
    const account = staged.record as Account;
    chart.set(account.key, {
      kind: account.kind,
      label: [account.code, account.name].filter(Boolean).join(' '),
    });
  }
  return chart;
}

/**
 * The lines (by index) of an invoice or credit note dated from the cutover on whose account is not
 * an Income account, which the API refuses on a sales line (R26): they are sent on the clearing
 * account, and the invoices step's reclassification moves them to their own account
 * (invoices-reclassify-tax.ts). A line on an account the chart does not hold is left as it is (its
 * account was never migrated, and the document fails on that). Undefined when there is none.
 */
export function reclassifiedLines(
  document: SalesDocument,
  chart: ReadonlyMap<string, LineAccount>,
): number[] | undefined {
  const indexes: number[] = [];
  document.lines.forEach((line, index) => {
    const account = chart.get(line.accountKey);
    if (account && !salesLineAccepts(account.kind)) indexes.push(index);
  });
  return indexes.length > 0 ? indexes : undefined;
}
