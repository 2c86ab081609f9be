import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../../src/ledger/index.js';
import { centsOf } from '../../../src/money/index.js';
import { readAll } from '../export-folder.js';
import { iifCorpus, type IifGolden } from './iif-corpus.js';

const CORPUS = join(import.meta.dirname, '../../fixtures/real-world/quickbooks-desktop-iif');

/** IIF list row types and the entity each becomes. */
const LIST_ENTITIES = { ACCNT: 'account', CUST: 'customer', VEND: 'vendor' } as const;

async function readOne(
  golden: IifGolden,
): Promise<{ records: LedgerRecord[]; problems: Problem[] }> {
  const { records, problems } = await readAll({
    folder: join(CORPUS, golden.folder),
    format: 'quickbooks-desktop-iif',
    defaultCurrency: 'USD',
    overrides: { files: { iif: { file: golden.file } } },
  });
  return {
    records,
    problems: problems.filter((problem) => problem.code !== 'file.optional-missing'),
  };
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
  return counts;
}

function rowsByCode(problems: readonly Problem[]): Record<string, number[]> {
  const rows: Record<string, number[]> = {};
  for (const problem of problems) (rows[problem.code] ??= []).push(problem.location?.row ?? 0);
  for (const list of Object.values(rows)) list.sort((a, b) => a - b);
  return rows;
}

describe('real-world QuickBooks Desktop IIF corpus', () => {
  it('covers every IIF file of the corpus once', async () => {
    const { readdir } = await import('node:fs/promises');
    const folders = await readdir(CORPUS);
    const files = (
      await Promise.all(
        folders.map(async (folder) =>
          (await readdir(join(CORPUS, folder)))
            .filter((file) => file.endsWith('.iif'))
            .map((file) => `${folder}/${file}`),
        ),
      )
    ).flat();
    expect(iifCorpus.map((golden) => `${golden.folder}/${golden.file}`).sort()).toEqual(
      files.sort(),
    );
  });

  // docs/mappings.md, "Credit allocations": what the corpus shows about IIF credits.
  it('holds no document, payment or credit allocation to map to credits-apply', async () => {
    const found: Record<string, number> = {};
    for (const golden of iifCorpus) {
      const { records } = await readOne(golden);
      for (const record of records) {
        const documentOrMoney = [
          'invoice',
          'bill',
          'customer-payment',
          'vendor-payment',
          'credit-application',
        ].includes(record.entity);
        if (documentOrMoney) found[record.entity] = (found[record.entity] ?? 0) + 1;
      }
    }
    expect(found).toEqual({});
  });

  it('reads each folder as one export (as validate --source does) like its files one by one', async () => {
    for (const folder of new Set(iifCorpus.map((golden) => golden.folder))) {
      const goldens = iifCorpus.filter((golden) => golden.folder === folder);
      const { records, problems } = await readAll({
        folder: join(CORPUS, folder),
        format: 'quickbooks-desktop-iif',
        defaultCurrency: 'USD',
      });
      const expected: Record<string, number> = {};
      for (const golden of goldens)
        for (const [entity, count] of Object.entries((golden.inFolder ?? golden).reads))
          expected[entity] = (expected[entity] ?? 0) + (count ?? 0);
      expect(
        countBy(records, (record) => record.entity),
        folder,
      ).toEqual(expected);
      const dropped = goldens.reduce(
        (sum, golden) => sum + Object.values((golden.inFolder ?? golden).drops).flat().length,
        0,
      );
      expect(
        problems.filter((problem) => problem.code !== 'file.optional-missing'),
        folder,
      ).toHaveLength(dropped);
    }
  });

  for (const golden of iifCorpus) {
    describe(`${golden.folder}/${golden.file}`, () => {
      it('reads the records listed, and drops the rest with located problems', async () => {
        const { records, problems } = await readOne(golden);
        expect(countBy(records, (record) => record.entity)).toEqual(golden.reads);
        expect(rowsByCode(problems)).toEqual(golden.drops);
        for (const problem of problems) expect(problem.location?.file).toBe(golden.file);
        const bank = records.flatMap((record) =>
          record.entity === 'bank-transaction' ? [centsOf(record.value.amount)] : [],
        );
        if (golden.bankTotalCents !== undefined)
          expect(Number(bank.reduce((sum, cents) => sum + cents, 0n))).toBe(golden.bankTotalCents);
        const debits = records.flatMap((record) =>
          record.entity === 'journal-entry'
            ? record.value.lines.map((line) => centsOf(line.debit))
            : [],
        );
        expect(Number(debits.reduce((sum, cents) => sum + cents, 0n))).toBe(
          golden.journalDebitCents ?? 0,
        );
      });

      it('accounts for every list row and every transaction the file holds', async () => {
        const { records, problems } = await readOne(golden);
        // A comma-delimited file, or one whose date order is ambiguous, is reported once for all.
        const unreadable =
          golden.drops['iif.not-tab-delimited'] !== undefined ||
          golden.drops['date.ambiguous-format'] !== undefined;
        for (const [type, entity] of Object.entries(LIST_ENTITIES)) {
          const held = golden.holds.lists?.[type] ?? 0;
          const read = records.filter((record) => record.entity === entity).length;
          expect(read, `${type} rows read as ${entity}`).toBe(unreadable ? 0 : held);
        }
        // Each TRNS line is either read (a record located from it up to the next TRNS) or dropped
        // with a problem on that line.
        const starts = Object.values(golden.holds.transactions ?? {})
          .flat()
          .sort((a, b) => a - b);
        const problemRows = new Set(problems.map((problem) => problem.location?.row));
        const recordRows = records.map((record) => record.value.source?.row ?? 0);
        const unaccounted = starts.filter((start, index) => {
          const end = starts[index + 1] ?? Infinity;
          const read = recordRows.some((row) => row >= start && row < end);
          return !read && !problemRows.has(start) && !unreadable;
        });
        expect(unaccounted).toEqual([]);
        if (golden.gap === undefined)
          expect(problems.filter((p) => p.severity !== 'info')).toEqual(
            golden.drops['iif.no-rows'] ? [expect.objectContaining({ code: 'iif.no-rows' })] : [],
          );
      });
    });
  }
});
