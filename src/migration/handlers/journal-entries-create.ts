import { API_TEXT_LIMITS, cutText, type JournalEntry } from '../../ledger/index.js';
import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import { ledgerliftRef, outcomesFor, predictOne } from './outcomes.js';
import { matchCreated } from './reconcile-scan.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';
import { journalEntryRefusal } from './request-rules.js';

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

/** What a line posts: its debit less its credit. */
function netOf(line: JournalEntry['lines'][number]): Cents {
  return centsOf(line.debit) - centsOf(line.credit);
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
      if (selection !== 'plan') continue;
      const row = {
        entity: 'journal-entry',
        key: entry.key,
        location: entry.source,
        data: { entry },
      };
      if (entry.lines.every((line) => netOf(line) === 0n)) {
        // The API takes no line of nothing, and an entry of none posts nothing: not migrated.
        await context.sink.decided(
          build.skipped(
            row,
            'journal.nothing-to-post',
            `Journal entry ${entry.key} has no line with an amount; it posts nothing, so it is not migrated.`,
          ),
        );
        countDecided(counts, 'skipped');
      } else await context.sink.unit([row]);
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
      // Each line is a debit or a credit to the API (R3): a line of nothing is left out, and one
      // with both sides goes as what it nets to; the entry posts the same.
      const net = netOf(line);
      if (net === 0n) continue;
      const description = cutText(line.description ?? '', API_TEXT_LIMITS.description);
      lines.push({
        accountUuid,
        debit: formatCents(net > 0n ? net : 0n),
        credit: formatCents(net < 0n ? -net : 0n),
        ...(description ? { description } : {}),
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

/**
 * The send, interpret, predict and lookups of a phase whose unit is one journal entry: every row
 * the unit sent is that entry, and one paged listing of journal entries reconciles it. A dry run
 * checks the entry `prepare` builds against the API's rules (request-rules.ts).
 */
export function journalEntryUnit<D>(
  build: ReturnType<typeof outcomesFor>,
  prepare: PhaseHandler<JournalEntryBody, D>['prepare'],
): Pick<PhaseHandler<JournalEntryBody, D>, 'send' | 'interpret' | 'predict' | 'lookups'> {
  return {
    send: (api, body) => api.createJournalEntry(body),

    interpret: (context, written, sent) => {
      const { id } = written.data as { id: string };
      return sent.map((row) => build.created(row, id, context.unitId, written.warnings));
    },

    predict: (context, sent) =>
      predictOne(build, context, prepare(context, sent), journalEntryRefusal),

    lookups: () => 1,
  };
}
