import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ACCOUNTS, writeBankTransactions } from '../../bench/generate-export.js';
import { MemoryProbe } from '../../bench/memory-probe.js';
import type { Problem } from '../../src/ledger/index.js';
import { readLedger } from '../../mappings/read-ledger.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';

const ROWS = 1_000_000;
/** Near the end: the physical row (the header is row 1) whose amount is broken. */
const BAD_ROW = ROWS - 7;
/** Holding the rows would take well over a gigabyte of heap; streaming keeps only key indexes. */
const LIVE_HEAP_GROWTH_LIMIT = 64 * 1024 * 1024;

describe('a 1,000,000-row CSV', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ledgerlift-million-'));
    await writeFile(join(folder, 'accounts.csv'), BENCH_ACCOUNTS);
    await writeBankTransactions(join(folder, 'bank_transactions.csv'), ROWS, BAD_ROW);
  }, 60_000);
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('streams through reading and validation, locating the bad value near the end, in flat memory', async () => {
    const size = (await stat(join(folder, 'bank_transactions.csv'))).size;
    expect(size).toBeGreaterThan(60 * 1024 * 1024);
    const probe = new MemoryProbe();
    const problems: Problem[] = [];
    let records = 0;
    const items = validateLedger(readLedger({ folder, format: 'generic' }), {
      cutoverDate: '2024-01-01',
      baseCurrency: 'USD',
    });
    for await (const item of items) {
      if (item.kind === 'record') {
        records += 1;
        problems.push(...item.problems.filter((problem) => problem.severity !== 'info'));
        if (records % 100_000 === 0) probe.sampleLive();
      } else if (item.problem.severity !== 'info') problems.push(item.problem);
    }
    probe.sampleLive();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      severity: 'error',
      code: 'amount.invalid',
      location: { file: 'bank_transactions.csv', row: BAD_ROW, column: 'Amount' },
      entity: 'bank-transaction',
      key: `BT-${BAD_ROW - 1}`,
    });
    expect(problems[0]?.message).toContain('"12,34,5"');
    expect(records).toBe(4 + ROWS - 1);
    expect(probe.liveHeapGrowth).toBeLessThan(LIVE_HEAP_GROWTH_LIMIT);
  }, 120_000);
});
