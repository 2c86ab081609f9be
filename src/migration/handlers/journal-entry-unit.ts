import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { PhaseHandler } from '../engine/phase-handler.js';
import { predictOne, type outcomesFor } from './outcomes.js';
import { journalEntryRefusal } from './request-rules.js';

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
