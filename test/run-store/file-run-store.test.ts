import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  open,
  readdir,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FileRunStore } from '../../src/run-store/file-run-store.js';
import { modesUnder } from '../support/file-modes.js';
import { describeRunStoreContract } from './run-store-contract.js';

const roots: string[] = [];
async function freshRoot() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-store-'));
  roots.push(root);
  return root;
}
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

describeRunStoreContract('FileRunStore', async () => new FileRunStore(await freshRoot()));
describeRunStoreContract(
  'FileRunStore without syncs',
  async () => new FileRunStore(await freshRoot(), { syncs: false }),
);

describe('FileRunStore syncs', () => {
  /** The syncs a store's writes make, counted on Node's file handles. */
  async function syncsOf(store: FileRunStore): Promise<number> {
    const probe = await open(path.join(await freshRoot(), 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as {
      sync: () => Promise<void>;
      datasync: () => Promise<void>;
    };
    await probe.close();
    const sync = vi.spyOn(handles, 'sync');
    const datasync = vi.spyOn(handles, 'datasync');
    try {
      await store.putDocument('plan/page-0', { units: [1, 2] });
      await store.putDocuments([['plan/page-1', { units: [3] }]]);
      await store.appendLog('outcomes', [{ key: 'INV-1' }]);
      return sync.mock.calls.length + datasync.mock.calls.length;
    } finally {
      sync.mockRestore();
      datasync.mockRestore();
    }
  }

  it('syncs every document and append, and a throwaway store none', async () => {
    expect(await syncsOf(new FileRunStore(await freshRoot()))).toBe(3);
    const throwaway = new FileRunStore(await freshRoot(), { syncs: false });
    expect(await syncsOf(throwaway)).toBe(0);
    expect(await throwaway.getDocument('plan/page-1')).toEqual({ units: [3] });
    expect((await throwaway.readLog('outcomes')).entries).toEqual([{ key: 'INV-1' }]);
  });
});

describe('FileRunStore crash safety', () => {
  it('ignores a torn last line and repairs it before the next append', async () => {
    const root = await freshRoot();
    const store = new FileRunStore(root);
    await store.appendLog('idmap/invoice', [{ key: 'INV-1', id: 'a' }]);
    // A worker killed mid-append leaves half a line behind.
    await appendFile(path.join(root, 'logs', 'idmap', 'invoice.jsonl'), '{"key":"INV-2","i');
    expect((await store.readLog('idmap/invoice')).entries).toEqual([{ key: 'INV-1', id: 'a' }]);

    const restarted = new FileRunStore(root);
    await restarted.appendLog('idmap/invoice', [{ key: 'INV-3', id: 'c' }]);
    expect((await restarted.readLog('idmap/invoice')).entries).toEqual([
      { key: 'INV-1', id: 'a' },
      { key: 'INV-3', id: 'c' },
    ]);
  });

  it('cuts a torn last line longer than one read from the end, keeping the lines before', async () => {
    const root = await freshRoot();
    const store = new FileRunStore(root);
    const entries = Array.from({ length: 2000 }, (_, n) => ({ key: `INV-${n}`, id: 'a' }));
    await store.appendLog('idmap/invoice', entries);
    // The repair reads the log's end 64 KiB at a time: a torn line of 100 KB spans two reads.
    await appendFile(
      path.join(root, 'logs', 'idmap', 'invoice.jsonl'),
      `{"key":"${'x'.repeat(100_000)}`,
    );
    const restarted = new FileRunStore(root);
    await restarted.appendLog('idmap/invoice', [{ key: 'INV-last', id: 'b' }]);
    const all = [];
    for (let offset = 0; ;) {
      const page = await restarted.readLog('idmap/invoice', offset);
      if (page.entries.length === 0) break;
      all.push(...page.entries);
      offset = page.nextOffset;
    }
    expect(all).toEqual([...entries, { key: 'INV-last', id: 'b' }]);
  });

  it('leaves no temporary files behind after replacing documents', async () => {
    const root = await freshRoot();
    const store = new FileRunStore(root);
    for (let i = 0; i < 5; i += 1) await store.putDocument('outcomes/unit', { attempt: i });
    expect(await readdir(path.join(root, 'documents', 'outcomes'))).toEqual(['unit.json']);
    expect(await store.getDocument('outcomes/unit')).toEqual({ attempt: 4 });
  });

  it('writes on when a folder it made before was removed by hand', async () => {
    const root = await freshRoot();
    const store = new FileRunStore(root);
    await store.putDocument('plans/p1/unit', { n: 1 });
    await store.appendLog('outcomes/main', [{ key: 'A' }]);
    await rm(path.join(root, 'documents', 'plans'), { recursive: true });
    await rm(path.join(root, 'logs', 'outcomes'), { recursive: true });
    await store.putDocument('plans/p1/unit', { n: 2 });
    await store.appendLog('outcomes/main', [{ key: 'B' }]);
    expect(await store.getDocument('plans/p1/unit')).toEqual({ n: 2 });
    expect((await store.readLog('outcomes/main')).entries).toEqual([{ key: 'B' }]);
  });
});

describe('FileRunStore file modes', () => {
  it('creates the run folder 0700 and its files 0600, whatever the umask leaves', async () => {
    const runsDir = await freshRoot();
    const store = new FileRunStore(path.join(runsDir, 'acme', 'store'));
    await store.putDocument('stages/s1/manifest', { steps: 3 });
    await store.appendLog('outcomes/live', [{ key: 'INV-1', outcome: 'created' }]);
    expect(await modesUnder(path.join(runsDir, 'acme'))).toEqual({
      '.': 'folder 700',
      store: 'folder 700',
      'store/documents': 'folder 700',
      'store/documents/stages': 'folder 700',
      'store/documents/stages/s1': 'folder 700',
      'store/documents/stages/s1/manifest.json': 'file 600',
      'store/logs': 'folder 700',
      'store/logs/outcomes': 'folder 700',
      'store/logs/outcomes/live.jsonl': 'file 600',
    });
  });

  it('closes a store folder an older version left readable by everyone', async () => {
    const root = path.join(await freshRoot(), 'acme', 'store');
    await mkdir(path.join(root, 'documents'), { recursive: true });
    await writeFile(path.join(root, 'documents', 'old.json'), '{}', { mode: 0o644 });
    await chmod(root, 0o755);
    await new FileRunStore(root).putDocument('new', {});
    expect((await stat(root)).mode & 0o777).toBe(0o700);
  });
});
