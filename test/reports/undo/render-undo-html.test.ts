import { describe, expect, it } from 'vitest';
import { renderUndoHtml } from '../../../src/reports/undo/render-undo-html.js';
import { htmlLimits } from '../../../src/reports/html/limits.js';
import { needsReviewVerification, sampleUndoReport } from './sample-undo-report.js';
import { partOf, textOf } from './undo-page-text.js';

describe('the undo report page', () => {
  describe('of a dry run', () => {
    const dry = sampleUndoReport('dry-run');

    it('says what the live undo would do, and never that a call was made', () => {
      const page = textOf(renderUndoHtml(dry));
      expect(partOf(dry, 'mode')).toBe(
        'DRY RUN Nothing was reversed in the workspace. Every count below is what the live undo would do.',
      );
      expect(partOf(dry, 'headline')).toBe(
        'The undo would make 47 API calls to reverse 47 records. Nothing has been reversed yet.',
      );
      expect(partOf(dry, 'prediction')).toBe(
        'The live undo would make 47 API calls, one per record: under 1 min at the rate limit of 60 requests per minute, then one more to read the trial balance it verifies.',
      );
      expect(page).not.toMatch(/\bmade\b|\bMade\b|calls made/);
      expect(partOf(dry, 'verdict')).toContain('Not verified yet');
      expect(partOf(dry, 'status')).toMatch(/^Status: \S Dry run complete$/);
    });

    it('lists the plan per phase and step, in the order the undo runs, with totals', () => {
      const plan = partOf(dry, 'plan');
      expect(plan).toContain('Records it would reverse Calls it would make');
      expect(plan).toContain('Unassign payments and credits Payments 12 12');
      expect(plan).toContain('Restore the opening balance from before the run Opening balance 1 1');
      expect(plan).toContain('Total 47 47');
      expect(plan.indexOf('Unassign payments')).toBeLessThan(plan.indexOf('Delete the accounts'));
    });

    it('gives the duration at the rate limit in hours when the plan is long', () => {
      const long = sampleUndoReport('dry-run', { estimatedMinutes: 125.2, requestsPerMinute: 60 });
      expect(partOf(long, 'prediction')).toContain('about 2 h 06 min at the rate limit of 60');
    });

    it('lists what it would leave as it is, with the reason', () => {
      expect(partOf(dry, 'not-reversed')).toContain(
        'Records the undo would leave as they are 1 record',
      );
      expect(partOf(dry, 'not-reversed')).toContain(
        'undo does not reverse invoice-attachment records (invoices/attach): correct it by hand',
      );
    });
  });

  describe('of a live undo that needs review', () => {
    const live = sampleUndoReport('needs-review');

    it('states the final status and the verdict with its counts', () => {
      expect(partOf(live, 'status')).toMatch(/^Status: \S Needs review$/);
      expect(partOf(live, 'mode')).toMatch(/^LIVE UNDO Records the run created were reversed/);
      expect(partOf(live, 'verdict')).toContain(
        'Needs review 2 accounts differ; 1 record not reversed',
      );
      expect(partOf(live, 'calls')).toContain('Made 48');
      expect(partOf(live, 'records')).toBe(
        'Records Reversed 45 Not reversed 1 Accounts made inactive 1',
      );
    });

    it('shows each difference with its account, both balances, the difference to the cent and a cause', () => {
      const verification = partOf(live, 'verification');
      expect(verification).toContain(
        '1200 Accounts Receivable 0.00 1,240.00 1,240.00 The account held nothing before the run and holds 1,240.00 now.',
      );
      expect(verification).toContain(
        "4000 Sales -98,250.75 -99,490.75 -1,240.00 The account's balance is 1,240.00 lower than before the run",
      );
      expect(verification).toContain(
        'One record of the run was not reversed (see “Not reversed”): its postings are the likely cause.',
      );
    });

    it("lists what was not reversed with the API's reason, and names the accounts made inactive", () => {
      const left = partOf(live, 'not-reversed');
      expect(left).toContain(
        'Invoices INV-1042 invoice 0190c7a2-0000-7000-8000-0000000b1042 VALIDATION_ERROR: the invoice is in a closed period (2024-03)',
      );
      expect(left).toContain('Accounts made inactive instead of deleted 1 account');
      expect(left).toContain(
        '6150 Coffee supplies account 0190c7a2-0000-7000-8000-00000000c615 ACCOUNT_HAS_ACTIVITY',
      );
    });

    it('shows the first rows of a long list and points to the workbook for the rest', () => {
      const many = Array.from({ length: htmlLimits.findings + 5 }, (_, index) => ({
        ...needsReviewVerification.notReversed[0]!,
        key: `INV-${index}`,
      }));
      const long = sampleUndoReport('needs-review', {
        verification: { ...needsReviewVerification, notReversed: many },
      });
      expect(partOf(long, 'not-reversed')).toContain(
        `Showing ${htmlLimits.findings} of ${htmlLimits.findings + 5}. The other 5 are in the XLSX workbook of this report, sheet “Not reversed”.`,
      );
    });
  });

  it('says the books balance when only records were left, and reads the pace as a person would', () => {
    const report = sampleUndoReport('needs-review', {
      requestsPerMinute: 99.00000000000001,
      verification: { ...needsReviewVerification, differences: [] },
    });
    expect(partOf(report, 'headline')).toBe(
      'Undone, needs review: 45 reversals made, and the trial balance equals the one from before the run, to the cent; but 1 record was not reversed.',
    );
    expect(partOf(report, 'calls')).toContain('at the rate limit of 99 requests per minute');
  });

  it('says a verified undo restored the books', () => {
    const verified = sampleUndoReport('verified');
    expect(partOf(verified, 'status')).toMatch(/^Status: \S Verified$/);
    expect(partOf(verified, 'verdict')).toContain('Books restored');
    expect(partOf(verified, 'verification')).toContain(
      'Every account holds the balance it held before the run, to the cent.',
    );
    expect(partOf(verified, 'headline')).toBe(
      'Undone and verified: 47 reversals made, and the trial balance equals the one from before the run, to the cent.',
    );
    // The cutover date is a setting, not a record left: said apart, not counted as not reversed.
    const left = partOf(verified, 'not-reversed');
    expect(left).toContain('Not reversed 0 records');
    expect(left).toContain('Workspace settings kept 1 setting');
    expect(left).toContain('the cutover date stays set: the API has no call that clears it');
  });

  it('is one self-contained page that shows hostile data as text', () => {
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(1)>`;
    const report = sampleUndoReport('needs-review', {
      runName: hostile,
      verification: {
        ...needsReviewVerification,
        differences: [{ account: hostile, before: '1.00', after: '2.00' }],
        notReversed: [{ ...needsReviewVerification.notReversed[0]!, reason: hostile }],
      },
    });
    const page = renderUndoHtml(report);
    expect(page).not.toMatch(/<script|<img|<link|https?:\/\//);
    expect(textOf(page)).toContain(hostile);
  });
});
