import { describe, expect, it } from 'vitest';
import type { UndoProgress } from '../../../src/migration/contracts/undo-types.js';
import {
  renderUndoDetails,
  undoProgressLines,
} from '../../../workflows/undo/render-undo-details.js';

const reversing: UndoProgress = {
  runName: 'acme-2026',
  mode: 'live',
  state: 'reversing',
  phase: 'undo-correct-documents',
  phaseNumber: 3,
  phases: 8,
  units: { done: 12, planned: 40 },
  calls: 14,
};

describe("an undo's progress as the operator reads it", () => {
  it('says the phase, the reversals done of those planned and the calls made', () => {
    expect(undoProgressLines(reversing)).toEqual([
      'Undo of acme-2026 · live · reversing · phase 3 of 8 (undo-correct-documents)',
      'Reversals: 12 of 40 planned so far; API calls made: 14',
    ]);
  });

  it('says why a paused undo paused and how to go on', () => {
    const lines = undoProgressLines({
      ...reversing,
      state: 'paused',
      pauseReason: 'CredentialProblem: The refresh token was rejected',
    });
    expect(lines[0]).toContain('· paused ·');
    expect(lines).toContain('Paused: CredentialProblem: The refresh token was rejected');
    expect(lines.at(-1)).toContain('ledgerlift connect');
    expect(lines.at(-1)).toContain('`ledgerlift resume acme-2026`');
  });

  it('writes counts as "12 of 40" in the details panel, never a fraction', () => {
    const details = renderUndoDetails(reversing);
    expect(details.startsWith('**Undo of acme-2026')).toBe(true);
    expect(details).not.toMatch(/\d\/\d/);
  });
});
