import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { OpeningBalanceLine } from '../../ledger/index.js';
import type { OpeningBalanceState, WorkspaceJournalEntry } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { References } from '../outcomes/references.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { outcomesFor, predictOne } from './outcomes.js';
import { openingBalanceRefusal } from './request-rules.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';

type BalanceRow = { accountUuid: string; debit: string; credit: string };

const cutoverOutcomes = outcomesFor('opening-balance', 'cutover');
const publishOutcomes = outcomesFor('opening-balance', 'publish');

/** Sets the workspace's cutover date: a PATCH of one value, harmless to repeat. */
export const openingBalanceCutover: PhaseHandler<string, string> = {
  step: 'opening-balance',
  phase: 'cutover',
  idempotent: true,
  plan(context) {
    const date = context.manifest.cutoverDate;
    const row: UnitRow<string> = { entity: 'workspace-cutover', key: date, data: date };
    const selection = selectRow(context, row.entity, row.key);
    return Promise.resolve({
      units: selection === 'plan' ? [[row]] : [],
      decided: [],
      counts: emptyCounts(),
    });
  },
  prepare: (_context, rows) => ({ request: rows[0]?.data, sent: rows, failed: [] }),
  send: (api, date) => api.setCutoverDate(date),
  interpret: (context, written, sent) =>
    sent.map((row) => cutoverOutcomes.created(row, 'workspace', context.unitId, written.warnings)),
  predict: (context, sent) => sent.map((row) => cutoverOutcomes.predicted(row, context.unitId)),
  lookups: () => 0,
  reconcile: () => Promise.resolve({ matched: [], nextPage: null }),
  recordsFinished: () => 0,
};

/**
 * The balances at the cutover, net per workspace account. Receivables and payables go to the
 * clearing account (the open documents rebuild them), so several legacy lines can land on one row.
 */
export function balanceRows(
  lines: OpeningBalanceLine[],
  refs: References,
  roles: Record<string, string>,
): BalanceRow[] | { missing: string } {
  const net = new Map<string, Cents>();
  for (const line of lines) {
    const role = roles[line.accountKey];
    const uuid =
      role === 'receivable' || role === 'payable' ? refs.clearing() : refs.account(line.accountKey);
    if (!uuid) return { missing: `account ${line.accountKey} was not migrated` };
    net.set(uuid, (net.get(uuid) ?? 0n) + centsOf(line.debit) - centsOf(line.credit));
  }
  return [...net]
    .filter(([, amount]) => amount !== 0n)
    .map(([accountUuid, amount]) => ({
      accountUuid,
      debit: formatCents(amount > 0n ? amount : 0n),
      credit: formatCents(amount < 0n ? -amount : 0n),
    }));
}

/** Same rows, whatever their order or number formatting. */
export function sameBalance(a: BalanceRow[], b: BalanceRow[]): boolean {
  const text = (rows: BalanceRow[]) =>
    rows
      .map((r) => `${r.accountUuid}:${centsOf(r.debit) - centsOf(r.credit)}`)
      .sort()
      .join('|');
  return text(a) === text(b);
}

interface PublishData {
  line: OpeningBalanceLine;
  roles: Record<string, string>;
  /** An undo's entry reversing this very balance: deleting it brings the balance back. */
  reversingEntry?: string;
}

/** The rows to publish, or the undo's reversing journal entry to delete. */
type PublishRequest = BalanceRow[] | { deleteEntry: string };

/**
 * Publishes the opening balance in one call; an identical published balance is matched instead,
 * unless an undo reversed it by a journal entry (`reversingEntries`, below): that entry is deleted.
 */
export const openingBalancePublish: PhaseHandler<PublishRequest, PublishData> = {
  step: 'opening-balance',
  phase: 'publish',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<PublishData>> {
    const projection = await context.store.getDocument<{ roles: Record<string, string> }>(
      `stages/${context.scope.stageId}/projection`,
    );
    const roles = projection?.roles ?? {};
    const counts = emptyCounts();
    const rows: Array<UnitRow<PublishData>> = [];
    for await (const staged of context.stagedRows('opening-balance')) {
      const line = staged.record as OpeningBalanceLine;
      counts.planned += 1;
      const row: UnitRow<PublishData> = {
        entity: 'opening-balance',
        key: line.accountKey,
        location: line.source,
        data: { line, roles },
      };
      if (selectRow(context, row.entity, row.key) === 'settled') counts.done += 1;
      else rows.push(row);
    }
    if (rows.length === 0) return { units: [], decided: [], counts };

    const [state] = await context.snapshot<OpeningBalanceState>('opening-balance');
    const [reversing] = reversingEntries(
      await context.snapshot<WorkspaceJournalEntry>('journal-entries'),
    );
    const decided: RowOutcome[] = [];
    if (state?.status === 'published') {
      const expected = balanceRows(
        rows.map((row) => row.data.line),
        context.refs,
        roles,
      );
      const identical = !('missing' in expected) && sameBalance(expected, state.rows);
      if (identical && reversing) {
        return {
          units: [
            rows.map((row) => ({ ...row, data: { ...row.data, reversingEntry: reversing.id } })),
          ],
          decided,
          counts,
        };
      }
      for (const row of rows) {
        const outcome = identical
          ? publishOutcomes.matched(row, 'published', 'opening-balance.existing')
          : publishOutcomes.failed(
              row,
              'opening-balance.exists',
              'The workspace already has a published opening balance with other figures; review it in the workspace before migrating this one.',
            );
        decided.push(outcome);
        countDecided(counts, outcome.status);
      }
      return { units: [], decided, counts };
    }
    // One call publishes every line: the balance only balances as a whole.
    return { units: [rows], decided, counts };
  },

  prepare(context, rows) {
    const reversingEntry = rows[0]?.data.reversingEntry;
    if (reversingEntry) return { request: { deleteEntry: reversingEntry }, sent: rows, failed: [] };
    const roles = rows[0]?.data.roles ?? {};
    const balance = balanceRows(
      rows.map((row) => row.data.line),
      context.refs,
      roles,
    );
    if ('missing' in balance) {
      return publishOutcomes.missingDependency(
        rows,
        `the opening balance cannot be published: ${balance.missing}`,
        context.unitId,
      );
    }
    return { request: balance, sent: rows, failed: [] };
  },

  send: (api, request) =>
    Array.isArray(request)
      ? api.publishOpeningBalance(request, false)
      : api.deleteJournalEntry(request.deleteEntry),

  interpret: (context, written, sent) =>
    sent.map((row) => publishOutcomes.created(row, 'published', context.unitId, written.warnings)),

  // A dry run checks the rows it would publish; deleting an undo's entry is never refused.
  predict: (context, sent) =>
    predictOne(publishOutcomes, context, openingBalancePublish.prepare(context, sent), (request) =>
      Array.isArray(request) ? openingBalanceRefusal(request) : undefined,
    ),

  lookups: () => 1,

  async reconcile(context, api, rows, _lookup, page) {
    const reversingEntry = rows[0]?.data.reversingEntry;
    if (reversingEntry) {
      // Deleted once it is on no page of the listing.
      const listed = await api.listJournalEntries(page);
      if (listed.records.some((entry) => entry.id === reversingEntry)) {
        return { matched: [], nextPage: null };
      }
      const last = listed.page >= listed.totalPages;
      return {
        matched: last
          ? rows.map((row) =>
              publishOutcomes.matched(row, 'published', 'reconciled', context.unitId),
            )
          : [],
        nextPage: last ? null : listed.page + 1,
      };
    }
    const state = await api.getOpeningBalance();
    const expected = balanceRows(
      rows.map((row) => row.data.line),
      context.refs,
      rows[0]?.data.roles ?? {},
    );
    const published =
      state.status === 'published' && !('missing' in expected) && sameBalance(expected, state.rows);
    return {
      matched: published
        ? rows.map((row) => publishOutcomes.matched(row, 'published', 'reconciled', context.unitId))
        : [],
      nextPage: null,
    };
  },
};

/**
 * An undo of a run that published the workspace's first opening balance cannot take it back to
 * none (docs/api-assumptions.md, R37): it posts a journal entry at the cutover with the rows' sides
 * swapped, memo `Reverses the opening balance run <run> published (ledgerlift <plan>)`. The
 * published balance then still looks like the run's, but the books hold none of it, so a later
 * run that matched it would leave every opening account at zero. That run deletes the reversing
 * entry instead of publishing (src/migration/handlers/opening-balance.ts).
 */
const PREFIX = 'Reverses the opening balance run ';

export function reversingEntryMemo(runName: string, planId: string): string {
  return `${PREFIX}${runName} published (ledgerlift ${planId})`;
}

/** The undo's reversing entries the workspace holds, oldest first. */
function reversingEntries(entries: readonly WorkspaceJournalEntry[]): WorkspaceJournalEntry[] {
  return entries
    .filter((entry) => entry.memo.startsWith(PREFIX) && entry.memo.includes('(ledgerlift '))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}
