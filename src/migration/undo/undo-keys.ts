/**
 * Where an undo keeps its parts in the run's store (docs/run-layout.md). The snapshot is the
 * workspace before the run's first live write, taken once per run; every undo of the run compares
 * with it. Reversal units and outcomes live with the migration's (run-keys.ts), under plan ids
 * "undo-...", so the engine that wrote a record is the one that reverses it.
 */
export const undoKeys = {
  snapshotTaken: 'undo/snapshot/taken',
  snapshotPage: (part: string, page: number) =>
    `undo/snapshot/${part}/${String(page).padStart(6, '0')}`,
  snapshotPages: (part: string) => `undo/snapshot/${part}/`,
  plan: (planId: string) => `undo/plans/${planId}`,
  trialBalanceAfter: (planId: string) => `undo/after/${planId}/trial-balance`,
  verification: (planId: string) => `undo/after/${planId}/verification`,
};

/** What the snapshot's marker holds: written last, so a half-taken snapshot is taken again. */
export interface SnapshotMarker {
  asOf: string;
  takenAt: string;
}
