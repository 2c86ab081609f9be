import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnswerAlteration } from '../../sandbox/faults/fault-injector.js';
import type { CallLogEntry } from '../../src/migration/call-log/call-log-entry.js';
import { readCallLog } from '../../src/migration/call-log/read-call-log.js';
import type { RowOutcome } from '../../src/migration/outcomes/row-outcome.js';
import { createPartnerApiClient } from '../../src/partner-api/index.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { openRunStores } from '../../src/run-store/open-run-store.js';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { finishSignal, progressQuery } from '../../workflows/handlers.js';
import { liveOutcomes } from '../chaos/support/outcomes.js';
import { auditWorkspace } from '../chaos/support/workspace-audit.js';
import { expectedWorkspace } from '../support/expected-workspace.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { waitFor } from '../support/wait.js';

/** Small, with a credit note and a vendor credit among the documents (seed 12). */
const size: CompanySize = {
  customers: 4,
  vendors: 3,
  products: 3,
  invoices: 8,
  bills: 6,
  bankTransactions: 2,
  paidShare: 0,
};

/** Every create on the document routes: invoices and credit memos, bills and vendor memos. */
const DOCUMENT_ROUTES = ['/partners/invoices', '/partners/bills'];

/**
 * Issue 42: the API applies a create, then answers it in a shape Ledgerlift cannot read. A
 * document create is not idempotent, so the engine must look the document up before it sends it
 * again: one document each in the workspace at the end, found again by reconciliation, and the
 * call that created it logged as answered and unreadable.
 */
describe('a document create applied, then answered in a shape Ledgerlift cannot read', () => {
  let stack: MigrationStack;
  const company = generateCompany(size, 12);
  const expected = expectedWorkspace(company);
  let folder: string;

  // A fresh workspace per test: a second run in the same one would match the first run's records.
  beforeEach(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterEach(async () => stack.close());

  /** Runs the company live with every document create answered as `alteration` says. */
  async function migrate(prefix: string, alteration: AnswerAlteration) {
    // The premise: every kind of document this covers is in the company.
    expect(expected.creditMemos).toBeGreaterThan(0);
    expect(expected.vendorMemos).toBeGreaterThan(0);
    const documents =
      expected.invoices + expected.creditMemos + expected.bills + expected.vendorMemos;
    for (const route of DOCUMENT_ROUTES) {
      stack.sandbox.admin.setFault({
        method: 'POST',
        path: route,
        alterAnswer: { count: documents, ...alteration },
      });
    }
    const runName = uniqueRunName(prefix);
    const handle = await stack.start(liveRun(company, folder, runName));
    const result = handle.result();
    let ended = false;
    result.then(
      () => (ended = true),
      () => (ended = true),
    );
    // A run whose books do not verify waits for the operator: finished then, it says so.
    await waitFor(
      'the run to end, or to wait for the operator',
      async () => ended || (await handle.query(progressQuery)).phase === 'awaiting-operator',
      { timeoutMs: 150_000 },
    );
    if (!ended) await handle.signal(finishSignal, {});
    const outcome = await result;
    const creates = stack.sandbox.admin
      .requestLog()
      .filter((entry) => entry.method === 'POST' && DOCUMENT_ROUTES.includes(entry.path));
    stack.sandbox.admin.clearFaults();
    return { runName, outcome, creates, documents };
  }

  async function expectEachDocumentOnce(run: Awaited<ReturnType<typeof migrate>>): Promise<void> {
    const { runName, outcome, creates, documents } = run;
    // Each document was sent once, and each answer was altered. (Sent again, the sandbox refuses
    // its number, assumptions R9 and R18; an API that allows a number twice creates it twice.)
    expect(
      creates.map((entry) => `${entry.status}${entry.altered ? ' altered' : ''}`),
      'every create answered once, altered',
    ).toEqual(Array.from({ length: documents }, () => '201 altered'));
    // One of each document in the workspace.
    const audit = await auditWorkspace(stack.worker.credentialsPath as string, company);
    expect(audit.duplicates).toEqual([]);
    expect(audit.gaps).toEqual([]);
    expect(stack.sandbox.admin.counts()).toMatchObject({
      invoices: expected.invoices,
      creditMemos: expected.creditMemos,
      bills: expected.bills,
      vendorMemos: expected.vendorMemos,
    });

    expect(outcome.status).toBe('completed');
    expect(outcome.progress.verification).toMatchObject({
      verified: true,
      clearingBalance: '0.00',
    });
    for (const step of outcome.progress.steps) expect(step.rows.failed, step.step).toBe(0);

    // Each document's row was found again in the workspace, under the document's own id.
    const latest = latestDocumentOutcomes(await liveOutcomes(stack.worker.runsDir, runName));
    expect(latest).toHaveLength(documents);
    expect(latest.every((o) => o.status === 'matched' && o.code === 'reconciled')).toBe(true);
    const ids = await workspaceDocumentIds(stack.worker.credentialsPath as string);
    expect(new Set(latest.map((o) => o.id))).toEqual(ids);

    // The call log says what happened to each create: answered 201, and not understood.
    const writes = (await documentWrites(stack.worker.runsDir, runName)).filter(
      (call) => call.method === 'POST',
    );
    expect(writes).toHaveLength(documents);
    expect(writes.every((c) => c.status === 201 && c.error === 'unexpected-response')).toBe(true);

    // The report counts them as created by the run, not as records the workspace already held.
    const reportFolder = outcome.progress.reportFolder;
    expect(reportFolder).toBeDefined();
    const report = JSON.parse(
      await readFile(path.join(reportFolder as string, 'report.json'), 'utf8'),
    ) as RunReport;
    const tally = (step: string) => report.steps.find((s) => s.step === step);
    expect(tally('invoices')).toMatchObject({
      created: expected.invoices + expected.creditMemos,
      matched: 0,
    });
    expect(tally('bills')).toMatchObject({
      created: expected.bills + expected.vendorMemos,
      matched: 0,
    });
  }

  it('is found again, not created twice, when the answer leaves out the total', async () => {
    await expectEachDocumentOnce(await migrate('no-total', { omitFields: ['total'] }));
  });

  it('is found again, not created twice, when the total fails the schema', async () => {
    // Three decimal places: no amount the workspace can hold, so not a total Ledgerlift can take.
    await expectEachDocumentOnce(await migrate('bad-total', { setFields: { total: 100.005 } }));
  });
});

/**
 * The latest outcome of each invoice and bill the run wrote (credit memos and vendor memos among
 * them), leaving out documents settled before the cutover, which the opening balance covers.
 */
function latestDocumentOutcomes(outcomes: readonly RowOutcome[]): RowOutcome[] {
  const latest = new Map<string, RowOutcome>();
  for (const outcome of outcomes) {
    if (outcome.entity !== 'invoice' && outcome.entity !== 'bill') continue;
    latest.set(`${outcome.entity}/${outcome.key}`, outcome);
  }
  return [...latest.values()].filter((outcome) => outcome.status !== 'skipped');
}

/** The ids of every invoice, credit memo, bill and vendor memo in the workspace. */
async function workspaceDocumentIds(credentialsPath: string): Promise<Set<string>> {
  const client = createPartnerApiClient({ credentialsPath, profile: TEST_PROFILE, env: {} });
  try {
    const ids = new Set<string>();
    for (const invoiceType of ['invoice', 'memo'] as const) {
      for await (const invoice of client.invoices.list({ invoiceType })) ids.add(invoice.id);
    }
    for (const billType of ['bill', 'vendor_memo'] as const) {
      for await (const bill of client.bills.list({ billType })) ids.add(bill.id);
    }
    return ids;
  } finally {
    await client.close();
  }
}

/** The run's call log entries of the document steps' writes. */
async function documentWrites(runsDir: string, runName: string): Promise<CallLogEntry[]> {
  const stores = openRunStores({ runsDir });
  try {
    const store = await stores.open(runName);
    const writes: CallLogEntry[] = [];
    for (const step of ['invoices', 'bills']) {
      for await (const call of readCallLog(store, { step })) {
        if (call.purpose === 'write' && call.phase === 'create') writes.push(call);
      }
    }
    return writes;
  } finally {
    await stores.close();
  }
}
