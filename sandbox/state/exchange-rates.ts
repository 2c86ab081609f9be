import { isExchangeRate, multiplyByRate, type Cents } from '../../src/money/index.js';
import { businessRule } from '../http/api-error.js';
import { money } from '../http/views.js';
import type { ExchangeRateEntry, WorkspaceMeta } from './records.js';

/**
 * The sandbox's dated exchange-rate table (assumption R34, docs/api-assumptions.md): a foreign document is
 * valued in the workspace's currency at the rate in force on its date, each line converted and
 * rounded to cents, the control account taking the sum of the lines. The spec shows no rate field,
 * so rates are set by configuration or the admin route, never by a partner call.
 */
export type { ExchangeRateEntry };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** A readable reason the table is unusable, or undefined when every entry is well formed. */
export function exchangeRateTableProblem(
  entries: readonly ExchangeRateEntry[],
): string | undefined {
  for (const [index, entry] of entries.entries()) {
    if (!CURRENCY.test(entry.currency)) return `rates[${index}].currency must be ISO 4217`;
    if (!DATE.test(entry.from)) return `rates[${index}].from must be a YYYY-MM-DD date`;
    if (typeof entry.rate !== 'string' || !isExchangeRate(entry.rate))
      return `rates[${index}].rate must be a positive decimal string`;
  }
  return undefined;
}

/** The rate for `currency` on `date`: "1" for the workspace's own currency. */
function rateOn(meta: WorkspaceMeta, currency: string, date: string): string | undefined {
  if (currency === meta.currency) return '1';
  let best: ExchangeRateEntry | undefined;
  for (const entry of meta.exchangeRates ?? []) {
    if (entry.currency !== currency || entry.from > date) continue;
    if (!best || entry.from >= best.from) best = entry;
  }
  return best?.rate;
}

/** The rate for a document about to be posted; a 400 naming the missing rate otherwise. */
export function requireRate(meta: WorkspaceMeta, currency: string, date: string): string {
  const rate = rateOn(meta, currency, date);
  if (rate === undefined)
    throw businessRule(
      `No exchange rate from ${currency} to ${meta.currency} on or before ${date} in this workspace.`,
    );
  return rate;
}

/** Each amount in the workspace's currency at `rate`, rounded to cents. */
export function toWorkspaceCurrency(amounts: readonly Cents[], rate: string): Cents[] {
  return rate === '1' ? [...amounts] : amounts.map((amount) => multiplyByRate(amount, rate));
}

/**
 * The workspace-currency valuation of a posted foreign document, as its view shows it (assumption
 * R34): the rate, the base total (the control account's posting) and each line's base amount.
 * Nothing for a document in the workspace's currency.
 */
export function baseValueView(rate: string | undefined, lineAmounts: readonly Cents[]) {
  if (rate === undefined) return {};
  const amounts = toWorkspaceCurrency(lineAmounts, rate);
  return {
    exchangeRate: rate,
    baseTotal: money(amounts.reduce((sum, amount) => sum + amount, 0n)),
    baseLineAmounts: amounts.map(money),
  };
}
