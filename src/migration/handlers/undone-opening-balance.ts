import type { WorkspaceJournalEntry } from '../contracts/migration-api.js';

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
export function reversingEntries(
  entries: readonly WorkspaceJournalEntry[],
): WorkspaceJournalEntry[] {
  return entries
    .filter((entry) => entry.memo.startsWith(PREFIX) && entry.memo.includes('(ledgerlift '))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}
