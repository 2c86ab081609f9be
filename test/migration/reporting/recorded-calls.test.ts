import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { recordedCalls } from '../../../src/migration/reporting/recorded-calls.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function storeWith(entries: RowOutcome[][]): Promise<FileRunStore> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-calls-'));
  folders.push(folder);
  const store = new FileRunStore(folder);
  for (const batch of entries) await store.appendLog('outcomes/live', batch);
  return store;
}

const row = (key: string, status: RowOutcome['status'], unit: string, sentAt?: string) =>
  ({
    entity: 'invoice',
    key,
    status,
    step: 'invoices',
    phase: 'create',
    unit,
    ...(sentAt ? { sentAt } : {}),
  }) satisfies RowOutcome;

describe('recordedCalls', () => {
  it('reads one call per unit and send time, counting its rows, and passes over rows no call settled', async () => {
    const store = await storeWith([
      // A unit's rows refused before sending (no call), then its call.
      [row('INV-1', 'failed', 'u1')],
      [
        row('INV-2', 'created', 'u1', '2024-04-02T08:00:05.000Z'),
        row('INV-3', 'failed', 'u1', '2024-04-02T08:00:05.000Z'),
      ],
      [row('INV-4', 'created', 'u2', '2024-04-02T08:00:06.000Z')],
      // The replay of INV-3: a second call of the same unit, later.
      [row('INV-3', 'created', 'u1', '2024-04-02T09:30:00.000Z')],
    ]);
    const calls = [];
    for await (const call of recordedCalls(store, 'outcomes/live')) calls.push(call);
    expect(calls).toEqual([
      { step: 'invoices', sentAt: '2024-04-02T08:00:05.000Z', rowsDone: 1, rowsFailed: 1 },
      { step: 'invoices', sentAt: '2024-04-02T08:00:06.000Z', rowsDone: 1, rowsFailed: 0 },
      { step: 'invoices', sentAt: '2024-04-02T09:30:00.000Z', rowsDone: 1, rowsFailed: 0 },
    ]);
  });

  it('reads nothing from a dry run (predictions carry no send time)', async () => {
    const store = await storeWith([[row('INV-1', 'created', 'u1'), row('INV-2', 'created', 'u1')]]);
    const calls = [];
    for await (const call of recordedCalls(store, 'outcomes/live')) calls.push(call);
    expect(calls).toEqual([]);
  });
});
