// Pure: used by workflows (to check their own id) and by the CLI (to start them).

/** Run names: letters, digits, ".", "_" and "-", 1 to 64 characters, starting alphanumerically. */
export const RUN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The workflow id of everything that writes under a run name: its migration and its undo. One id,
 * so Temporal itself lets at most one of them run at a time (a start while another is open is
 * refused), with no check that a second start could slip past.
 */
export function runWorkflowId(runName: string): string {
  return `ledgerlift-${runName}`;
}

/** Why a run name is unusable, or undefined when it is fine. */
export function runNameProblem(runName: string): string | undefined {
  if (RUN_NAME_PATTERN.test(runName)) return undefined;
  return `Run name "${runName}" must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit.`;
}

const WORKFLOW_ID_PREFIX = runWorkflowId('');

/** The run name a workflow id gives (`ledgerlift-acme` gives `acme`), or undefined if none. */
export function runNameOfWorkflowId(workflowId: string): string | undefined {
  if (!workflowId.startsWith(WORKFLOW_ID_PREFIX)) return undefined;
  const runName = workflowId.slice(WORKFLOW_ID_PREFIX.length);
  return RUN_NAME_PATTERN.test(runName) ? runName : undefined;
}
