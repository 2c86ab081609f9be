import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoWorkflowId, type UndoInput } from '../../../src/migration/contracts/undo-types.js';
import { createPartnerApiClient } from '../../../src/partner-api/index.js';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { undoRun } from '../../../workflows/undo-run.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';

describe('a run again after a full undo reactivates what the undo set inactive', () => {
  let stack: MigrationStack;
  const company = generateCompany(
    {
      customers: 4,
      vendors: 3,
      products: 3,
      invoices: 6,
      bills: 4,
      bankTransactions: 3,
      paidShare: 0.5,
    },
    31,
  );
  let folder: string;
  const client = () =>
    createPartnerApiClient({
      credentialsPath: path.join(stack.dir, 'credentials.json'),
      profile: TEST_PROFILE,
      env: {},
    });
  const statusByName = async () => {
    const api = client();
    const statuses = new Map<string, string | undefined>();
    for await (const c of api.customers.list()) statuses.set(`customer:${c.customer}`, c.status);
    for await (const v of api.vendors.list()) statuses.set(`vendor:${v.name}`, v.status);
    for await (const p of api.products.list()) statuses.set(`product:${p.name}`, p.status);
    return statuses;
  };
  const legacyNames = company.records.flatMap((r) =>
    r.entity === 'customer' || r.entity === 'vendor' || r.entity === 'product'
      ? [`${r.entity}:${r.value.name}`]
      : [],
  );

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  const undo = (input: Omit<UndoInput, 'profile'>) =>
    stack.client.workflow.execute(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(input.runName),
      args: [{ profile: TEST_PROFILE, ...input }],
    });

  it('sets active again, one call each as the dry run predicts, only the records the undo deactivated', async () => {
    // The consultant keeps one of the legacy customers in the workspace, made inactive on purpose:
    // the run matches it, the undo leaves it alone, and the re-run must not reactivate it.
    const kept = company.records.find((r) => r.entity === 'customer');
    if (kept?.entity !== 'customer') throw new Error('the company has no customer');
    await client().customers.create({ customer: kept.value.name, status: 'inactive' });
    const consultants = `customer:${kept.value.name}`;

    const runName = uniqueRunName('reactivate');
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });

    const undone = await undo({ runName, mode: 'live' });
    expect(undone.verification?.balanced).toBe(true);
    const afterUndo = await statusByName();
    expect(legacyNames.filter((name) => afterUndo.get(name) !== 'inactive')).toEqual([]);
    const countsAfterUndo = stack.sandbox.admin.counts();

    // The dry run of the same run name predicts one call per record to reactivate.
    const dry = await (
      await stack.start({ ...liveRun(company, folder, runName), mode: 'dry-run' })
    ).result();
    const requestsBeforeRerun = stack.sandbox.admin.requestLog().length;
    const rerun = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(rerun.status).toBe('completed');
    expect(rerun.progress.verification).toMatchObject({ verified: true, differences: 0 });

    const afterRerun = await statusByName();
    expect(
      legacyNames.filter((name) => name !== consultants && afterRerun.get(name) !== 'active'),
    ).toEqual([]);
    expect(afterRerun.get(consultants)).toBe('inactive');
    // Matched again, not created twice.
    for (const list of ['customers', 'vendors', 'products'] as const) {
      expect(stack.sandbox.admin.counts()[list]).toBe(countsAfterUndo[list]);
    }
    // One PATCH per record the undo deactivated, each once; the dry run predicted as many calls.
    const reactivations = stack.sandbox.admin
      .requestLog()
      .slice(requestsBeforeRerun)
      .filter(
        (r) =>
          r.method === 'PATCH' && /\/partners\/(customers|vendors|products)\/[^/]+$/.test(r.path),
      );
    expect(reactivations).toHaveLength(legacyNames.length - 1);
    expect(new Set(reactivations.map((r) => r.path)).size).toBe(reactivations.length);
    const callsOf = (progress: typeof rerun.progress) =>
      progress.steps
        .filter((s) => ['customers', 'vendors', 'products'].includes(s.step))
        .reduce((sum, s) => sum + s.calls, 0);
    expect(callsOf(dry.progress)).toBe(callsOf(rerun.progress));
  });
});
