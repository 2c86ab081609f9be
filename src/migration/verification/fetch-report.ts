import type { ReportName } from '../contracts/migration-api.js';
import type { EngineDeps } from '../engine/engine.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import type { RunScope } from '../contracts/workflow-types.js';

/** Fetches one report of the workspace (one API call) into the run store for verification. */
export async function fetchReport(
  deps: EngineDeps,
  input: { scope: RunScope; report: ReportName; asOf: string },
): Promise<void> {
  const store = await deps.openStore(input.scope.runName);
  const api = await deps.api(input.scope.profile);
  const report: unknown = await api.report(input.report, input.asOf);
  await store.putDocument(scopeKeys(input.scope).report(input.report), report);
}
