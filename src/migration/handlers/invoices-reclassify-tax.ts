import { createHash } from 'node:crypto';
import { centsOf, formatCents, sumCents, type Cents } from '../../money/index.js';
import { cutText, legacyBaseLines, type SalesDocument } from '../../ledger/index.js';
import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { journalEntryUnit } from './journal-entries-create.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import { matchEntryByRef } from './reconcile-scan.js';
import { legacyChartOf, reclassifiedLines } from './sales-line-accounts.js';
import { emptyCounts, selectRow } from './selection.js';
import { groupInto } from '../../collections/group-into.js';

const build = outcomesFor('invoices', 'reclassify-tax');
const INVOICE_TAX = 'invoice-tax';
/**
 * Outcome entity of a sales document's lines on one account other than income, moved from the
 * clearing account to it; key `<document key>@<account key>`.
 */
export const INVOICE_LINES = 'invoice-lines';

/** Where a row's amount moves from the clearing account. */
type Target = { kind: 'tax' } | { kind: 'account'; key: string; label: string };

interface ReclassRow {
  date: string;
  /** What moves off the clearing account, base currency: negative for credit notes. */
  amount: string;
  /** Identifies the group's journal entry: month and target, plus a digest of the rows it covers. */
  group: string;
  target: Target;
}

/**
 * Invoice lines may only post to Income accounts (R26), so what a migrated sales document posts
 * elsewhere lands on Ledgerlift's (Income) clearing account first: its sales tax, and any line on
 * an account other than income (a freight recharge on the freight expense account, say;
 * sales-line-accounts.ts). One journal entry per month and target account then moves it on: Dr
 * clearing, Cr the sales tax account or the line's own account (credit notes the reverse), dated
 * on the month's last such document. Documents after the end date get their own entry, so the
 * books at the end date are exact and the clearing account ends at zero. Only documents Ledgerlift
 * created are reclassified (not ones matched to existing records). The phase keeps its first name,
 * `reclassify-tax`: committed workflow histories name it.
 */
export const invoicesReclassifyTax: PhaseHandler<JournalEntryBody, ReclassRow> = {
  step: 'invoices',
  phase: 'reclassify-tax',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<ReclassRow>> {
    const endDate = context.manifest.endDate;
    const cutover = context.manifest.cutoverDate;
    const chart = await legacyChartOf(context);
    const groups = new Map<string, Array<UnitRow<ReclassRow>>>();
    for await (const staged of context.stagedRows('invoices')) {
      const document = staged.record as SalesDocument;
      if (document.date < cutover || document.status === 'draft') continue;
      const invoice = context.outcomes.get('invoice', document.key);
      const ours = invoice?.status === 'created' || invoice?.code === 'reconciled';
      if (!ours) continue;
      // In base currency: a month's entry may net documents of several currencies.
      const base = legacyBaseLines(document, context.manifest.baseCurrency);
      const sign = document.type === 'credit-note' ? -1n : 1n;
      // Documents after the end date get their own entry, so the end date's books stay exact.
      const month = `${document.date.slice(0, 7)}${document.date > endDate ? '-after-end' : ''}`;
      const add = (entity: string, key: string, amount: Cents, target: Target) => {
        if (amount === 0n || selectRow(context, entity, key) !== 'plan') return;
        const group = `${month}${target.kind === 'account' ? `@${target.key}` : ''}`;
        groupInto(groups, group, {
          entity,
          key,
          location: document.source,
          data: { date: document.date, amount: formatCents(sign * amount), group, target },
        });
      };
      add(INVOICE_TAX, document.key, sumCents(base.map((line) => line.tax)), { kind: 'tax' });
      const byAccount = new Map<string, Cents>();
      for (const index of reclassifiedLines(document, chart) ?? []) {
        const accountKey = document.lines[index]?.accountKey as string;
        byAccount.set(accountKey, (byAccount.get(accountKey) ?? 0n) + (base[index]?.amount ?? 0n));
      }
      for (const [accountKey, amount] of byAccount) {
        const label = chart.get(accountKey)?.label ?? accountKey;
        add(INVOICE_LINES, `${document.key}@${accountKey}`, amount, {
          kind: 'account',
          key: accountKey,
          label,
        });
      }
    }
    const units: Array<Array<UnitRow<ReclassRow>>> = [];
    const decided: RowOutcome[] = [];
    for (const [group, rows] of groups) {
      const digest = createHash('sha256')
        .update(
          rows
            .map((row) => row.key)
            .sort()
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 12);
      const month = group.split('@')[0] as string;
      for (const row of rows) row.data.group = `${month}-${digest}`;
      if (net(rows) === 0n) {
        const code = rows[0]?.data.target.kind === 'tax' ? 'tax.nets-to-zero' : 'line.nets-to-zero';
        decided.push(...rows.map((row) => build.matched(row, 'nets-to-zero', code)));
      } else units.push(rows);
    }
    return { units, decided, counts: emptyCounts() };
  },

  prepare(context, rows) {
    const clearing = context.refs.clearing();
    const target = rows[0]?.data.target;
    const to =
      target?.kind === 'account' ? context.refs.account(target.key) : context.refs.role('tax');
    if (!clearing || !to || !target) {
      const missing = !clearing
        ? 'the clearing account'
        : target?.kind === 'account'
          ? `the account ${target.key}`
          : 'the workspace tax account';
      return build.missingDependency(rows, `${missing} is missing`, context.unitId);
    }
    const amount = net(rows);
    const magnitude = formatCents(amount < 0n ? -amount : amount);
    const zero = '0.00';
    const group = rows[0]?.data.group as string;
    const memo =
      target.kind === 'tax'
        ? `Sales tax of ${rows.length} migrated invoices, moved from the conversion clearing account to sales tax (${ledgerliftRef('tax-reclass', group)})`
        : `Lines of ${rows.length} migrated invoices and credit notes on ${cutText(target.label, 200)}, which the API takes only on an income account, moved from the conversion clearing account to it (${ledgerliftRef('line-reclass', group)})`;
    return {
      request: {
        date: rows
          .map((row) => row.data.date)
          .sort()
          .at(-1) as string,
        memo,
        lines: [
          {
            accountUuid: clearing,
            debit: amount > 0n ? magnitude : zero,
            credit: amount > 0n ? zero : magnitude,
          },
          {
            accountUuid: to,
            debit: amount > 0n ? zero : magnitude,
            credit: amount > 0n ? magnitude : zero,
          },
        ],
      },
      sent: rows,
      failed: [],
    };
  },

  ...journalEntryUnit(build, (context, rows) => invoicesReclassifyTax.prepare(context, rows)),

  async reconcile(context, api, rows, _lookup, page) {
    const first = rows[0]?.data;
    const ref = ledgerliftRef(
      first?.target.kind === 'account' ? 'line-reclass' : 'tax-reclass',
      first?.group ?? '',
    );
    return matchEntryByRef(context, rows, await api.listJournalEntries(page), ref, (row, id) =>
      build.matched(row, id, 'reconciled', context.unitId),
    );
  },

  recordsFinished: () => 0,
};

function net(rows: Array<UnitRow<ReclassRow>>): Cents {
  return sumCents(rows.map((row) => centsOf(row.data.amount)));
}
