import { describe, expect, it } from 'vitest';
import {
  checkCarried,
  ledgerCarriedStateSchema,
  stepCursorSchema,
  undoCursorSchema,
} from '../../src/migration/contracts/carried-state-schema.js';

// As a step child continued as new in test/fixtures/histories (invoices, its fourth execution).
const stepCursor = {
  phaseIndex: 0,
  nextUnit: 12,
  plan: { units: 14, rows: { planned: 15, done: 0, failed: 0, skipped: 1 } },
  rows: { planned: 15, done: 11, failed: 1, skipped: 1 },
  calls: 13,
  snapshotsTaken: true,
};

const waiting = {
  round: 1,
  stage: {
    stageId: 'live-01a1fe07-c562-7dab-bb12-6052236b2b4d-replay-1',
    endDate: '2026-03-31',
    // Staged before the journal-entries step existed: no entry for it.
    rows: { accounts: 4, customers: 3 },
    skipped: { accounts: 0 },
    estimatedCalls: { accounts: 1, customers: 1 },
    problems: { error: 0, warning: 2, info: 0 },
    blocking: false,
  },
  steps: [
    {
      step: 'customers',
      status: 'done',
      phase: 'reactivate',
      rows: { planned: 3, done: 3, failed: 0, skipped: 0 },
      units: { total: 1, done: 1 },
      calls: 2,
    },
  ],
  otherCalls: 5,
  estimatedCalls: 9,
  verification: { verified: false, differences: 1, clearingBalance: '-12.50', checkedAccounts: 7 },
  reportFolder: '/home/ops/.ledgerlift/runs/acme/reports/round-1',
  currency: 'USD',
  planTag: '7dabbb126052',
};

describe('carried state schemas', () => {
  it('accept what the workflows carry, early runs included', () => {
    expect(checkCarried(stepCursorSchema, stepCursor, 'step cursor')).toEqual({
      ok: true,
      value: stepCursor,
    });
    expect(checkCarried(ledgerCarriedStateSchema, waiting, 'carried state').ok).toBe(true);
    const undo = {
      planId: 'undo-2b4d6052236b',
      asOf: '2026-03-31',
      phaseIndex: 3,
      groupIndex: 1,
      nextUnit: 40,
      calls: 120,
      unitsDone: 118,
    };
    expect(checkCarried(undoCursorSchema, undo, 'undo cursor').ok).toBe(true);
  });

  it('refuse unknown keys, naming the field but never its value', () => {
    const forged = { ...waiting, stage: { ...waiting.stage, secret: 'acme-token' } };
    const checked = checkCarried(ledgerCarriedStateSchema, forged, 'carried state');
    expect(checked).toEqual({
      ok: false,
      message: 'The carried state is malformed: stage (unknown secret).',
    });
  });

  it('refuse values out of bounds: a path-like stage id, a huge list, a negative count', () => {
    const cases = [
      { ...waiting, stage: { ...waiting.stage, stageId: '../../etc' } },
      { ...waiting, steps: Array.from({ length: 11 }, () => waiting.steps[0]) },
      { ...waiting, otherCalls: -1 },
      { ...waiting, reportFolder: 'x'.repeat(5000) },
      { ...waiting, stage: { ...waiting.stage, rows: { 'not-a-step': 1 } } },
    ];
    for (const value of cases) {
      expect(checkCarried(ledgerCarriedStateSchema, value, 'carried state').ok).toBe(false);
    }
    expect(checkCarried(stepCursorSchema, { ...stepCursor, phaseIndex: 9 }, 'c').ok).toBe(false);
    expect(checkCarried(undoCursorSchema, { planId: 'undo-x' }, 'undo cursor').ok).toBe(false);
  });
});
