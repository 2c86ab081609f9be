import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { TEMPLATE_WORKBOOK, writeTemplates } from '../../src/templates/write-templates.js';
import { ACCOUNTS_CSV, readAll, readFiles, realProblems } from './export-folder.js';

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

const customers = (records: readonly LedgerRecord[]) =>
  records.flatMap((record) =>
    record.entity === 'customer' ? [[record.value.key, record.value.name]] : [],
  );

describe('a row that is no data is never a record', () => {
  it('a header repeated mid-file (two exports pasted together) is reported, not a customer', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.csv':
        'Key,Name,Email\nC-1,Atlas,a@example.com\nC-2,Birch,b@example.com\nKey,Name,Email\nC-3,Cedar,c@example.com\n',
    });
    expect(customers(records)).toEqual([
      ['C-1', 'Atlas'],
      ['C-2', 'Birch'],
      ['C-3', 'Cedar'],
    ]);
    const problem = only(realProblems(problems), 'row.repeated-header');
    expect(problem).toMatchObject({
      severity: 'warning',
      location: { file: 'customers.csv', row: 4 },
    });
    expect(problem.message).toContain('row 4 repeats the header of row 1');
  });

  it('a repeated header with the columns in another order lays out the rows below it', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.csv':
        'Key,Name,Email\nC-1,Atlas,a@example.com\nName,Email,Key\nCedar,c@example.com,C-3\n',
    });
    expect(customers(records)).toEqual([
      ['C-1', 'Atlas'],
      ['C-3', 'Cedar'],
    ]);
    expect(only(realProblems(problems), 'row.repeated-header').message).toContain(
      'the rows below it are read in its order',
    );
  });

  it("the template's own sample row left in is recognised and not read", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ledgerlift-template-'));
    try {
      await writeTemplates(folder);
      await rm(join(folder, TEMPLATE_WORKBOOK));
      await appendFile(join(folder, 'accounts.csv'), '1100,Savings,bank,,,,,Yes\n');
      await appendFile(join(folder, 'customers.csv'), 'C-7,Birch Ltd\n');
      const { records, problems } = await readAll({ folder, format: 'generic' });
      expect(customers(records)).toEqual([['C-7', 'Birch Ltd']]);
      expect(
        records.flatMap((record) => (record.entity === 'account' ? [record.value.key] : [])),
      ).toEqual(['1100']);
      const samples = problems.filter((problem) => problem.code === 'row.template-sample');
      expect(samples.map((problem) => problem.location)).toContainEqual({
        file: 'customers.csv',
        row: 2,
      });
      expect(samples).toHaveLength(12);
      expect(samples[0]?.message).toContain("is the template's own sample row");
      expect(records.filter((record) => record.entity === 'invoice')).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("the template workbook's sample rows are recognised too", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ledgerlift-template-'));
    try {
      const written = await writeTemplates(folder);
      for (const path of written.slice(1)) await rm(path);
      const { records, problems } = await readAll({ folder, format: 'generic' });
      expect(records).toEqual([]);
      expect(problems.filter((problem) => problem.code === 'row.template-sample')).toHaveLength(12);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
