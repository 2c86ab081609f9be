import { describe, expect, it } from 'vitest';
import type { UndoCursor, UndoInput } from '../../src/migration/contracts/undo-types.js';
import { UndoRun } from '../../workflows/undo/undo-state.js';

// An undo continued as new reads its plan back before it reverses again; a status asked in that
// moment must not show more reversals done than planned (CI caught "8 done of 0 planned" in
// test/migration/undo/undo-pause-continue.integration.test.ts).
describe("an undo's progress right after it continues as new", () => {
  const input: UndoInput = { profile: 'default', runName: 'books-2026', mode: 'live' };
  const scope = {
    runName: input.runName,
    mode: input.mode,
    stageId: 'undo-abc',
    profile: 'default',
  };
  const cursor: UndoCursor = {
    planId: 'undo-abc',
    asOf: '2026-11-27',
    phaseIndex: 2,
    groupIndex: 1,
    nextUnit: 3,
    calls: 12,
    unitsDone: 8,
    unitsPlanned: 20,
  };

  it('shows the units planned as the execution before knew them until the plan is read back', () => {
    const progress = new UndoRun(input, scope, cursor.planId, cursor).progress();
    expect(progress.units).toEqual({ done: 8, planned: 20 });
  });

  it('never shows fewer planned than done, even from a cursor written before the count was kept', () => {
    const older: UndoCursor = { ...cursor };
    delete older.unitsPlanned;
    const progress = new UndoRun(input, scope, cursor.planId, older).progress();
    expect(progress.units.planned).toBeGreaterThanOrEqual(progress.units.done);
  });
});
