import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/reports/render-html.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { htmlLimits } from '../../src/reports/html/limits.js';
import { manyFailedRows, sampleRunReport } from './sample-report.js';

const hostile = `<script>alert("x")</script> O'Brien & "Sons" </td><img src=x onerror=alert(1)>`;

/** Text content of the page, roughly: tags dropped, entities decoded. */
function textOf(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:;)])/g, '$1');
}

function hostileReport(): RunReport {
  const report = sampleRunReport('live-with-failures');
  const location = { file: `${hostile}.csv`, sheet: hostile, row: 7, column: hostile };
  return {
    ...report,
    run: {
      ...report.run,
      runName: hostile,
      profile: hostile,
      source: { folder: hostile, format: 'xero' },
    },
    headline: hostile,
    failedRows: [
      { step: 'invoices', entity: hostile, key: hostile, code: hostile, reason: hostile, location },
    ],
    problems: [{ severity: 'error', code: 'date.invalid', message: hostile, location }],
    skippedRows: [{ step: 'unknown', entity: hostile, key: hostile, reason: hostile, location }],
    apiWarnings: [{ step: 'bills', entity: hostile, key: hostile, message: hostile, location }],
    projectedTrialBalance: [{ key: hostile, name: hostile, balance: '12.00' }],
    verification: report.verification && {
      ...report.verification,
      notes: [hostile],
      accounts: report.verification.accounts.map((line) => ({
        ...line,
        key: hostile,
        name: hostile,
      })),
    },
    progress: { ...report.progress, pauseReason: hostile },
  };
}

describe('renderHtmlReport', () => {
  it('escapes every value from the report, so customer data cannot inject markup', () => {
    const page = renderHtmlReport(hostileReport());
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('onerror=alert(1)>');
    expect(page).not.toContain(`"Sons"`);
    expect(page).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; &quot;Sons&quot;',
    );
    // The hostile text is shown, as text, wherever the report put it.
    const occurrences =
      textOf(page).split(`<script>alert("x")</script> O'Brien & "Sons"`).length - 1;
    expect(occurrences).toBeGreaterThanOrEqual(10);
  });

  it('shows a control character in a value as its escape, never acting on it', () => {
    // A right-to-left override would show "1000 Bank" with the figures after it reversed, and a
    // line break or a tab in a name is never part of what the page means to say.
    const report = sampleRunReport('live-with-failures');
    const name = '1000 Bank\u202e 00.05\nTOTAL\t0.00';
    const page = renderHtmlReport({
      ...report,
      verification: report.verification && {
        ...report.verification,
        accounts: report.verification.accounts.map((line) => ({ ...line, name })),
      },
      progress: { ...report.progress, pauseReason: 'waiting\u0007 for the client' },
    });
    for (const control of ['\u202e', '\u0007', 'Bank\u202e', 'TOTAL\t0.00', '00.05\nTOTAL']) {
      expect(page).not.toContain(control);
    }
    expect(page).toContain('1000 Bank\\u202e 00.05\\u000aTOTAL\\u00090.00');
  });

  it('is one self-contained page: inline CSS, no scripts, no external assets', () => {
    const page = renderHtmlReport(sampleRunReport('live-with-failures'));
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<style>');
    expect(page).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(page).not.toMatch(/(src|href)="(?!#)/);
  });

  it('puts the summary first, then the failed rows, then the details', () => {
    const page = renderHtmlReport(sampleRunReport('live-with-failures'));
    const at = (id: string) => page.indexOf(`id="${id}"`);
    expect(at('headline')).toBeGreaterThan(0);
    expect(at('headline')).toBeLessThan(at('verdict'));
    expect(at('verdict')).toBeLessThan(at('totals'));
    expect(at('totals')).toBeLessThan(at('failed-rows'));
    expect(at('failed-rows')).toBeLessThan(at('details'));
    for (const id of [
      'steps',
      'verification',
      'problems',
      'skipped',
      'api-warnings',
      'trial-balance',
    ]) {
      expect(at(id), id).toBeGreaterThan(at('details'));
    }
  });

  it('summarises the run: name, status, headline, verdict with differences and clearing balance, totals', () => {
    const report = sampleRunReport('live-with-failures');
    const text = textOf(renderHtmlReport(report));
    expect(text).toContain('harbor-pine-roasters-2024');
    expect(text).toContain('LIVE RUN');
    expect(text).toContain('Status: ! Needs review');
    expect(text).toContain(report.headline);
    expect(text).toContain('Needs review 7 differences; clearing account at 1,240.00, not 0.00');
    expect(text).toMatch(/Planned 3,196 Done 3,186 Failed 7 Skipped 3/);
    expect(text).toContain('Made 139');
    expect(text).toContain('Cutover 2024-01-01, first day in the workspace');
    expect(text).toContain('Opening balance as at 2023-12-31');
  });

  it('says so when the books verify', () => {
    const text = textOf(renderHtmlReport(sampleRunReport('verified')));
    expect(text).toContain('✓ Books verified');
    expect(text).toContain('19 accounts; clearing account at 0.00.');
    expect(text).toContain('No rows failed. ✓');
    expect(text).toContain('Every account matches. ✓');
  });

  it('never says books compared with themselves are verified', () => {
    // The exports hold no trial balance: the books equal what was read, by construction.
    const report = sampleRunReport('verified');
    const page = renderHtmlReport({
      ...report,
      verification: report.verification && {
        ...report.verification,
        target: 'migrated-ledger',
        legacyAsOf: undefined,
        legacyFiles: undefined,
      },
    });
    const text = textOf(page);
    expect(text).not.toContain('Books verified');
    expect(text).toContain('No legacy figures');
    expect(text).toContain(
      'the exports hold no trial balance, so the run can only be checked against what was read',
    );
  });

  it('shows each failed row with its step, key, reason and the file, row and column to fix', () => {
    const text = textOf(renderHtmlReport(sampleRunReport('live-with-failures')));
    expect(text).toContain(
      'INV-2304 invoice dueDate 2024-02-30 is not a calendar date. api.400 Invoices.csv row 239, column "DueDate"',
    );
    expect(text).toContain('Bills.xlsx [Bills 2024] row 77, column "Total"');
    // Grouped by step in migration order.
    const order = [
      'Customers 1 failed row',
      'Invoices 3 failed rows',
      'Bills 1 failed row',
      'Payments 2 failed rows',
    ];
    const positions = order.map((heading) => text.indexOf(heading));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('caps long lists and points to the XLSX workbook for the rest', () => {
    const rows = manyFailedRows(300);
    const invoices = rows.filter((row) => row.step === 'invoices').length;
    const page = renderHtmlReport(sampleRunReport('live-with-failures', { failedRows: rows }));
    const text = textOf(page);
    expect(text).toContain(
      `Showing ${htmlLimits.failedRowsPerStep} of ${invoices}. The other ${invoices - htmlLimits.failedRowsPerStep} are in the XLSX workbook`,
    );
    expect(text).toContain('sheet “Failed rows”');
    expect(text).toContain('All 300 failed rows are also in the XLSX workbook');
    expect(text).toContain('INV-3000');
    expect(text).not.toContain('INV-3299');
  });

  it('marks a dry run and shows the predicted calls and their duration at the rate limit', () => {
    const report = sampleRunReport('dry-run');
    const page = renderHtmlReport(report);
    const text = textOf(page);
    expect(page).toContain('<title>DRY RUN · ');
    expect(text).toContain('DRY RUN Nothing was written to the workspace.');
    expect(text).toContain(
      "The live run will make 134 API calls: about 2 min at the pace Ledgerlift keeps under the API's limit, 120 requests a minute.",
    );
    expect(text).toContain('Will migrate 3,192');
    expect(text).toContain('Rows that would fail 1');
  });

  it('explains why a blocked run is blocked and lists the errors to fix before anything else', () => {
    const page = renderHtmlReport(sampleRunReport('blocked'));
    const text = textOf(page);
    expect(text).toContain('Why this run is blocked');
    expect(text).toContain('The exports have 3 errors that stop a live run: nothing was written.');
    expect(text).toContain('skipInvalidRows');
    expect(text).toContain('Blocked before writing: nothing was written');
    expect(text).toContain('Not verified The run stopped before migrating');
    expect(page.indexOf('id="blocking-errors"')).toBeLessThan(page.indexOf('id="failed-rows"'));
    expect(text).toContain(
      'Errors that block the run 3 Fix these in the exports, then start a new dry run. Where to fix it Problem Code Invoices.csv row 214, column "AccountCode" Account code 4020',
    );
  });

  it('shows a pause reason', () => {
    const report = sampleRunReport('live-with-failures');
    const paused: RunReport = {
      ...report,
      run: { ...report.run, phase: 'paused' },
      progress: {
        ...report.progress,
        pauseReason: 'The API answered 403: the token was revoked. Reconnect the profile.',
      },
    };
    expect(textOf(renderHtmlReport(paused))).toContain(
      'Paused The API answered 403: the token was revoked.',
    );
  });

  it('lists every pause of the run with its reason and how long it lasted', () => {
    const report = sampleRunReport('verified');
    const paused: RunReport = {
      ...report,
      progress: {
        ...report.progress,
        pauses: [
          {
            at: '2024-04-02T09:12:00.000Z',
            reason: 'invoices: CredentialProblem: the refresh token was revoked; connect again',
            resumedAt: '2024-04-02T09:20:00.000Z',
          },
          { at: '2024-04-02T09:31:00.000Z', reason: 'checking the export with the client' },
        ],
      },
    };
    const text = textOf(renderHtmlReport(paused));
    expect(text).toContain(
      'Paused 2 times while it ran From 2024-04-02 09:12 UTC to 2024-04-02 09:20 UTC: invoices: CredentialProblem: the refresh token was revoked; connect again From 2024-04-02 09:31 UTC still paused: checking the export with the client',
    );
  });

  it("says a blocked dry run's projected books leave out the rows in error", () => {
    const dry = sampleRunReport('dry-run');
    const blocked: RunReport = {
      ...dry,
      run: { ...dry.run, phase: 'blocked' },
      progress: {
        ...dry.progress,
        phase: 'blocked',
        blockedReason:
          'The live run would be blocked: 3 errors in the exports must be fixed first, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.',
      },
    };
    const text = textOf(renderHtmlReport(blocked));
    expect(text).toContain(
      'Why the live run would be blocked The live run would be blocked: 3 errors',
    );
    expect(text).toMatch(
      /The projected books, the rows in error left out \(as skipInvalidRows would\), at \d{4}-\d{2}-\d{2} compared with/,
    );
  });

  it('formats money exactly with separators and lists differences before matches', () => {
    const text = textOf(renderHtmlReport(sampleRunReport('live-with-failures')));
    expect(text).toContain(
      '@receivable Accounts receivable (workspace control account) 18,430.00 16,879.50 -1,550.50 ≠ differs',
    );
    const receivables = text.slice(text.indexOf('Receivables by customer'));
    expect(receivables.indexOf('C-1005')).toBeLessThan(receivables.indexOf('C-1001'));
  });

  it('gives each difference its probable cause, and counts system accounts as mapped', () => {
    const text = textOf(renderHtmlReport(sampleRunReport('live-with-failures')));
    expect(text).toContain('Probable cause');
    expect(text).toContain('-1,550.50 ≠ differs Follows from the clearing account not being zero');
    expect(text).toContain('Created Matched Mapped Failed');
  });

  it('shows the projected trial balance in debit and credit columns with exact totals', () => {
    const text = textOf(renderHtmlReport(sampleRunReport('verified')));
    expect(text).toContain('1510 1510 Accumulated depreciation 12,800.00');
    expect(text).toMatch(/Total \(balanced ✓\) 359,098\.80 359,098\.80/);
  });

  it('groups notes by code with a count, their rows behind a disclosure (a clean run’s 168 notes are one line)', () => {
    const base = sampleRunReport('verified');
    const notes = Array.from({ length: 168 }, (_, index) => ({
      severity: 'info' as const,
      code: 'document.before-cutover',
      message: 'Invoice settled before the cutover date: not migrated as a document.',
      location: { file: 'Invoices.csv', row: 2 + index },
    }));
    const page = renderHtmlReport({
      ...base,
      problems: [...base.problems, ...notes],
      problemCounts: { ...base.problemCounts, info: base.problemCounts.info + notes.length },
    });
    const problems = page.slice(page.indexOf('id="problems"'), page.indexOf('id="skipped"'));
    const groups = [...problems.matchAll(/class="code-group" data-code="([^"]+)"/g)].map(
      (match) => match[1],
    );
    // Warnings first, then the notes; one group per code.
    expect(groups).toEqual(['amount.rounded', 'party.duplicate-name', 'document.before-cutover']);
    const text = textOf(problems);
    expect(text).toContain('Info document.before-cutover 169 rows');
    // One example with the count of the others; the rows are behind a disclosure, closed by default.
    expect(text).toContain(
      '143 invoices settled before the cutover date are not migrated as documents. (and 168 more)',
    );
    const notesGroup = problems.slice(problems.indexOf('data-code="document.before-cutover"'));
    expect(notesGroup).toMatch(/<details class="rows">\s*<summary>\s*Where they are \(169 rows\)/);
    expect(notesGroup).not.toMatch(/<details[^>]*\sopen/);
  });
});
