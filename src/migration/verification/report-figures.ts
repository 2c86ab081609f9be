import { centsOf, type Cents } from '../../money/index.js';

/**
 * Reads figures out of the API's report payloads. The spec shows only sample row fields, so this
 * is tolerant: it looks for the documented field names and reads money exactly.
 */

export function moneyOf(value: unknown): Cents | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value) * 100n;
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      return centsOf(value, { round: true });
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function rowsOf(report: unknown, keys: string[]): Array<Record<string, unknown>> {
  const data = (report as { data?: unknown })?.data ?? report;
  if (!data || typeof data !== 'object') return [];
  for (const key of keys) {
    const rows = (data as Record<string, unknown>)[key];
    if (Array.isArray(rows)) return rows as Array<Record<string, unknown>>;
  }
  return [];
}

export interface TrialBalanceRow {
  accountUuid: string;
  accountName: string;
  /** Debit positive. */
  balance: Cents;
}

/** Trial balance rows: `accountUuid` with `debit` and `credit` (or a signed `balance`). */
export function trialBalanceRows(report: unknown): TrialBalanceRow[] {
  return rowsOf(report, ['rows', 'accounts']).flatMap((row) => {
    const accountUuid = row.accountUuid ?? row.uuid ?? row.id;
    if (typeof accountUuid !== 'string') return [];
    const debit = moneyOf(row.debit);
    const credit = moneyOf(row.credit);
    const balance =
      debit !== undefined && credit !== undefined ? debit - credit : moneyOf(row.balance);
    if (balance === undefined) return [];
    return [
      { accountUuid, accountName: textOf(row.accountName ?? row.name) ?? accountUuid, balance },
    ];
  });
}

export interface AgingTotal {
  counterpartyUuid: string;
  name: string;
  total: Cents;
}

/** Per-counterparty totals of an aging report: summaries when given, else detail rows summed. */
export function agingTotals(report: unknown): AgingTotal[] {
  const summaries = rowsOf(report, ['summaries', 'counterparties']);
  const source = summaries.length > 0 ? summaries : rowsOf(report, ['rows', 'details']);
  const totals = new Map<string, AgingTotal>();
  for (const row of source) {
    const uuid = row.counterpartyUuid ?? row.customerUuid ?? row.vendorUuid;
    const amount = moneyOf(summaries.length > 0 ? row.total : row.amountDue);
    if (typeof uuid !== 'string' || amount === undefined) continue;
    const current = totals.get(uuid);
    totals.set(uuid, {
      counterpartyUuid: uuid,
      name: textOf(row.counterpartyName ?? row.name) ?? uuid,
      total: (current?.total ?? 0n) + amount,
    });
  }
  return [...totals.values()];
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
