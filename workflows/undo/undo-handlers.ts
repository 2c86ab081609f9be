import { defineQuery } from '@temporalio/workflow';
import type { UndoProgress } from '../../src/migration/contracts/undo-types.js';

/**
 * An undo's progress: its state (reversing, paused...), the undo phase, reversals done of those
 * planned, API calls made. Takes no argument (`{}` from the Temporal UI is fine). An undo also
 * answers the migration's `pause` and `resume` signals (workflows/handlers.ts).
 */
export const undoProgressQuery = defineQuery<UndoProgress>('undoProgress');
