import type { JournalEntry } from '../../ledger/index.js';
import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import { journalEntryUnit } from './journal-entry-unit.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import { matchCreated } from './reconcile-scan.js';
import { emptyCounts, selectRow } from './selection.js';

const build = outcomesFor('journal-entries', 'create');

interface JournalRow {
  entry: JournalEntry;
}

/** Room the API gives a memo and a reference number (docs/api-assumptions.md R3). */
const MEMO_MAX = 1000;
const REFERENCE_MAX = 100;

/**
 * The memo a migrated entry carries: the legacy memo (shortened to leave room), then, on its own
 * last line, the marker reconciliation looks for.
 */
function memoOf(row: UnitRow<JournalRow>): string {
  const marker = ledgerliftRef(row.entity, row.key);
  const memo = row.data.entry.memo.slice(0, Math.max(0, MEMO_MAX - marker.length - 1));
  return memo ? `${memo}\n${marker}` : marker;
}

function hasMarker(memo: string, row: UnitRow<JournalRow>): boolean {
  return memo.split('\n').at(-1) === ledgerliftRef(row.entity, row.key);
}

/**
 * General journal entries dated from the cutover on: one entry per call, lines on the migrated
 * accounts (system accounts on the workspace's own). After an ambiguous attempt, the workspace's
 * manual journal entries are searched for the entry's Ledgerlift marker in the memo.
 */
export const journalEntriesCreate: PhaseHandler<JournalEntryBody, JournalRow> = {
  step: 'journal-entries',
  phase: 'create',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<JournalRow>> {
    const counts = emptyCounts();
    for await (const staged of context.stagedRows('journal-entries')) {
      const entry = staged.record as JournalEntry;
      counts.planned += 1;
      const selection = selectRow(context, 'journal-entry', entry.key);
      if (selection === 'settled') counts.done += 1;
      if (selection === 'plan')
        await context.sink.unit([
          { entity: 'journal-entry', key: entry.key, location: entry.source, data: { entry } },
        ]);
    }
    return { units: [], decided: [], counts };
  },

  prepare(context, rows) {
    const [row] = rows;
    if (!row) return { request: undefined, sent: [], failed: [] };
    const { entry } = row.data;
    const lines: JournalEntryBody['lines'] = [];
    for (const line of entry.lines) {
      const accountUuid = context.refs.account(line.accountKey);
      if (!accountUuid) {
        return build.missingDependency(
          [row],
          `its account ${line.accountKey} was not migrated`,
          context.unitId,
        );
      }
      lines.push({
        accountUuid,
        debit: line.debit,
        credit: line.credit,
        ...(line.description ? { description: line.description } : {}),
      });
    }
    return {
      request: {
        date: entry.date,
        memo: memoOf(row),
        ...(entry.number ? { referenceNumber: entry.number.slice(0, REFERENCE_MAX) } : {}),
        lines,
      },
      sent: [row],
      failed: [],
    };
  },

  ...journalEntryUnit(build, (context, rows) => journalEntriesCreate.prepare(context, rows)),

  reconcile: async (context, api, rows, _lookup, page) =>
    matchCreated(build, context, rows, await api.listJournalEntries(page), (row, record) =>
      hasMarker(record.memo, row),
    ),
};
