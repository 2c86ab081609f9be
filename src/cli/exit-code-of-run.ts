import type { Watched } from './watch-run.js';
import { exitCodes } from './exit-codes.js';

/**
 * The exit code of a run a command followed (docs/cli.md, "Exit codes"): 0 only when nothing needs
 * the consultant. A run waiting for the operator needs attention when rows failed or the books do
 * not verify; a finished run when it was blocked, needs review, or (dry run) will not verify.
 */
export function exitCodeOfRun(watched: Watched): number {
  if (watched.kind === 'awaiting-operator') {
    const { progress } = watched;
    const failed = progress.steps.some((step) => step.rows.failed > 0);
    return failed || progress.verification?.verified === false
      ? exitCodes.needsAttention
      : exitCodes.ok;
  }
  const { outcome } = watched;
  switch (outcome.status) {
    case 'completed':
      return exitCodes.ok;
    case 'dry-run-complete':
      return outcome.progress.verification?.verified === false
        ? exitCodes.needsAttention
        : exitCodes.ok;
    case 'blocked':
    case 'needs-review':
      return exitCodes.needsAttention;
  }
}
