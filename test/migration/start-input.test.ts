// The Web UI's Start Workflow form asks for the Workflow ID and the input: the run name is given
// once, as the Workflow ID, and a second, different one is refused with the fix.
import { describe, expect, it } from 'vitest';
import { resolveStartInput } from '../../src/migration/contracts/start-input.js';

const withoutName = {
  source: { folder: '/data/acme', format: 'xero' },
  profile: 'sandbox',
  cutoverDate: '2026-01-01',
  mode: 'dry-run',
};

describe('the start input of a migration', () => {
  it('takes the run name from the Workflow ID when the input has none', () => {
    const resolved = resolveStartInput(withoutName, 'ledgerlift-acme-2026');
    expect(resolved).toEqual({ ok: true, input: { ...withoutName, runName: 'acme-2026' } });
  });

  it('accepts a runName that agrees with the Workflow ID', () => {
    const input = { ...withoutName, runName: 'acme-2026' };
    expect(resolveStartInput(input, 'ledgerlift-acme-2026')).toEqual({ ok: true, input });
  });

  it('refuses a runName that disagrees with the Workflow ID, naming both fixes', () => {
    const resolved = resolveStartInput(
      { ...withoutName, runName: 'acme-2025' },
      'ledgerlift-acme-2026',
    );
    expect(resolved.ok).toBe(false);
    const message = resolved.ok ? '' : resolved.message;
    expect(message).toContain('does not match the input\'s runName "acme-2025"');
    expect(message).toContain('start with Workflow ID "ledgerlift-acme-2025"');
    expect(message).toContain('or remove runName from the input to name the run "acme-2026"');
  });

  it('refuses a Workflow ID that names no run when the input has no runName', () => {
    for (const id of ['acme-2026', 'ledgerlift-', 'ledgerlift-acme 2026']) {
      const resolved = resolveStartInput(withoutName, id);
      expect(resolved.ok).toBe(false);
      expect(resolved.ok ? '' : resolved.message).toContain(
        `The Workflow ID "${id}" does not name a run: use "ledgerlift-<run name>", for example "ledgerlift-acme-2026"`,
      );
    }
  });

  it('refuses a Workflow ID without the prefix even when the runName matches it', () => {
    const resolved = resolveStartInput({ ...withoutName, runName: 'acme' }, 'acme');
    expect(resolved.ok ? '' : resolved.message).toContain(
      'start with Workflow ID "ledgerlift-acme".',
    );
  });

  it('still names every field that breaks the rules', () => {
    const resolved = resolveStartInput({ ...withoutName, mode: 'Live' }, 'ledgerlift-acme');
    expect(resolved.ok ? '' : resolved.message).toMatch(/mode must be exactly "dry-run" or "live"/);
    expect(resolveStartInput(null, 'ledgerlift-acme').ok).toBe(false);
  });
});
