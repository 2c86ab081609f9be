import { describe, expect, it } from 'vitest';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import { undoWorkflowId } from '../../src/migration/contracts/undo-types.js';
import { heldMessage } from '../../src/cli/run-holder.js';

describe('one writing workflow per run name', () => {
  it("starts an undo under the run name's own workflow id, so Temporal refuses an overlap", () => {
    expect(undoWorkflowId('acme')).toBe(runWorkflowId('acme'));
  });

  it('names the migration that holds the name, its phase, and how to wait for it or end it', () => {
    const lines = heldMessage(
      'acme',
      { workflowId: 'ledgerlift-acme', kind: 'migration', phase: 'awaiting-operator' },
      'undo run "acme"',
    ).split('\n');
    expect(lines[0]).toBe(
      'Cannot undo run "acme": the migration of run "acme" (workflow ledgerlift-acme) is still open (awaiting-operator), and one workflow at a time writes under a run name.',
    );
    expect(lines.slice(1).map((line) => line.trim())).toEqual([
      'Wait for it:  ledgerlift status acme --watch',
      'Or end it:    ledgerlift finish acme   (when it waits for you; its records stay)',
    ]);
  });

  it('names the undo that holds the name, and how to wait for it or hold it', () => {
    const message = heldMessage(
      'acme',
      { workflowId: 'ledgerlift-acme', kind: 'undo' },
      'retry run "acme"',
    );
    expect(message).toContain(
      'Cannot retry run "acme": the undo of run "acme" (workflow ledgerlift-acme) is still reversing it',
    );
    expect(message).toContain('ledgerlift status acme --watch   (returns when the undo ends)');
    expect(message).toContain('ledgerlift pause acme');
  });
});
