import { describe, expect, it } from 'vitest';
import {
  checkMigrateLedgerInput,
  describeInputProblems,
  isCalendarDate,
} from '../../src/migration/contracts/migrate-ledger-input-schema.js';

const valid = {
  runName: 'acme-2026',
  source: { folder: '/data/acme', format: 'generic', overridesFile: '/data/acme/overrides.yaml' },
  profile: 'acme',
  cutoverDate: '2025-12-31',
  endDate: '2026-03-31',
  currency: 'USD',
  mode: 'live',
  batchSize: 25,
  steps: ['accounts', 'customers'],
  skipInvalidRows: false,
  concurrency: 4,
  finishWhenClean: true,
  unitsPerStepRun: 600,
};

/** The fields a bad input is refused for, or [] when it is accepted. */
function refusedFields(change: Record<string, unknown>): string[] {
  const result = checkMigrateLedgerInput({ ...valid, ...change });
  return result.ok ? [] : result.problems.map((p) => p.field);
}

describe('the migrateLedger input schema', () => {
  it('accepts a full input and a minimal one', () => {
    expect(checkMigrateLedgerInput(valid).ok).toBe(true);
    const { runName, source, profile, cutoverDate, mode } = valid;
    expect(checkMigrateLedgerInput({ runName, source, profile, cutoverDate, mode }).ok).toBe(true);
  });

  it('takes the mode only spelled exactly', () => {
    for (const mode of ['Live', 'dryrun', 'DRY-RUN', 'live ', '', 1, null]) {
      expect(refusedFields({ mode }), String(mode)).toEqual(['mode']);
    }
    expect(refusedFields({ mode: 'dry-run' })).toEqual([]);
  });

  it('refuses dates that are not real calendar days, and an end before the cutover', () => {
    for (const date of ['banana', '2026-02-30', '2026-13-01', '2026-1-1', '2026-01-01T00:00']) {
      expect(refusedFields({ cutoverDate: date }), date).toContain('cutoverDate');
      expect(refusedFields({ endDate: date }), date).toEqual(['endDate']);
    }
    expect(refusedFields({ cutoverDate: '2024-02-29', endDate: '2024-03-01' })).toEqual([]);
    expect(refusedFields({ endDate: '2025-12-30' })).toEqual(['endDate']);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });

  it('bounds the numbers and takes only whole ones', () => {
    expect(refusedFields({ batchSize: 0 })).toEqual(['batchSize']);
    expect(refusedFields({ batchSize: 101 })).toEqual(['batchSize']);
    expect(refusedFields({ batchSize: 2.5 })).toEqual(['batchSize']);
    expect(refusedFields({ batchSize: '25' })).toEqual(['batchSize']);
    expect(refusedFields({ concurrency: 0 })).toEqual(['concurrency']);
    expect(refusedFields({ concurrency: 1_000_000 })).toEqual(['concurrency']);
    expect(refusedFields({ unitsPerStepRun: 0 })).toEqual(['unitsPerStepRun']);
    expect(refusedFields({ unitsPerStepRun: Number.NaN })).toEqual(['unitsPerStepRun']);
  });

  it("takes a run's weight in the shared API budget from 0.1 to 100, fractions allowed", () => {
    expect(refusedFields({ weight: 2.5 })).toEqual([]);
    expect(refusedFields({ weight: 0 })).toEqual(['weight']);
    expect(refusedFields({ weight: 1000 })).toEqual(['weight']);
    expect(refusedFields({ weight: Number.NaN })).toEqual(['weight']);
    expect(refusedFields({ weight: '3' })).toEqual(['weight']);
  });

  it('knows the formats, the steps and the currency shape', () => {
    expect(refusedFields({ source: { folder: '/x', format: 'csv' } })).toEqual(['source.format']);
    expect(refusedFields({ steps: ['accounts', 'ledgers'] })).toEqual(['steps.1']);
    expect(refusedFields({ steps: [] })).toEqual(['steps']);
    expect(refusedFields({ currency: 'usd' })).toEqual(['currency']);
    expect(refusedFields({ currency: 'EURO' })).toEqual(['currency']);
  });

  it('keeps the run name rules and bounds the strings', () => {
    expect(refusedFields({ runName: '-acme' })).toEqual(['runName']);
    expect(refusedFields({ runName: 'a'.repeat(65) })).toEqual(['runName']);
    expect(refusedFields({ profile: '' })).toEqual(['profile']);
    expect(refusedFields({ profile: 'p'.repeat(10_000) })).toEqual(['profile']);
    expect(refusedFields({ source: { folder: 'f'.repeat(5000), format: 'xero' } })).toEqual([
      'source.folder',
    ]);
  });

  it('refuses unknown keys, at the top and in the source', () => {
    expect(refusedFields({ dryRun: true })).toEqual(['dryRun']);
    expect(refusedFields({ source: { folder: '/x', format: 'xero', overrides: '/y' } })).toEqual([
      'source.overrides',
    ]);
  });

  it('says which fields are wrong and how to fix them, in one message', () => {
    const result = checkMigrateLedgerInput({ ...valid, mode: 'Live', concurrency: 0, extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const message = describeInputProblems(result.problems);
    expect(message).toContain('mode must be exactly "dry-run" or "live" (got "Live")');
    expect(message).toContain('concurrency must be a whole number from 1 to 32 (got 0)');
    expect(message).toContain('extra is not a setting of a migration: remove it');
  });

  it('refuses something that is not an object at all', () => {
    for (const input of [null, 'live', [], 42]) {
      expect(checkMigrateLedgerInput(input).ok).toBe(false);
    }
  });
});
