import { randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PredictedVerdictView } from '../../src/cli/commands/validate-verdict.js';
import { connectToSandbox } from '../../src/dev/connect-sandbox.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import { CLEARING } from '../../src/migration/accounting/posting-keys.js';
import type { VerificationReport } from '../../src/migration/contracts/verification-report.js';
import { trialBalanceRows } from '../../src/migration/verification/report-figures.js';
import { createPartnerApiClient } from '../../src/partner-api/index.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { finishSignal } from '../../workflows/handlers.js';
import { runCli } from '../support/cli.js';
import { discoverRealBooks, type RealBooks } from '../support/real-books.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/**
 * Every company of the shared real books (`../shared/real-books/`, each folder with an
 * `expected.json`), as a consultant runs it: exactly as exported, no override file, `--cutover` the
 * day after its opening trial balance, into a workspace in its own currency. For each, validate's
 * verdict is the live run's, and the workspace's trial balance (at the cutover, or at the end date
 * of books with activity after it) is the answer key's, account by account to the cent, with the
 * clearing account at zero; books with activity also match each contact's open balance.
 *
 * One stack for all of them (one sandbox with a workspace per folder, one worker), the folders side
 * by side: each writes only its own workspace under its own profile, as concurrent migrations of
 * one client id do. LEDGERLIFT_REAL_BOOKS_ONLY=<text> keeps only the folders whose name contains it, for a
 * local run; by default every folder is tested.
 */
const only = process.env.LEDGERLIFT_REAL_BOOKS_ONLY;
const discovered = await discoverRealBooks();
const books = only ? discovered.filter((book) => book.name.includes(only)) : discovered;

/** The workspace's own rates for foreign documents: deliberately not the legacy ones. */
const workspaceRates = [
  { currency: 'USD', rate: '1.30' },
  { currency: 'GBP', rate: '1.70' },
  { currency: 'EUR', rate: '1.45' },
];

describe('the shared real books verify against their answer keys', () => {
  let stack: MigrationStack;
  let env: NodeJS.ProcessEnv;
  const workspaces = new Map(books.map((book) => [book.name, randomUUID()]));
  const profileOf = (book: RealBooks) => `real-${books.indexOf(book)}`;

  beforeAll(async () => {
    stack = await startMigrationStack({
      configure(config) {
        config.workspaces = books.map((book) => ({
          id: workspaces.get(book.name) ?? '',
          name: `Real books ${book.name}`,
          currency: book.expected.baseCurrency,
          // An ISO 4217 code begins with its country's ISO 3166 code (CAD: CA).
          country: book.expected.baseCurrency.slice(0, 2),
          exchangeRates: workspaceRates
            .filter((rate) => rate.currency !== book.expected.baseCurrency)
            .map((rate) => ({ ...rate, from: '2000-01-01' })),
        }));
      },
    });
    for (const book of books) {
      await connectToSandbox({
        baseUrl: stack.sandbox.url,
        profile: profileOf(book),
        credentialsPath: stack.worker.credentialsPath,
        workspaceId: workspaces.get(book.name),
      });
    }
    env = { LEDGERLIFT_CREDENTIALS: stack.worker.credentialsPath };
  });
  afterAll(async () => stack?.close());

  it('finds the books', () => {
    // A filter that matches nothing must not pass by testing nothing.
    expect(books.map((book) => book.name)).not.toEqual([]);
  });

  for (const book of books) {
    it.concurrent(
      `${book.name}: validate predicts the live verdict, and the workspace equals expected.json`,
      async ({ expect }) => {
        const { expected } = book;
        // The worker reads exports only under its sources root: a copy, never the shared folder.
        const zipped = book.folder.toLowerCase().endsWith('.zip');
        const folder = path.join(stack.dir, 'books', `${book.name}${zipped ? '.zip' : ''}`);
        await mkdir(path.dirname(folder), { recursive: true });
        await cp(book.folder, folder, { recursive: true });
        const profile = profileOf(book);
        // No --overrides anywhere below: the books must verify exactly as the system exports them.
        const settings = {
          source: { folder, format: expected.format },
          cutoverDate: expected.cutover,
          currency: expected.baseCurrency,
          profile,
        };

        const validateReport = path.join(stack.dir, 'validate', `${book.name}.json`);
        const validate = await runCli(
          [
            'validate',
            ...['--source', folder, '--format', expected.format, '--cutover', expected.cutover],
            ...['--currency', expected.baseCurrency, '--profile', profile],
            ...['--report', validateReport],
          ],
          env,
        );
        const predicted = (
          JSON.parse(await readFile(validateReport, 'utf8')) as { verdict: PredictedVerdictView }
        ).verdict;
        expect(validate.stdout).toContain(`Predicted verdict: ${predicted.verdict}`);
        // The opening balance is the legacy trial balance: never checked against the books themselves.
        expect(predicted.comparedWith).not.toBe('migrated-ledger');
        expect(validate.stdout).not.toContain('the exports hold no trial balance');

        const dry = await (
          await stack.start({ ...settings, runName: uniqueRunName('real-dry'), mode: 'dry-run' })
        ).result();
        const live = await stack.start({
          ...settings,
          runName: uniqueRunName('real-live'),
          mode: 'live',
        });
        // A run that needs review waits for the consultant; finishing up front ends it after its
        // verification instead, whatever that verification finds.
        await live.signal(finishSignal, {});
        const outcome = await live.result();

        const willVerify = predicted.verdict === 'will verify';
        const verdict = {
          verified: willVerify,
          differences: predicted.differences,
          clearingBalance: predicted.clearingBalance,
        };
        expect(dry.progress.verification).toMatchObject(verdict);
        expect(outcome.status, outcome.progress.blockedReason).not.toBe('blocked');
        expect(outcome.progress.verification).toMatchObject(verdict);
        expect(outcome.progress.verification?.comparedWith?.target).toBe(predicted.comparedWith);
        expect(outcome.status).toBe(willVerify ? 'completed' : 'needs-review');
        // What "works" means for the real books (their README): validate predicts it verifies.
        expect(predicted.verdict, JSON.stringify(predicted.findings, null, 2)).toBe('will verify');

        const reportFolder = outcome.progress.reportFolder ?? '';
        const report = JSON.parse(
          await readFile(path.join(reportFolder, 'report.json'), 'utf8'),
        ) as RunReport;
        const verification = report.verification as VerificationReport;
        expect(verification.target).toBe(predicted.comparedWith);
        // Every expected amount due names the legacy files it came from, each one of the exports.
        const exported = zipped ? undefined : new Set(await readdir(book.folder));
        for (const line of [...verification.receivables, ...verification.payables]) {
          if (line.expected === '0.00') continue;
          expect(line.expectedFrom, `${line.name}: expected from`).toBeDefined();
          for (const file of (line.expectedFrom ?? '').split('; ')) {
            if (exported) expect(exported, `${line.name}: ${file}`).toContain(file);
          }
        }
        // Books with activity after the cutover: each contact's open balance at the end date is the
        // answer key's (a settlement residual it names is on the control account, no contact's).
        if (expected.open) {
          for (const [side, want] of [
            ['receivables', expected.open.receivables],
            ['payables', expected.open.payables],
          ] as const) {
            const got = Object.fromEntries(
              verification[side]
                .filter((line) => line.actual !== '0.00')
                .map((line) => [line.key, line.actual]),
            );
            expect(got, side).toEqual(Object.fromEntries(want));
          }
        }

        // The workspace's own trial balance at the date verified, read from the API, named by the run's
        // ID map: every account of the answer key to the cent, the clearing account at zero, and
        // nothing else holding a balance.
        const workspace = await workspaceTrialBalance(profile, stack, expected.verifiedAt);
        const legacyKeyOf = await accountIdMap(path.join(reportFolder, 'report.xlsx'));
        const want = Object.fromEntries(
          expected.trialBalance.map((line) => [
            line.code || line.name,
            formatCents(centsOf(line.debit) - centsOf(line.credit)),
          ]),
        );
        // Accounts the migration itself made (the clearing account, keyed "@...") are not legacy.
        const legacy = new Map<string, string>();
        const others: Array<{ account: string; balance: string }> = [];
        for (const row of workspace) {
          const key = legacyKeyOf.get(row.accountUuid);
          const balance = formatCents(row.balance);
          if (key === undefined || key.startsWith('@'))
            others.push({ account: key ?? row.accountName, balance });
          // An account the key leaves out holds nothing (the exchange-difference account nets to zero).
          else if (balance !== '0.00' || want[key] !== undefined) legacy.set(key, balance);
        }
        expect(Object.fromEntries(legacy)).toEqual(want);
        expect(others.find((other) => other.account === CLEARING)?.balance ?? '0.00').toBe('0.00');
        expect(outcome.progress.verification?.clearingBalance).toBe('0.00');
        expect(others.filter((other) => other.balance !== '0.00')).toEqual([]);
      },
      900_000,
    );
  }
});

/** The workspace's trial balance at `asOf`, as its API reports it. */
async function workspaceTrialBalance(profile: string, stack: MigrationStack, asOf: string) {
  const client = createPartnerApiClient({
    profile,
    credentialsPath: stack.worker.credentialsPath,
    env: {},
  });
  try {
    return trialBalanceRows(await client.reports.trialBalance({ endDate: asOf }));
  } finally {
    await client.close();
  }
}

/** Workspace account UUID to legacy account key, from the report workbook's ID map. */
async function accountIdMap(workbookFile: string): Promise<Map<string, string>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(workbookFile);
  const sheet = workbook.getWorksheet('ID map');
  if (!sheet) throw new Error(`${workbookFile} has no ID map`);
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, index) => (headers[index] = cell.text));
  const map = new Map<string, string>();
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cell = (name: string) => row.getCell(headers.indexOf(name)).text;
    if (cell('Entity') === 'account') map.set(cell('Workspace UUID'), cell('Legacy key'));
  });
  return map;
}
