import type { Page } from '../pagination.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  journalEntryCreateSchema,
  journalEntrySchema,
  type JournalEntry,
} from '../schemas/journal-entries-schema.js';
import { segment } from '../query.js';
import type { RouteKit } from '../request-executor.js';

const RECORD_KEYS = ['journalEntry'];
const JOURNAL_ENTRY_LIST = {
  path: '/journal-entries',
  listKeys: ['journalEntries', 'records'],
  schema: journalEntrySchema,
  what: 'journal entry',
};

/** Manual journal entries (docs/api-assumptions.md R3). */
export function journalEntryRoutes(kit: RouteKit) {
  return {
    list(options?: CallOptions): AsyncGenerator<JournalEntry, void, undefined> {
      return kit.all(JOURNAL_ENTRY_LIST, {}, options);
    },

    listPage(
      query: { page?: number; limit?: number } = {},
      options?: CallOptions,
    ): Promise<Page<JournalEntry>> {
      return kit.page(JOURNAL_ENTRY_LIST, { ...query }, options);
    },

    /** Creates a balanced entry (debits equal credits). */
    create: kit.creator({
      ...JOURNAL_ENTRY_LIST,
      recordKeys: RECORD_KEYS,
      createSchema: journalEntryCreateSchema,
    }),

    /** Deletes a manual entry and its journal lines (assumption R36). */
    delete(uuid: string, options?: CallOptions): Promise<WriteResult<unknown>> {
      return kit.remove(`/journal-entries/${segment(uuid)}`, options);
    },
  };
}

export type JournalEntryRoutes = ReturnType<typeof journalEntryRoutes>;
