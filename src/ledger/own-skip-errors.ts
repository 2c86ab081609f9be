import type { Problem } from './problem.js';

/**
 * Errors `--skip-invalid-rows` does not pass. A left-out transaction is not a bad row: it is real
 * activity the workspace would silently miss, so only the option that names its kind
 * (`--skip-kind`, src/sources/table-mapping/left-out.ts) lets a live run go on without it.
 */
const needOwnSkip: ReadonlySet<string> = new Set(['transaction.left-out']);

/** True when `problem` blocks a live run even with `--skip-invalid-rows`. */
export function needsOwnSkip(problem: Pick<Problem, 'code' | 'severity'>): boolean {
  return problem.severity === 'error' && needOwnSkip.has(problem.code);
}
