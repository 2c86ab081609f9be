import { describe, expect, it } from 'vitest';
import { differenceLine } from '../../../src/reports/undo/difference-cause.js';
import { needsReviewVerification } from './sample-undo-report.js';

const nothingLeft = { notReversed: [] };

describe('a difference from the snapshot, in words', () => {
  it('is exact to the cent on amounts a double cannot hold', () => {
    const line = differenceLine(
      { account: 'Suspense', before: '90071992547409.93', after: '90071992547409.94' },
      nothingLeft,
    );
    expect(line.difference).toBe('0.01');
    expect(line.cause).toBe(
      "The account's balance is 0.01 higher than before the run (90,071,992,547,409.93 then, 90,071,992,547,409.94 now). " +
        'Every record of the run was reversed: a change made in the workspace since the run (another user, another import) is the likely cause.',
    );
  });

  it('says a balance emptied, and points to the records not reversed', () => {
    const line = differenceLine(
      { account: '3000 Opening Balance Equity', before: '-5000.00', after: '0.00' },
      {
        notReversed: [
          ...needsReviewVerification.notReversed,
          ...needsReviewVerification.notReversed,
        ],
      },
    );
    expect(line.difference).toBe('5000.00');
    expect(line.cause).toBe(
      'The account held -5,000.00 before the run and holds nothing now. ' +
        '2 records of the run were not reversed (see “Not reversed”): their postings are the likely cause.',
    );
  });

  it('says so when there was no snapshot to compare with', () => {
    const line = differenceLine({ account: '(no snapshot)', before: '?', after: '?' }, nothingLeft);
    expect(line.difference).toBeUndefined();
    expect(line.cause).toMatch(/^There is no trial balance from before the run to compare with/);
  });
});
