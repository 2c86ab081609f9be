import { businessRule, notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import type { DataRoute } from '../http/route.js';
import { money } from '../http/views.js';
import type { JournalEntryRecord, JournalLine } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { checkAccountRef } from './account-rules.js';
import { findOr404, uuidParam } from './shared.js';

function journalEntryView(ws: WorkspaceData, entry: JournalEntryRecord) {
  return {
    id: entry.id,
    date: entry.date,
    memo: entry.memo,
    referenceNumber: entry.referenceNumber,
    source: entry.source.type,
    lines: entry.lines.map((line) => ({
      accountUuid: line.accountUuid,
      accountName: ws.accounts.get(line.accountUuid)?.name ?? null,
      debit: money(line.debit),
      credit: money(line.credit),
      description: line.description,
    })),
    createdAt: entry.createdAt,
  };
}

function manualEntries(ws: WorkspaceData): JournalEntryRecord[] {
  const entries: JournalEntryRecord[] = [];
  for (const entry of ws.journal.entries.values())
    if (entry.source.type === 'journal_entry') entries.push(entry);
  return entries.reverse();
}

/** Manual journal entries (assumption R3): balanced lines, each a debit or a credit. */
export const journalEntryRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/journal-entries',
    handler: (ctx) => ({
      data: pageOf(
        ctx.ws.cachedList('journal-entries', () => manualEntries(ctx.ws)),
        readPage(ctx.query),
        'journalEntries',
        (entry) => journalEntryView(ctx.ws, entry),
      ),
    }),
  },
  {
    method: 'GET',
    path: '/journal-entries/:uuid',
    handler(ctx) {
      const entry = findOr404(ctx.ws.journal.entries, uuidParam(ctx), 'Journal entry');
      if (entry.source.type !== 'journal_entry') throw notFound('Journal entry', entry.id);
      return { data: { journalEntry: journalEntryView(ctx.ws, entry) } };
    },
  },
  {
    // Assumption R36: the spec shows no delete route; a manual entry leaves the journal whole, so
    // the trial balance moves back. Journals that documents post are not entries here (404).
    method: 'DELETE',
    path: '/journal-entries/:uuid',
    handler(ctx) {
      const entry = findOr404(ctx.ws.journal.entries, uuidParam(ctx), 'Journal entry');
      if (entry.source.type !== 'journal_entry') throw notFound('Journal entry', entry.id);
      const view = journalEntryView(ctx.ws, entry);
      ctx.ws.journal.remove(entry.id);
      return { message: 'Journal entry deleted.', data: { journalEntry: view } };
    },
  },
  {
    method: 'POST',
    path: '/journal-entries',
    handler(ctx) {
      const { ws } = ctx;
      const reader = BodyReader.of(ctx.body);
      const date = reader.date('date', { required: true });
      const memo = reader.string('memo', { allowEmpty: true, max: 1000 }) ?? '';
      const referenceNumber = reader.string('referenceNumber', { nullable: true, max: 100 });
      const lines: JournalLine[] = (reader.objects('lines', { required: true }) ?? []).map(
        (line) => {
          const accountUuid = line.uuid('accountUuid', { required: true });
          const debit = line.money('debit', { sign: 'nonNegative' }) ?? 0n;
          const credit = line.money('credit', { sign: 'nonNegative' }) ?? 0n;
          const description = line.string('description', { allowEmpty: true, max: 1000 }) ?? '';
          checkAccountRef(ws, line, 'accountUuid', accountUuid);
          if ((debit === 0n) === (credit === 0n)) {
            line.fail(
              'debit',
              'one_side',
              `${line.path('debit')}: each line is either a debit or a credit.`,
            );
          }
          line.finish();
          return { accountUuid: accountUuid ?? '', debit, credit, description };
        },
      );
      reader.finish();
      reader.assertValid();
      if (lines.length < 2) throw businessRule('A journal entry needs at least two lines.');
      let debits = 0n;
      let credits = 0n;
      for (const line of lines) {
        debits += line.debit;
        credits += line.credit;
      }
      if (debits !== credits) throw businessRule('Debits must equal credits.');
      const id = ws.journal.post(
        {
          date: date!,
          memo,
          referenceNumber: referenceNumber ?? null,
          source: { type: 'journal_entry', uuid: '' },
          lines,
        },
        ctx.now,
      );
      const entry = ws.journal.entries.get(id)!;
      entry.source.uuid = id;
      return {
        status: 201,
        data: { journalEntry: journalEntryView(ws, entry) },
        warnings: reader.warnings,
      };
    },
  },
];
