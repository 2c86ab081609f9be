import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { PhaseHandler } from '../engine/phase-handler.js';
import type { outcomesFor } from './outcomes.js';

/**
 * The send, interpret, predict and lookups of a phase whose unit is one journal entry: every row
 * the unit sent is that entry, and one paged listing of journal entries reconciles it.
 */
export function journalEntryUnit<D>(
  build: ReturnType<typeof outcomesFor>,
): Pick<PhaseHandler<JournalEntryBody, D>, 'send' | 'interpret' | 'predict' | 'lookups'> {
  return {
    send: (api, body) => api.createJournalEntry(body),

    interpret: (context, written, sent) => {
      const { id } = written.data as { id: string };
      return sent.map((row) => build.created(row, id, context.unitId, written.warnings));
    },

    predict: (context, sent) => sent.map((row) => build.predicted(row, context.unitId)),

    lookups: () => 1,
  };
}
