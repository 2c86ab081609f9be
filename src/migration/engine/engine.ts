import type { RunStore } from '../../run-store/run-store.js';
import type { MigrationApi } from '../contracts/migration-api.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { DocumentFactsLog, IndexedLogCache, OutcomeLog } from '../outcomes/indexed-log.js';
import { overlay, type OutcomeView } from '../outcomes/outcome-view.js';
import type { PhaseHandler } from './phase-handler.js';
import { scopeKeys } from '../outcomes/run-keys.js';

/** What the engine needs from the outside world; the worker passes real ones, tests their own. */
export interface EngineDeps {
  openStore(runName: string): Promise<RunStore>;
  api(profile: string): Promise<MigrationApi>;
  handler(step: StepName, phase: PhaseName): PhaseHandler;
  now(): Date;
  /**
   * How long after sending a call that may have been applied the engine waits before it looks for
   * the call's rows: longer than the API could still apply a request it holds (docs/reliability.md).
   */
  ambiguousSettleMs: number;
  /** The process's indexes of run store logs (outcomes, document facts), made on first use. */
  logIndexes?: IndexedLogCache;
}

/** The process's indexes of run store logs, made on first use and kept for the process's life. */
export function logIndexes(deps: EngineDeps): IndexedLogCache {
  return (deps.logIndexes ??= new IndexedLogCache());
}

/** The outcome log a scope writes to, the view it reads through, and how far both were read. */
export async function openOutcomes(
  deps: EngineDeps,
  store: RunStore,
  scope: RunScope,
): Promise<{ log: OutcomeLog; view: OutcomeView; readTo: string }> {
  const cache = logIndexes(deps);
  const keys = scopeKeys(scope);
  const open = (name: string) => cache.open(store, name, () => new OutcomeLog(store, name));
  const log = await open(keys.outcomes);
  const live = scope.mode === 'live' ? log : await open(keys.liveOutcomes);
  // The same value later means the view shows the same outcomes (`IndexedLog.readTo`).
  const readTo = `${log.readTo} ${live.readTo}`;
  return { log, view: overlay(log, live), readTo };
}

/**
 * The stage's per-document facts (`DocumentFactsLog`), through the process's index: planning and the
 * report read the same stage's facts, and a stage of a million records has half a million of them.
 */
export function openDocumentFacts(
  deps: EngineDeps,
  store: RunStore,
  log: string,
): Promise<DocumentFactsLog> {
  return logIndexes(deps).open(store, log, () => new DocumentFactsLog(store, log));
}
