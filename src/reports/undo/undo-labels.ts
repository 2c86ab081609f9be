import type { UndoOutcome, UndoPhase } from '../../migration/contracts/undo-types.js';
import type { Tone } from '../html/labels.js';

/**
 * What each phase of a reversal does to a record, in the words a consultant uses: the action as a
 * heading, and its past participle for what a live undo did (`plan-undo.ts` makes the units).
 */
const undoPhaseLabel: Record<UndoPhase, { action: string; done: string }> = {
  'undo-unassign': { action: 'Unassign payments and credits', done: 'unassigned' },
  'undo-delete-transactions': { action: "Delete the run's transactions", done: 'deleted' },
  'undo-correct-documents': {
    action: 'Correct posted invoices and bills with memos (delete drafts)',
    done: 'corrected or deleted',
  },
  'undo-apply-corrections': {
    action: 'Apply the correcting memos to their documents',
    done: 'applied',
  },
  'undo-opening-balance': {
    action: 'Restore the opening balance from before the run',
    done: 'restored',
  },
  'undo-deactivate-parties': {
    action: 'Make the customers, vendors and products the run created inactive',
    done: 'made inactive',
  },
  'undo-delete-accounts': { action: 'Delete the accounts the run created', done: 'deleted' },
  'undo-inactivate-accounts': {
    action: 'Make inactive the accounts the API would not delete',
    done: 'made inactive',
  },
};

/** The phase's label, or the code as it is for a phase this version does not know. */
export function phaseAction(phase: string): string {
  return (undoPhaseLabel as Record<string, { action: string } | undefined>)[phase]?.action ?? phase;
}

/** The undo's final status as a status chip: the word carries the meaning, the tone colours it. */
export const undoStatus: Record<
  UndoOutcome['status'],
  { icon: string; label: string; tone: Tone }
> = {
  'dry-run-complete': { icon: '✓', label: 'Dry run complete', tone: 'neutral' },
  verified: { icon: '✓', label: 'Verified', tone: 'good' },
  'needs-review': { icon: '!', label: 'Needs review', tone: 'warn' },
};
