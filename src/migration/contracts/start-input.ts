// Pure: the workflow resolves its own start input with this. A run started from the Temporal Web
// UI's form gives its run name once, as the Workflow ID; the JSON may repeat it, but then both must
// agree, since the CLI finds a run by the workflow id its name gives (run-name.ts).
import { checkMigrateLedgerInput, describeInputProblems } from './migrate-ledger-input-schema.js';
import { runNameOfWorkflowId, runWorkflowId } from './run-name.js';
import type { MigrateLedgerInput } from './workflow-types.js';

/** What starts a migration: its input, where `runName` may be left to the workflow id. */
export type MigrateLedgerStart = Omit<MigrateLedgerInput, 'runName'> & { runName?: string };

export type ResolvedStart =
  { ok: true; input: MigrateLedgerInput } | { ok: false; message: string };

const EXAMPLE_ID = runWorkflowId('acme-2026');

/** The whole input, its run name taken from the workflow id when absent, or what to fix. */
export function resolveStartInput(given: unknown, workflowId: string): ResolvedStart {
  const fromId = runNameOfWorkflowId(workflowId);
  const object =
    typeof given === 'object' && given !== null && !Array.isArray(given)
      ? (given as Record<string, unknown>)
      : undefined;
  const named = object?.runName;
  if (object && named === undefined) {
    if (fromId === undefined) {
      return {
        ok: false,
        message:
          `The Workflow ID "${workflowId.slice(0, 80)}" does not name a run: use "${runWorkflowId('<run name>')}", ` +
          `for example "${EXAMPLE_ID}" (a run name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit). ` +
          'The run name comes from the Workflow ID, so the input needs no runName.',
      };
    }
    given = { ...object, runName: fromId };
  }
  const checked = checkMigrateLedgerInput(given);
  if (!checked.ok) return { ok: false, message: describeInputProblems(checked.problems) };
  const expectedId = runWorkflowId(checked.input.runName);
  if (workflowId !== expectedId) {
    const alternative =
      fromId === undefined
        ? ''
        : `, or remove runName from the input to name the run "${fromId}" after the Workflow ID`;
    return {
      ok: false,
      message:
        `The Workflow ID "${workflowId.slice(0, 80)}" does not match the input's runName "${checked.input.runName}": ` +
        `start with Workflow ID "${expectedId}"${alternative}. ` +
        'One run name is one workflow id, so a migration never runs twice at once.',
    };
  }
  return { ok: true, input: checked.input };
}
