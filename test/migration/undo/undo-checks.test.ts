import { describe, expect, it } from 'vitest';
import { checkUndoInput } from '../../../src/migration/contracts/undo-input-schema.js';
import { trialBalanceDifferences } from '../../../src/migration/undo/verify-undo.js';

describe('the undo input from the Web UI', () => {
  it('takes one strict JSON object and says what to fix', () => {
    expect(checkUndoInput({ runName: 'acme', profile: 'default', mode: 'dry-run' }).ok).toBe(true);
    const wrong = checkUndoInput({ runName: 'acme', profile: 'default', mode: 'Live', step: 'x' });
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.message).toMatch(/mode/);
    expect(!wrong.ok && wrong.message).toMatch(/step: not a setting of an undo/);
    expect(
      checkUndoInput({ runName: 'acme', profile: 'p', mode: 'live', steps: ['payment'] }).ok,
    ).toBe(false);
  });

  it('takes a whole number of reversals per execution, within bounds', () => {
    const base = { runName: 'acme', profile: 'default', mode: 'live' } as const;
    expect(checkUndoInput({ ...base, unitsPerRun: 4 }).ok).toBe(true);
    for (const unitsPerRun of [0, 2.5, 2_001]) {
      const wrong = checkUndoInput({ ...base, unitsPerRun });
      expect(!wrong.ok && wrong.message).toMatch(/unitsPerRun/);
    }
  });
});

describe('the trial balance after an undo against the snapshot', () => {
  const report = (rows: Array<[string, string, string]>) => ({
    data: {
      rows: rows.map(([accountUuid, debit, credit]) => ({
        accountUuid,
        accountName: accountUuid,
        debit,
        credit,
      })),
    },
  });

  it('is equal to the cent when every balance matches, an absent account holding zero', () => {
    const before = report([['cash', '100.00', '0.00']]);
    const after = report([
      ['cash', '100.00', '0.00'],
      ['new-income', '0.00', '0.00'],
    ]);
    expect(trialBalanceDifferences(before, after)).toEqual([]);
  });

  it('names each account off by even a cent', () => {
    const before = report([['cash', '100.00', '0.00']]);
    const after = report([
      ['cash', '100.01', '0.00'],
      ['sales', '0.00', '5.00'],
    ]);
    expect(trialBalanceDifferences(before, after)).toEqual([
      { account: 'cash', before: '100.00', after: '100.01' },
      { account: 'sales', before: '0.00', after: '-5.00' },
    ]);
  });
});
