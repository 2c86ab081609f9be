import { describe, expect, it } from 'vitest';
import { settleDelayMs, type UnitAttempt } from '../../../src/migration/sending/unit-attempt.js';

const sentAt = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(sentAt) + seconds * 1000);

describe('the settle window of a call that may have been applied', () => {
  it('holds the lookup back until the window since the latest send has passed', () => {
    const attempt: UnitAttempt = {
      state: 'ambiguous',
      attempts: 2,
      firstStartedAt: '2026-03-01T09:59:00.000Z',
      lastSentAt: sentAt,
    };
    expect(settleDelayMs(attempt, 60_000, at(1))).toBe(59_000);
    expect(settleDelayMs(attempt, 60_000, at(60))).toBe(0);
    expect(settleDelayMs(attempt, 60_000, at(600))).toBe(0);
  });

  it('counts from the first send for a call recorded before the latest send was', () => {
    const attempt: UnitAttempt = { state: 'sending', attempts: 1, firstStartedAt: sentAt };
    expect(settleDelayMs(attempt, 10_000, at(4))).toBe(6_000);
  });

  it('does not hold back a call the API answered, though Ledgerlift could not read the answer', () => {
    const attempt: UnitAttempt = {
      state: 'ambiguous',
      attempts: 1,
      lastSentAt: sentAt,
      answered: true,
    };
    expect(settleDelayMs(attempt, 60_000, at(1))).toBe(0);
  });

  it('never holds back a unit whose calls were all answered or never sent', () => {
    for (const state of ['done', 'not-sent', 'reconciled'] as const) {
      expect(settleDelayMs({ state, attempts: 1, lastSentAt: sentAt }, 60_000, at(1))).toBe(0);
    }
    expect(settleDelayMs(undefined, 60_000, at(1))).toBe(0);
  });
});
