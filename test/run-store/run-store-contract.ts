import { describe, expect, it } from 'vitest';
import { readWholeLog, type RunStore } from '../../src/run-store/run-store.js';

/** Behaviour every RunStore must have; each implementation's test file runs it. */
export function describeRunStoreContract(name: string, openStore: () => Promise<RunStore>) {
  describe(`${name}: the RunStore contract`, () => {
    it('stores, replaces and lists documents by key', async () => {
      const store = await openStore();
      await store.putDocument('units/invoices/create/000001', { rows: [1, 2] });
      await store.putDocument('units/invoices/create/000000', { rows: [0] });
      await store.putDocument('units/customers/create/000000', { rows: ['c'] });
      await store.putDocument('units/invoices/create/000001', { rows: [3] });
      expect(await store.getDocument('units/invoices/create/000001')).toEqual({ rows: [3] });
      expect(await store.getDocument('units/missing')).toBeUndefined();
      expect(await store.listDocuments('units/invoices/')).toEqual([
        'units/invoices/create/000000',
        'units/invoices/create/000001',
      ]);
      expect(await store.listDocuments('nothing/')).toEqual([]);
      await store.close();
    });

    it('appends to logs and reads only what is new from an offset', async () => {
      const store = await openStore();
      await store.appendLog('idmap/customer', [{ key: 'C1', id: 'u1' }]);
      const first = await store.readLog('idmap/customer');
      expect(first.entries).toEqual([{ key: 'C1', id: 'u1' }]);
      await store.appendLog('idmap/customer', [
        { key: 'C2', id: 'u2' },
        { key: 'C3', id: 'u3' },
      ]);
      const second = await store.readLog('idmap/customer', first.nextOffset);
      expect(second.entries).toEqual([
        { key: 'C2', id: 'u2' },
        { key: 'C3', id: 'u3' },
      ]);
      const third = await store.readLog('idmap/customer', second.nextOffset);
      expect(third).toEqual({ entries: [], nextOffset: second.nextOffset });
      expect((await store.readLog('idmap/never-written')).entries).toEqual([]);
      await store.close();
    });

    it('answers where an append landed, between the offsets a reader uses', async () => {
      const store = await openStore();
      const first = await store.appendLog('outcomes/span', [{ n: 1 }, { n: 2 }]);
      const second = await store.appendLog('outcomes/span', [{ n: 3 }]);
      expect(first).toBeDefined();
      expect(second?.from).toBe(first?.to);
      const read = await store.readLog('outcomes/span', first?.to);
      expect(read).toEqual({ entries: [{ n: 3 }], nextOffset: second?.to });
      expect((await store.readLog('outcomes/span', first?.from)).entries).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
      ]);
      await store.close();
    });

    it('reads a long log in pages, every entry once and in order', async () => {
      const store = await openStore();
      // More than a page of either store: 12,000 entries (Postgres pages 10,000 rows) of about
      // 400 bytes (the file store pages 4 MiB).
      const entries = Array.from({ length: 12_000 }, (_, n) => ({ n, text: 'x'.repeat(390) }));
      await store.appendLog('outcomes/long', entries);
      const first = await store.readLog('outcomes/long');
      expect(first.entries.length).toBeGreaterThan(0);
      expect(first.entries.length).toBeLessThan(entries.length);
      expect(await readWholeLog(store, 'outcomes/long')).toEqual(entries);
      await store.close();
    });

    it('keeps money and text exactly as written', async () => {
      const store = await openStore();
      const value = { amount: '1234567890123.45', name: 'Ünïcode & "quotes" \n newline' };
      await store.putDocument('exact/value', value);
      await store.appendLog('exact/log', [value]);
      expect(await store.getDocument('exact/value')).toEqual(value);
      expect((await store.readLog('exact/log')).entries).toEqual([value]);
      await store.close();
    });

    it('refuses keys that could escape the run', async () => {
      const store = await openStore();
      await expect(store.putDocument('../outside', {})).rejects.toThrow(/invalid run store key/);
      await expect(store.appendLog('a/../../b', [{}])).rejects.toThrow(/invalid run store key/);
      await store.close();
    });
  });
}
