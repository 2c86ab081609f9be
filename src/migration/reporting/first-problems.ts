import { formatLocation, type Problem } from '../../ledger/index.js';
import { logEntries } from '../../run-store/run-store.js';
import type { ProblemBrief, RunScope } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { stageKeys } from '../staging/stage-keys.js';

/** Codes shown where a stopped run says why: the panel has room for a few lines only. */
const CODES_SHOWN = 3;

/**
 * The first codes of errors in a stage's exports, in the order they were found, each with its
 * count and where its first error is: what the status, the result and the details panel show of a
 * run the exports stop. Codes and places only: a problem's message quotes the exports' cells, which
 * must not reach Temporal's history (the report lists every message).
 */
export async function firstProblems(
  deps: EngineDeps,
  input: { scope: RunScope },
): Promise<ProblemBrief[]> {
  const store = await deps.openStore(input.scope.runName);
  const byCode = new Map<string, ProblemBrief>();
  for await (const problem of logEntries(
    store,
    stageKeys(input.scope.stageId).problems,
  ) as AsyncIterable<Problem>) {
    if (problem.severity !== 'error') continue;
    const known = byCode.get(problem.code);
    if (known) known.count += 1;
    else if (byCode.size < CODES_SHOWN) {
      byCode.set(problem.code, {
        code: problem.code,
        count: 1,
        ...(problem.location ? { first: formatLocation(problem.location) } : {}),
      });
    }
  }
  return [...byCode.values()];
}
