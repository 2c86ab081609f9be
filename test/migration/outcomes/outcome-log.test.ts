import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutcomeLog } from '../../../src/migration/outcomes/indexed-log.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function freshStore(): Promise<FileRunStore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outcome-log-'));
  dirs.push(dir);
  return new FileRunStore(dir);
}

const created = (entity: string, key: string, id: string): RowOutcome => ({
  entity,
  key,
  status: 'created',
  id,
  step: 'customers',
  phase: 'create',
});

describe('OutcomeLog', () => {
  it('answers the latest outcome of a row, whichever worker appended it', async () => {
    const store = await freshStore();
    const mine = new OutcomeLog(store, 'outcomes/live');
    const other = new OutcomeLog(store, 'outcomes/live');
    await mine.append([
      { ...created('customer', 'C1', ''), status: 'failed', code: 'api.500', id: undefined },
    ]);
    expect(mine.idOf('customer', 'C1')).toBeUndefined();
    expect(mine.get('customer', 'C1')?.code).toBe('api.500');

    await other.refresh();
    await other.append([created('customer', 'C1', 'uuid-1')]);
    await mine.refresh();
    expect(mine.idOf('customer', 'C1')).toBe('uuid-1');
    expect(mine.get('customer', 'C2')).toBeUndefined();
  });

  it('reads back only what other writers appended, not its own appends', async () => {
    const store = await freshStore();
    const read: unknown[] = [];
    const readLog = store.readLog.bind(store);
    store.readLog = async (log, fromOffset) => {
      const page = await readLog(log, fromOffset);
      read.push(...page.entries);
      return page;
    };
    const mine = await new OutcomeLog(store, 'outcomes/live').refresh();
    const settled = Array.from({ length: 500 }, (_, n) => created('invoice', `INV-${n}`, `u${n}`));
    await mine.append(settled);
    await mine.refresh();
    // A plan that settles its rows as it goes appends them; the next unit's look reads none back.
    expect(read).toEqual([]);
    expect(mine.idOf('invoice', 'INV-499')).toBe('u499');

    // Another worker's entry lands between two of ours: it is read, and ours after it again.
    const other = new OutcomeLog(store, 'outcomes/live');
    await other.append([created('customer', 'C9', 'u-other')]);
    await mine.append([created('customer', 'C1', 'u1')]);
    await mine.refresh();
    expect(read).toEqual([created('customer', 'C9', 'u-other'), created('customer', 'C1', 'u1')]);
    expect(mine.idOf('customer', 'C9')).toBe('u-other');
    read.length = 0;
    await mine.append([created('customer', 'C2', 'u2')]);
    await mine.refresh();
    expect(read).toEqual([]);
  });

  it('keeps logs apart and lists one entity without the others', async () => {
    const store = await freshStore();
    const live = new OutcomeLog(store, 'outcomes/live');
    const dry = new OutcomeLog(store, 'outcomes/dry');
    await live.append([
      created('customer', 'C2', 'u2'),
      created('customer', 'C1', 'u1'),
      created('customers-extra', 'X', 'ux'),
      created('account', '1000', 'ua'),
    ]);
    await dry.append([created('customer', 'C1', 'dry:1')]);
    expect([...live.values('customer')].map((o) => o.key)).toEqual(['C1', 'C2']);
    expect([...live.values()].map((o) => `${o.entity}/${o.key}`)).toEqual([
      'account/1000',
      'customer/C1',
      'customer/C2',
      'customers-extra/X',
    ]);
    expect([...dry.values()].map((o) => o.id)).toEqual(['dry:1']);
    expect(live.idOf('customer', 'C1')).toBe('u1');
  });

  it('reads a log longer than one page of the store, and every entry of it', async () => {
    const store = await freshStore();
    const count = 30_000; // about 5 MB of JSON lines: more than one 4 MiB page
    const outcomes = Array.from({ length: count }, (_, n) => ({
      ...created('invoice', `INV-${String(n).padStart(6, '0')}`, `uuid-${n}`),
      reason: 'x'.repeat(80),
    }));
    await store.appendLog('outcomes/live', outcomes);
    const first = await store.readLog('outcomes/live');
    expect(first.entries.length).toBeGreaterThan(0);
    expect(first.entries.length).toBeLessThan(count);

    const log = await new OutcomeLog(store, 'outcomes/live').refresh();
    expect([...log.values('invoice')]).toHaveLength(count);
    expect(log.idOf('invoice', 'INV-029999')).toBe('uuid-29999');
    expect(log.idOf('invoice', 'INV-000000')).toBe('uuid-0');
  });
});
