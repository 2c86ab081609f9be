import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallLogEntry } from '../../../src/migration/call-log/call-log-entry.js';
import {
  CALLS_PER_SEGMENT,
  withCallLog,
  type CallSite,
} from '../../../src/migration/call-log/write-call-log.js';
import { captureExchange, noteCall } from '../../../src/migration/call-log/capture-calls.js';
import {
  callLogSegments,
  readCallLog,
  type CallLogFilter,
} from '../../../src/migration/call-log/read-call-log.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';
import { callLogTable } from '../../../src/cli/commands/call-log-table.js';

const site = (overrides: Partial<CallSite> = {}): CallSite => ({
  run: 'acme',
  stage: 'live-1',
  mode: 'live',
  step: 'invoices',
  phase: 'create',
  unit: 'main/invoices/create/000001',
  purpose: 'write',
  ordinal: 1,
  attempt: 1,
  ...overrides,
});

/** What the client's executor reports for one exchange (src/partner-api/request-executor.ts). */
function exchange(method: string, path: string, status?: number, errorType?: string) {
  const failed = errorType ?? (status === undefined ? 'timeout' : undefined);
  captureExchange({
    event: 'partner_api.request',
    method,
    path,
    ...(status === undefined ? {} : { status }),
    durationMs: 12,
    attempt: 1,
    send: 1,
    outcome: failed === undefined && status !== undefined && status < 300 ? 'ok' : 'error',
    ...(failed === undefined ? {} : { errorType: failed, ambiguous: true }),
  });
}

/** An activity's work: asynchronous, as activities are, making the exchanges `work` makes. */
const activity = (work: () => void) => async () => {
  await Promise.resolve();
  work();
};

const id = '58ef54a5-0c17-4b97-ba19-442bc76f7d63';

describe('the call log', () => {
  let dir: string;
  let store: FileRunStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ledgerlift-calls-'));
    store = new FileRunStore(dir);
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const all = async (filter: CallLogFilter = {}) => {
    const entries: CallLogEntry[] = [];
    for await (const entry of readCallLog(store, filter)) entries.push(entry);
    return entries;
  };

  it('keeps each activity’s exchanges apart, with what the write carried', async () => {
    await Promise.all([
      withCallLog(store, site(), async () => {
        await Promise.resolve();
        exchange('POST', '/partners/refresh-user-access-token', 200);
        exchange('POST', '/partners/invoices', 201);
        noteCall({ rowsSent: 1, ids: [id], warnings: ['dueDate'] });
      }),
      withCallLog(
        store,
        site({ step: 'customers', purpose: 'snapshot', unit: undefined, phase: undefined }),
        async () => {
          exchange('GET', '/partners/customers', 200);
          await Promise.resolve();
        },
      ),
    ]);
    exchange('GET', '/partners/outside-any-activity', 200);
    const entries = await all();
    expect(entries.map((e) => `${e.step} ${e.purpose} ${e.method} ${e.path}`).sort()).toEqual([
      'customers snapshot GET /partners/customers',
      'invoices write POST /partners/invoices',
      'invoices write POST /partners/refresh-user-access-token',
    ]);
    expect(entries.find((e) => e.path === '/partners/invoices')).toMatchObject({
      run: 'acme',
      unit: 'main/invoices/create/000001',
      status: 201,
      rowsSent: 1,
      ids: [id],
      warnings: ['dueDate'],
    });
  });

  it('logs the calls of an activity that failed, and lets its error through', async () => {
    const failure = new Error('timed out');
    await expect(
      withCallLog(
        store,
        site({ attempt: 3 }),
        activity(() => {
          exchange('POST', '/partners/invoices');
          noteCall({ rowsSent: 4, ids: [], warnings: [] });
          throw failure;
        }),
      ),
    ).rejects.toBe(failure);
    expect(await all()).toEqual([
      expect.objectContaining({ attempt: 3, rowsSent: 4, error: 'timeout' }),
    ]);
    expect((await all())[0]?.status).toBeUndefined();
  });

  it('starts a new segment every 10,000 units, and a step’s filter reads only its own', async () => {
    for (const ordinal of [0, CALLS_PER_SEGMENT - 1, CALLS_PER_SEGMENT, 2 * CALLS_PER_SEGMENT]) {
      await withCallLog(
        store,
        site({ ordinal }),
        activity(() => exchange('POST', '/partners/invoices', 201)),
      );
    }
    await withCallLog(
      store,
      site({ step: 'bills' }),
      activity(() => exchange('POST', '/partners/bills', 422)),
    );
    const segments = (await callLogSegments(store)).map((s) => s.log);
    expect(segments).toEqual([
      'calls/live-1/bills/write-000',
      'calls/live-1/invoices/write-000',
      'calls/live-1/invoices/write-001',
      'calls/live-1/invoices/write-002',
    ]);
    expect(await all({ step: 'invoices' })).toHaveLength(4);
    expect(await all({ status: '4xx' })).toHaveLength(1);
    expect(await all({ status: 'failed' })).toHaveLength(1);
    expect(await all({ status: '201', method: 'post' })).toHaveLength(4);
  });

  it('lists an answer the client could not read among the failed calls', async () => {
    await withCallLog(
      store,
      site(),
      activity(() => exchange('POST', '/partners/invoices', 201, 'unexpected-response')),
    );
    await withCallLog(
      store,
      site({ unit: 'main/invoices/create/000002' }),
      activity(() => exchange('POST', '/partners/invoices', 201)),
    );
    const failed = await all({ status: 'failed' });
    expect(failed).toEqual([
      expect.objectContaining({ status: 201, error: 'unexpected-response' }),
    ]);
    expect(callLogTable(failed)).toMatch(/POST\s+\/partners\/invoices\s+201 unexpected-response/);
  });

  it('finds calls by workspace UUID, unit prefix and time range', async () => {
    await withCallLog(
      store,
      site(),
      activity(() => {
        exchange('POST', '/partners/invoices', 201);
        noteCall({ rowsSent: 1, ids: [id], warnings: [] });
      }),
    );
    await withCallLog(
      store,
      site({ unit: 'replay-1/payments/assign/000000', step: 'payments' }),
      activity(() =>
        exchange('POST', `/partners/transactions/${id}/assign-to-bills-invoices`, 200),
      ),
    );
    expect(await all({ id })).toHaveLength(2);
    expect(await all({ unit: 'replay-1/' })).toHaveLength(1);
    expect(
      await all({ since: '2000-01-01T00:00:00Z', until: '2999-01-01T00:00:00Z' }),
    ).toHaveLength(2);
    expect(await all({ until: '2000-01-01T00:00:00Z' })).toHaveLength(0);
  });
});
