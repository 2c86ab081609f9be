// Pure definitions of an undo, shared by the undo workflow, its activities and the CLI.
import { runWorkflowId } from './run-name.js';
import type { PhaseName, StepName } from './steps.js';

/**
 * The phases of a reversal, in the order they run: what holds a record (a payment on an invoice,
 * an opening balance row on an account) is undone before the record itself.
 */
export const undoPhases = [
  'undo-unassign',
  'undo-delete-transactions',
  'undo-correct-documents',
  'undo-apply-corrections',
  'undo-opening-balance',
  'undo-deactivate-parties',
  'undo-delete-accounts',
  'undo-inactivate-accounts',
] as const;
export type UndoPhase = (typeof undoPhases)[number];

/**
 * An undo unit goes through the migration's unit engine, which names units by step and phase: an
 * undo phase stands in the phase's place (the engine only uses it in keys and to find the handler).
 */
export function asEnginePhase(phase: UndoPhase): PhaseName {
  return phase as unknown as PhaseName;
}

export function isUndoPhase(phase: string): phase is UndoPhase {
  return (undoPhases as readonly string[]).includes(phase);
}

/** What starts an undo: the Web UI's one JSON object, or the CLI's. */
export interface UndoInput {
  /** The migration run to undo (its run store holds the outcome log and the snapshot). */
  runName: string;
  /** The credential profile of the workspace the run wrote to. */
  profile: string;
  mode: 'dry-run' | 'live';
  /** Undo only these steps' records (default: every step). */
  steps?: StepName[] | undefined;
  /** The run's weight in the shared API budget, as a migration's. */
  weight?: number | undefined;
  /** Reversal units one execution starts before it continues as new (default 500). */
  unitsPerRun?: number | undefined;
}

/** One group of units of a reversal plan: one undo phase over one migration step's records. */
export interface UndoGroup {
  step: StepName;
  phase: UndoPhase;
  units: number;
}

/** A record the run created that the undo leaves as it is, and why. */
export interface NotReversible {
  entity: string;
  key: string;
  id?: string | undefined;
  step: StepName;
  reason: string;
}

export interface UndoPlan {
  /** Identifies the plan's units in the run store (one plan per undo workflow). */
  planId: string;
  groups: UndoGroup[];
  /** API calls the plan makes (one per unit). */
  calls: number;
  notReversible: NotReversible[];
  /** The date the snapshot's trial balance was taken at, which verification reads again. */
  asOf: string;
}

/** The undo's verdict on the workspace, written into its report. */
export interface UndoVerification {
  /** The trial balance equals the snapshot's to the cent. */
  balanced: boolean;
  /** Accounts whose balance differs from the snapshot (name, before, after). */
  differences: Array<{ account: string; before: string; after: string }>;
  reversed: number;
  notReversed: NotReversible[];
  /** Accounts the API would not delete (they had activity), made inactive instead. */
  inactiveInstead: NotReversible[];
  /**
   * Workspace settings the run made that the API cannot set back (the cutover date). They are
   * not records in the books, so they are said but do not make the undo need review.
   */
  keptSettings?: NotReversible[];
}

export interface UndoOutcome {
  status: 'dry-run-complete' | 'verified' | 'needs-review';
  plan: Omit<UndoPlan, 'notReversible'> & { notReversible: number };
  /** Minutes the plan's calls take at the worker's rate limit. */
  estimatedMinutes: number;
  calls: number;
  verification?: UndoVerification | undefined;
  reportFolder?: string | undefined;
}

/** Minutes the plan's calls take at the rate limit (one call per unit, as a migration's). */
export function estimatedMinutes(calls: number, requestsPerMinute: number): number {
  return requestsPerMinute > 0 ? Math.ceil((calls / requestsPerMinute) * 10) / 10 : 0;
}

/**
 * The workflow id of an undo of a run: the run name's own (run-name.ts), so an undo never overlaps
 * the migration, a replay of it or another undo.
 */
export function undoWorkflowId(runName: string): string {
  return runWorkflowId(runName);
}

/** Where the undo snapshot is taken from: the lists read besides the trial balance. */
export const undoSnapshotParts = [
  'trial-balance',
  'opening-balance',
  'accounts',
  'customers',
  'vendors',
  'products',
  'invoices',
  'bills',
  'journal-entries',
] as const;
export type UndoSnapshotPart = (typeof undoSnapshotParts)[number];

/**
 * What one execution of a live undo hands the next when it continues as new: where the reversal
 * stands, never the plan itself (each phase's plan is stored, planUndoPhase answers it again).
 */
export interface UndoCursor {
  planId: string;
  asOf: string;
  /** The phase, the group within it and the unit within the group to run next. */
  phaseIndex: number;
  groupIndex: number;
  nextUnit: number;
  /** API calls made and units finished by the executions before. */
  calls: number;
  unitsDone: number;
  /**
   * Units planned so far, as the execution before knew them: the progress shows it until the new
   * execution has read its plan back (absent from cursors written before it was kept).
   */
  unitsPlanned?: number;
}

/** Where an undo stands, as its `undoProgress` query, `ledgerlift status` and the Web UI show it. */
export interface UndoProgress {
  runName: string;
  mode: 'dry-run' | 'live';
  state: 'planning' | 'reversing' | 'paused' | 'verifying' | 'reporting' | 'done';
  /** The undo phase being planned or reversed, and its place among undoPhases (1-based). */
  phase?: UndoPhase | undefined;
  phaseNumber: number;
  phases: number;
  /** Reversal units (one API call each) finished, and planned by the phases planned so far. */
  units: { done: number; planned: number };
  /** API calls made (reversals, reconciliation look-ups, the trial balance). */
  calls: number;
  pauseReason?: string | undefined;
}
