import type { Problem } from '../../src/ledger/index.js';
import { stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import type {
  Comparison,
  VerificationReport,
} from '../../src/migration/contracts/verification-report.js';
import type { RowCounts, RunProgress } from '../../src/migration/contracts/workflow-types.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { FailedRow, RunReport, StepReport } from '../../src/reports/run-report.js';
import type { RunTimeline } from '../../src/reports/run-timeline.js';
import type { AgingComparison } from '../../src/migration/contracts/verification-report.js';

/**
 * Realistic run reports for tests and for eyeballing the renderers
 * (`npx tsx test/reports/render-sample-report.ts`): a small coffee roaster's books moved from Xero.
 *
 * - `live-with-failures`: a live run where some invoices, a bill and payments failed, so the books
 *   need review (receivables short, clearing account not at zero).
 * - `verified`: the same run after a replay; every row done and the books verify.
 * - `dry-run`: the dry run before it, with predicted calls and duration at the rate limit.
 * - `blocked`: a live run stopped by errors in the exports; nothing was written.
 */
export type SampleScenario = 'live-with-failures' | 'verified' | 'dry-run' | 'blocked';

const CLEARING = '@conversion-clearing';

/** The legacy trial balance at the end date (debit positive), balanced by retained earnings. */
const legacyBalances: Array<[key: string, name: string, balance: string]> = [
  ['1000', '1000 Operating checking', '48210.55'],
  ['1010', '1010 Savings', '120000.00'],
  ['@receivable', 'Accounts receivable (workspace control account)', '18430.00'],
  ['1400', '1400 Inventory: green coffee', '22915.40'],
  ['1500', '1500 Roasting equipment', '64000.00'],
  ['1510', '1510 Accumulated depreciation', '-12800.00'],
  ['@payable', 'Accounts payable (workspace control account)', '-9775.25'],
  ['2100', '2100 Amex business card', '-2144.18'],
  ['@tax', 'Sales tax (workspace control account)', '-1310.60'],
  ['2500', '2500 Equipment loan', '-40000.00'],
  ['3000', "3000 Owner's capital", '-50000.00'],
  ['4000', '4000 Sales: wholesale', '-96540.00'],
  ['4010', '4010 Sales: café & retail', '-31275.35'],
  ['5000', '5000 Cost of goods sold', '41230.10'],
  ['6100', '6100 Rent', '12000.00'],
  ['6200', '6200 Wages', '28400.00'],
  ['6300', '6300 Utilities', '3912.75'],
];

function withRetainedEarnings(): Array<[string, string, string]> {
  const sum = legacyBalances.reduce((total, [, , balance]) => total + centsOf(balance), 0n);
  return [
    ...legacyBalances,
    ['@retained-earnings', 'Retained earnings (workspace)', formatCents(-sum)],
  ];
}

/** Expected against actual; `shifts` moves the actual figure of some keys by an amount. */
function comparisons(
  lines: Array<[string, string, string]>,
  shifts: Record<string, string> = {},
): Comparison[] {
  return lines.map(([key, name, expected]) => {
    const shift = centsOf(shifts[key] ?? '0.00');
    const actual = centsOf(expected) + shift;
    return { key, name, expected, actual: formatCents(actual), difference: formatCents(shift) };
  });
}

const customers: Array<[string, string, string]> = [
  ['C-1001', 'Blue Door Café', '4210.00'],
  ['C-1002', "O'Neill & Daughters Grocers", '3875.50'],
  ['C-1003', 'Harbour Street Deli', '2990.00'],
  ['C-1004', 'Northside Co-op', '3104.50'],
  ['C-1005', 'The Daily Grind (Kiosk 4)', '1850.00'],
  ['C-1006', 'Saint-Jérôme Bakery', '2400.00'],
];

const vendors: Array<[string, string, string]> = [
  ['V-201', 'Finca La Esperanza Importers', '-5120.00'],
  ['V-202', 'PackRight Bags Ltd', '-1655.25'],
  ['V-203', 'City Power & Light', '-1000.00'],
  ['V-204', 'Roastworks Service Co.', '-2000.00'],
];

function verification(scenario: SampleScenario, asOf: string): VerificationReport | undefined {
  if (scenario === 'blocked') return undefined;
  const accountLines = [
    ...withRetainedEarnings(),
    [CLEARING, 'Conversion clearing', '0.00'] as [string, string, string],
  ];
  const failing = scenario === 'live-with-failures';
  const accounts = comparisons(
    accountLines,
    failing
      ? { '@receivable': '-1550.50', [CLEARING]: '1240.00', '4000': '287.27', '@tax': '23.23' }
      : {},
  );
  // Each expected figure names the legacy file and row it came from (the clearing account has none).
  accounts.forEach((line, index) => {
    if (line.key !== CLEARING) line.expectedFrom = `Trial Balance.csv row ${index + 6}`;
  });
  if (failing) {
    for (const line of accounts) {
      if (line.key === CLEARING)
        line.cause =
          'The clearing account is not zero: the invoices and bills open at the cutover that were migrated do not add up to the receivables and payables of the opening balance.';
      if (line.key === '@receivable')
        line.cause =
          'Follows from the clearing account not being zero: the open documents rebuilt in the workspace do not add up to the legacy balance.';
    }
  }
  const live = scenario !== 'dry-run';
  const receivables = live
    ? comparisons(customers, failing ? { 'C-1002': '-1240.00', 'C-1005': '-310.50' } : {})
    : [];
  const payables = live ? comparisons(vendors, failing ? { 'V-202': '655.25' } : {}) : [];
  const differences = [...accounts, ...receivables, ...payables].filter(
    (line) => line.difference !== '0.00',
  ).length;
  const clearing = accounts.find((line) => line.key === CLEARING)?.actual ?? '0.00';
  return {
    verified: differences === 0 && clearing === '0.00',
    differences,
    clearingBalance: clearing,
    checkedAccounts: accounts.length,
    asOf,
    target: 'legacy-trial-balance',
    legacyAsOf: asOf,
    legacyFiles: ['Trial Balance.csv'],
    source: live ? 'workspace' : 'projection',
    accounts,
    receivables,
    payables,
    ledgerAgainstLegacy: [],
    notes: failing
      ? [
          'Receivables and the clearing account differ by the failed invoices INV-2291 and INV-2304; replay them to close the gap.',
        ]
      : [],
  };
}

const invoiceFailures: FailedRow[] = [
  {
    step: 'invoices',
    entity: 'invoice',
    key: 'INV-2291',
    code: 'api.400',
    reason: 'Line 2: account 4020 is archived in the workspace; choose an active income account.',
    location: { file: 'Invoices.csv', row: 214, column: 'AccountCode' },
  },
  {
    step: 'invoices',
    entity: 'invoice',
    key: 'INV-2304',
    code: 'api.400',
    reason: 'dueDate 2024-02-30 is not a calendar date.',
    location: { file: 'Invoices.csv', row: 239, column: 'DueDate' },
  },
  {
    step: 'invoices',
    entity: 'invoice',
    key: 'INV-2311',
    code: 'reference.unknown-customer',
    reason: 'Customer "Kiosk 7" was not migrated (it failed in the customers step).',
    location: { file: 'Invoices.csv', row: 251, column: 'ContactName' },
  },
];

const otherFailures: FailedRow[] = [
  {
    step: 'customers',
    entity: 'customer',
    key: 'Kiosk 7',
    code: 'api.400',
    reason: 'email "kiosk7@@dailygrind" is not a valid address.',
    location: { file: 'Contacts.csv', row: 38, column: 'EmailAddress' },
  },
  {
    step: 'bills',
    entity: 'bill',
    key: 'BILL-0918',
    code: 'api.400',
    reason: 'Bill total 655.25 does not equal the sum of its lines (655.52).',
    location: { file: 'Bills.xlsx', sheet: 'Bills 2024', row: 77, column: 'Total' },
  },
  {
    step: 'payments',
    entity: 'payment',
    key: 'PMT-5530',
    code: 'payment.exceeds-amount-due',
    reason: 'Payment of 1,240.00 exceeds the amount due on INV-2291, which was not migrated.',
    location: { file: 'Payments.csv', row: 402, column: 'Amount' },
  },
  {
    step: 'payments',
    entity: 'payment',
    key: 'PMT-5541',
    code: 'payment.exceeds-amount-due',
    reason: 'Payment of 310.50 exceeds the amount due on INV-2304, which was not migrated.',
    location: { file: 'Payments.csv', row: 415, column: 'Amount' },
  },
];

/** `count` failed invoice rows with distinct keys and locations (for caps and long printouts). */
export function manyFailedRows(count: number): FailedRow[] {
  const reasons = [
    ['api.400', 'Line 1: tax rate "GST on Income 15%" is not set up in the workspace.', 'TaxType'],
    ['api.400', 'currency NZD is not enabled in the workspace.', 'Currency'],
    ['reference.unknown-item', 'Item code "ESP-BLEND-5KG" was not migrated.', 'InventoryItemCode'],
  ] as const;
  return Array.from({ length: count }, (_, index) => {
    const [code, reason, column] = reasons[index % reasons.length] ?? reasons[0];
    return {
      step: index % 5 === 4 ? 'bills' : 'invoices',
      entity: index % 5 === 4 ? 'bill' : 'invoice',
      key: `INV-${String(3000 + index)}`,
      code,
      reason,
      location: { file: 'Invoices.csv', row: 2 + index, column },
    } satisfies FailedRow;
  });
}

const problems: Problem[] = [
  {
    severity: 'warning',
    code: 'amount.rounded',
    message: 'Unit price 3.14159 has more than two places; the line amount was rounded to 15.71.',
    location: { file: 'Invoices.csv', row: 88, column: 'UnitAmount' },
    entity: 'invoice',
    key: 'INV-2160',
  },
  {
    severity: 'warning',
    code: 'party.duplicate-name',
    message: 'Two customers are named "Blue Door Café"; they are kept apart by their contact ids.',
    location: { file: 'Contacts.csv', row: 12, column: 'ContactName' },
    entity: 'customer',
    key: 'C-1001',
  },
  {
    severity: 'info',
    code: 'document.before-cutover',
    message: '143 invoices settled before the cutover date are not migrated as documents.',
    location: { file: 'Invoices.csv', row: 2 },
  },
];

const blockingProblems: Problem[] = [
  {
    severity: 'error',
    code: 'reference.unknown-account',
    message: 'Account code 4020 on invoice INV-2291 is not in the chart of accounts.',
    location: { file: 'Invoices.csv', row: 214, column: 'AccountCode' },
    entity: 'invoice',
    key: 'INV-2291',
  },
  {
    severity: 'error',
    code: 'date.invalid',
    message: 'Due date "30/02/2024" is not a calendar date.',
    location: { file: 'Invoices.csv', row: 239, column: 'DueDate' },
    entity: 'invoice',
    key: 'INV-2304',
  },
  {
    severity: 'error',
    code: 'balance.not-balanced',
    message: 'The opening trial balance at 2023-12-31 is off by 12.40 (debits exceed credits).',
    location: { file: 'TrialBalance.xlsx', sheet: 'TB 31 Dec 2023', row: 41, column: 'Debit' },
  },
];

/** Row counts per step for a live run of this ledger (before any failures). */
const plannedRows: Record<StepName, number> = {
  accounts: 18,
  customers: 64,
  vendors: 27,
  products: 41,
  'opening-balance': 19,
  invoices: 612,
  bills: 233,
  'bank-transactions': 1480,
  payments: 702,
  'journal-entries': 0,
};

function steps(
  failed: readonly FailedRow[],
  skippedPerStep: Partial<Record<StepName, number>>,
  dry: boolean,
  blocked: boolean,
): StepReport[] {
  return stepNames.map((step) => {
    const planned = plannedRows[step];
    const failures = failed.filter((row) => row.step === step).length;
    const skipped = skippedPerStep[step] ?? 0;
    const done = blocked ? 0 : planned - failures - skipped;
    const matched = step === 'accounts' ? 6 : step === 'customers' ? 3 : 0;
    // The receivable, payable, tax and retained earnings accounts map onto the workspace's own.
    const mapped = step === 'accounts' ? 4 : 0;
    const batches = step === 'opening-balance' ? 2 : Math.ceil(planned / 25);
    return {
      step,
      rows: { planned, done, failed: blocked ? 0 : failures, skipped },
      created: blocked ? 0 : Math.max(0, done - matched - mapped),
      matched: blocked ? 0 : matched,
      mapped: blocked ? 0 : mapped,
      calls: blocked ? 0 : batches + (dry ? 0 : Math.ceil(failures / 2)),
    };
  });
}

function totalsOf(stepReports: readonly StepReport[]): RowCounts {
  const totals: RowCounts = { planned: 0, done: 0, failed: 0, skipped: 0 };
  for (const step of stepReports) {
    for (const key of ['planned', 'done', 'failed', 'skipped'] as const)
      totals[key] += step.rows[key];
  }
  return totals;
}

function progress(
  report: Pick<RunReport, 'run' | 'steps' | 'calls' | 'verification'>,
): RunProgress {
  const { verification: v } = report;
  return {
    runName: report.run.runName,
    mode: report.run.mode,
    phase: report.run.phase,
    round: report.run.round,
    steps: report.steps.map((step) => ({
      step: step.step,
      status: report.run.phase === 'blocked' ? 'waiting' : 'done',
      rows: step.rows,
      units: { total: step.calls, done: step.calls },
      calls: step.calls,
    })),
    calls: { made: report.calls.made, remainingEstimate: 0 },
    pacePerMinute: 118,
    etaSeconds: null,
    ...(v
      ? {
          verification: {
            verified: v.verified,
            differences: v.differences,
            clearingBalance: v.clearingBalance,
            checkedAccounts: v.checkedAccounts,
          },
        }
      : {}),
    reportFolder: `.ledgerlift/runs/${report.run.runName}/reports`,
  };
}

/** A complete `RunReport` for `scenario`; `overrides` replace top-level fields. */
export function sampleRunReport(
  scenario: SampleScenario = 'live-with-failures',
  overrides: Partial<RunReport> = {},
): RunReport {
  const dry = scenario === 'dry-run';
  const blocked = scenario === 'blocked';
  const failedRows =
    scenario === 'live-with-failures'
      ? [...otherFailures, ...invoiceFailures]
      : dry
        ? invoiceFailures.slice(0, 1)
        : [];
  const skippedPerStep: Partial<Record<StepName, number>> = blocked
    ? {}
    : { invoices: 2, payments: 1 };
  const stepReports = steps(failedRows, skippedPerStep, dry, blocked);
  const verificationReport = verification(scenario, '2024-03-31');
  const callsMade = stepReports.reduce((total, step) => total + step.calls, 0);
  const run: RunReport['run'] = {
    runName: 'harbor-pine-roasters-2024',
    mode: dry ? 'dry-run' : 'live',
    phase: blocked ? 'blocked' : scenario === 'live-with-failures' ? 'needs-review' : 'completed',
    round: scenario === 'verified' ? 2 : 1,
    source: { folder: 'exports/harbor-pine/xero-2024-03-31', format: 'xero' },
    cutoverDate: '2024-01-01',
    endDate: '2024-03-31',
    currency: 'USD',
    batchSize: 25,
    profile: 'harbor-pine-prod',
  };
  const totals = totalsOf(stepReports);
  const headline = blocked
    ? `Blocked: ${blockingProblems.length} errors in the exports must be fixed (or skipped) before a live run.`
    : dry
      ? `Dry run: ${totals.planned} rows planned, 0 errors and ${problems.filter((p) => p.severity === 'warning').length} warnings in the exports; the books verify.`
      : `${totals.done} of ${totals.planned} rows migrated, ${totals.failed} failed, ${totals.skipped} skipped; ${
          verificationReport?.verified
            ? 'the books verify'
            : `the books need review (${verificationReport?.differences ?? 0} differences, clearing ${verificationReport?.clearingBalance ?? '0.00'})`
        }.`;
  const reportProblems = blocked ? [...blockingProblems, ...problems] : problems;
  const count = (severity: Problem['severity']) =>
    reportProblems.filter((problem) => problem.severity === severity).length;
  const base: Omit<RunReport, 'progress'> = {
    generatedAt: '2024-04-02T09:41:07.000Z',
    run,
    headline,
    totals,
    calls: {
      made: callsMade,
      ...(dry
        ? {
            predicted: {
              calls: callsMade,
              minutesAtRateLimit: Math.ceil((callsMade / 120) * 10) / 10,
              requestsPerMinute: 120,
            },
          }
        : {}),
    },
    steps: stepReports,
    failedRows,
    apiWarnings: blocked
      ? []
      : [
          {
            step: 'invoices',
            entity: 'invoice',
            key: 'INV-2188',
            message: 'Field "brandingTheme" is not supported and was ignored.',
            location: { file: 'Invoices.csv', row: 140, column: 'BrandingTheme' },
          },
          {
            step: 'customers',
            entity: 'customer',
            key: 'C-1006',
            message: 'Phone number was normalised to +1 514 555 0199.',
          },
        ],
    problems: reportProblems,
    problemCounts: { error: count('error'), warning: count('warning'), info: count('info') },
    skippedRows: blocked
      ? []
      : [
          {
            step: 'invoices',
            entity: 'invoice',
            key: 'INV-1999',
            reason: 'settled before the cutover date',
            location: { file: 'Invoices.csv', row: 19 },
          },
          {
            step: 'invoices',
            entity: 'invoice',
            key: 'INV-2002',
            reason: 'voided in the legacy system',
            location: { file: 'Invoices.csv', row: 23, column: 'Status' },
          },
          {
            step: 'payments',
            entity: 'payment',
            key: 'PMT-4410',
            reason: 'skipped by the operator (code payment.duplicate)',
            location: { file: 'Payments.csv', row: 77 },
          },
        ],
    ...(verificationReport ? { verification: verificationReport } : {}),
    projectedTrialBalance: withRetainedEarnings().map(([key, name, balance]) => ({
      key,
      name,
      balance,
    })),
  };
  const report: RunReport = {
    ...base,
    progress: progress(base),
    ...(dry || blocked ? {} : { timeline: sampleTimeline(stepReports) }),
    aging: sampleAging(scenario),
  };
  return { ...report, ...overrides };
}

/**
 * The live run's calls over time: steps in dependency order, about 12 calls a minute (a run sharing
 * its client id) while a step runs, starting 2024-04-02 08:00 UTC. Each step's calls in total equal its `calls` figure.
 */
function sampleTimeline(stepReports: readonly StepReport[]): RunTimeline {
  const perMinute = 12;
  const minutes = Math.ceil(stepReports.reduce((sum, step) => sum + step.calls, 0) / perMinute) + 1;
  const calls = new Array<number>(minutes).fill(0);
  let minute = 0;
  let room = perMinute;
  // As in a real run's timeline (src/reports/run-timeline.ts), only steps that made calls.
  const steps = stepReports
    .filter((step) => step.calls > 0)
    .map((step) => {
      const own = new Array<number>(minutes).fill(0);
      for (let left = step.calls; left > 0;) {
        const sent = Math.min(left, room);
        own[minute] = (own[minute] ?? 0) + sent;
        calls[minute] = (calls[minute] ?? 0) + sent;
        left -= sent;
        room -= sent;
        if (room === 0) {
          minute += 1;
          room = perMinute;
        }
      }
      let sum = 0;
      return { step: step.step, cumulative: own.map((value) => (sum += value)) };
    });
  return { start: '2024-04-02T08:00:00.000Z', bucketMinutes: 1, calls, steps };
}

function sampleAging(scenario: SampleScenario): AgingComparison {
  const receivable = {
    current: '9120.00',
    '1-30': '5210.50',
    '31-60': '2410.00',
    '61-90': '1189.50',
    '90+': '500.00',
  };
  const payable = {
    current: '6120.25',
    '1-30': '2655.00',
    '31-60': '1000.00',
    '61-90': '0.00',
    '90+': '0.00',
  };
  const live = scenario === 'live-with-failures' || scenario === 'verified';
  const failing = scenario === 'live-with-failures';
  return {
    asOf: '2024-03-31',
    receivable: {
      legacy: receivable,
      ...(live
        ? {
            workspace: failing
              ? { ...receivable, '1-30': '3970.50', '31-60': '2099.50' }
              : receivable,
          }
        : {}),
    },
    payable: {
      legacy: payable,
      ...(live ? { workspace: failing ? { ...payable, current: '6775.50' } : payable } : {}),
    },
  };
}
