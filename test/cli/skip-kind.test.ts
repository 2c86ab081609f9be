import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInput, type RunOptions } from '../../src/cli/run-options.js';
import { checkMigrateLedgerInput } from '../../src/migration/contracts/migrate-ledger-input-schema.js';
import { runCli } from '../support/cli.js';

/** Books whose only activity after the cutover is an EFT, a type Ledgerlift does not migrate. */
const books = [
  '!ACCNT\tNAME\tACCNTTYPE\tACCNUM',
  'ACCNT\tChecking\tBANK\t1000',
  'ACCNT\tRent\tEXP\t6100',
  '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
  '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
  '!ENDTRNS',
  'TRNS\t\tEFT\t12/15/2025\tChecking\tLandlord\t-400.00\tE-1\t',
  'SPL\t\tEFT\t12/15/2025\tRent\tLandlord\t400.00\t\t',
  'ENDTRNS',
  'TRNS\t\tEFT\t01/15/2026\tChecking\tLandlord\t-500.00\tE-2\t',
  'SPL\t\tEFT\t01/15/2026\tRent\tLandlord\t500.00\t\t',
  'ENDTRNS',
].join('\r\n');

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-skip-kind-'));
  await writeFile(path.join(folder, 'books.iif'), books);
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const validate = (...extra: string[]) =>
  runCli([
    'validate',
    '--source',
    folder,
    '--format',
    'quickbooks-desktop-iif',
    '--cutover',
    '2026-01-01',
    '--json',
    ...extra,
  ]);

const codesOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { code?: string; severity: string; location?: object })
    // Problems only: validate's --json also ends with its predicted verdict.
    .filter((line): line is { code: string; severity: string } => line.code !== undefined);

describe('transactions the books hold that Ledgerlift does not migrate', () => {
  it('block from the cutover on, located, naming the option that skips them', async () => {
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    const problems = codesOf(stdout).filter((p) => p.code.startsWith('transaction.'));
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'transaction.unsupported',
        severity: 'warning',
        location: expect.objectContaining({ file: 'books.iif', row: 7 }) as object,
      }),
      expect.objectContaining({
        code: 'transaction.left-out',
        severity: 'error',
        location: expect.objectContaining({ file: 'books.iif', row: 10 }) as object,
        message: expect.stringContaining('--skip-kind eft') as string,
      }),
    ]);
  });

  it('are only noted when the consultant skips their kind explicitly', async () => {
    const { code, stdout } = await validate('--skip-kind', 'EFT');
    expect(code).toBe(0);
    expect(codesOf(stdout).filter((p) => p.code.startsWith('transaction.'))).toEqual([
      expect.objectContaining({ code: 'transaction.unsupported' }),
      expect.objectContaining({ code: 'transaction.skipped-kind', severity: 'info' }),
    ]);
  });

  it('reach the workflow input as source.skipKinds, checked by its schema', () => {
    const options: RunOptions & { profile: string } = {
      name: 'acme',
      source: folder,
      format: 'quickbooks-desktop-iif',
      profile: 'default',
      cutover: '2026-01-01',
      currency: 'USD',
      batchSize: '25',
      finishWhenClean: true,
      skipKind: ['untyped,Inventory Adjust', 'eft'],
    };
    expect(runInput(options, 'live').source.skipKinds).toEqual([
      'untyped',
      'inventory-adjust',
      'eft',
    ]);
    const input = runInput({ ...options, skipKind: undefined }, 'live');
    expect(input.source.skipKinds).toBeUndefined();
    const refused = checkMigrateLedgerInput({
      ...input,
      source: { ...input.source, skipKinds: ['EFT; drop table'] },
    });
    expect(refused.ok ? [] : refused.problems.map((p) => p.field)).toEqual(['source.skipKinds.0']);
  });
});
