import { createHash } from 'node:crypto';
import { centsOf, formatCents, sumCents, type Cents } from '../../money/index.js';
import { legacyBaseLines, type SalesDocument } from '../../ledger/index.js';
import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { journalEntryUnit } from './journal-entry-unit.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import { matchEntryByRef } from './reconcile-scan.js';
import { emptyCounts, selectRow } from './selection.js';
import { groupInto } from '../../collections/group-into.js';

const build = outcomesFor('invoices', 'reclassify-tax');
const INVOICE_TAX = 'invoice-tax';

interface TaxRow {
  date: string;
  /** The invoice's tax, negative for credit notes. */
  tax: string;
  /** Identifies the group's journal entry: month, plus a digest of the invoices it covers. */
  group: string;
}

/**
 * Invoice lines may only post to Income accounts, so migrated sales tax lands on the (Income)
 * clearing account first; one journal entry per month then moves it to the workspace's tax
 * account. Only invoices Ledgerlift created are reclassified (not ones matched to existing records).
 */
export const invoicesReclassifyTax: PhaseHandler<JournalEntryBody, TaxRow> = {
  step: 'invoices',
  phase: 'reclassify-tax',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<TaxRow>> {
    const endDate = context.manifest.endDate;
    const cutover = context.manifest.cutoverDate;
    const groups = new Map<string, Array<UnitRow<TaxRow>>>();
    for await (const staged of context.stagedRows('invoices')) {
      const document = staged.record as SalesDocument;
      if (document.date < cutover || document.status === 'draft') continue;
      // In base currency: a month's entry may net invoices of several currencies.
      const tax = sumCents(
        legacyBaseLines(document, context.manifest.baseCurrency).map((line) => line.tax),
      );
      if (tax === 0n) continue;
      const invoice = context.outcomes.get('invoice', document.key);
      const ours = invoice?.status === 'created' || invoice?.code === 'reconciled';
      if (!ours || selectRow(context, INVOICE_TAX, document.key) !== 'plan') continue;
      // Invoices after the end date get their own entry, so the end date's books stay exact.
      const group = `${document.date.slice(0, 7)}${document.date > endDate ? '-after-end' : ''}`;
      const row: UnitRow<TaxRow> = {
        entity: INVOICE_TAX,
        key: document.key,
        location: document.source,
        data: {
          date: document.date,
          tax: formatCents(document.type === 'credit-note' ? -tax : tax),
          group,
        },
      };
      groupInto(groups, group, row);
    }
    const units: Array<Array<UnitRow<TaxRow>>> = [];
    const decided: RowOutcome[] = [];
    for (const [month, rows] of groups) {
      const digest = createHash('sha256')
        .update(
          rows
            .map((row) => row.key)
            .sort()
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 12);
      for (const row of rows) row.data.group = `${month}-${digest}`;
      if (net(rows) === 0n)
        decided.push(...rows.map((row) => build.matched(row, 'nets-to-zero', 'tax.nets-to-zero')));
      else units.push(rows);
    }
    return { units, decided, counts: emptyCounts() };
  },

  prepare(context, rows) {
    const clearing = context.refs.clearing();
    const tax = context.refs.role('tax');
    if (!clearing || !tax || rows.length === 0) {
      const missing = !clearing ? 'the clearing account' : 'the workspace tax account';
      return build.missingDependency(rows, `${missing} is missing`, context.unitId);
    }
    const amount = net(rows);
    const magnitude = formatCents(amount < 0n ? -amount : amount);
    const zero = '0.00';
    const group = rows[0]?.data.group as string;
    return {
      request: {
        date: rows
          .map((row) => row.data.date)
          .sort()
          .at(-1) as string,
        memo: `Sales tax of ${rows.length} migrated invoices, moved from the conversion clearing account to sales tax (${ledgerliftRef('tax-reclass', group)})`,
        lines: [
          {
            accountUuid: clearing,
            debit: amount > 0n ? magnitude : zero,
            credit: amount > 0n ? zero : magnitude,
          },
          {
            accountUuid: tax,
            debit: amount > 0n ? zero : magnitude,
            credit: amount > 0n ? magnitude : zero,
          },
        ],
      },
      sent: rows,
      failed: [],
    };
  },

  ...journalEntryUnit(build),

  async reconcile(context, api, rows, _lookup, page) {
    const ref = ledgerliftRef('tax-reclass', rows[0]?.data.group ?? '');
    return matchEntryByRef(context, rows, await api.listJournalEntries(page), ref, (row, id) =>
      build.matched(row, id, 'reconciled', context.unitId),
    );
  },

  recordsFinished: () => 0,
};

function net(rows: Array<UnitRow<TaxRow>>): Cents {
  return sumCents(rows.map((row) => centsOf(row.data.tax)));
}
