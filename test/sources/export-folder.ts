import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '../../src/ledger/index.js';
import type { LedgerRecord } from '../../src/ledger/index.js';
import { readLedger, type ReadLedgerOptions } from '../../mappings/read-ledger.js';
import type { SourceFormat } from '../../mappings/source-formats.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';

/** A temporary export folder with the given files; removed by `cleanup`. */
export async function exportFolder(
  files: Record<string, string | Buffer>,
): Promise<{ folder: string; cleanup: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'ledgerlift-export-'));
  for (const [name, content] of Object.entries(files)) await writeFile(join(folder, name), content);
  return { folder, cleanup: () => rm(folder, { recursive: true, force: true }) };
}

export interface ReadResult {
  records: LedgerRecord[];
  problems: Problem[];
}

/** Reads a folder completely (for small test folders). */
export async function readAll(options: ReadLedgerOptions): Promise<ReadResult> {
  const records: LedgerRecord[] = [];
  const problems: Problem[] = [];
  for await (const item of readLedger(options)) {
    if (item.kind === 'record') {
      records.push(item.record);
      problems.push(...item.problems);
    } else problems.push(item.problem);
  }
  return { records, problems };
}

/** Reads files written into a fresh folder, then removes it. */
export async function readFiles(
  files: Record<string, string | Buffer>,
  options: Omit<ReadLedgerOptions, 'folder'> = { format: 'generic' },
): Promise<ReadResult> {
  const { folder, cleanup } = await exportFolder(files);
  try {
    return await readAll({ ...options, folder });
  } finally {
    await cleanup();
  }
}

/** Reads and validates files written into a fresh folder, as `ledgerlift validate` does. */
export async function validateFiles(
  files: Record<string, string | Buffer>,
  format: SourceFormat,
  window: { cutoverDate: string; endDate?: string; baseCurrency: string },
): Promise<ReadResult> {
  const { folder, cleanup } = await exportFolder(files);
  try {
    const { baseCurrency, ...dates } = window;
    const records: LedgerRecord[] = [];
    const problems: Problem[] = [];
    const items = readLedger({ folder, format, defaultCurrency: baseCurrency, ...dates });
    for await (const item of validateLedger(items, window)) {
      if (item.kind === 'record') {
        records.push(item.record);
        problems.push(...item.problems);
      } else problems.push(item.problem);
    }
    return { records, problems };
  } finally {
    await cleanup();
  }
}

/** Problems other than the "optional file is missing" notes every partial folder produces. */
export function realProblems(problems: readonly Problem[]): Problem[] {
  return problems.filter((problem) => problem.code !== 'file.optional-missing');
}

export const ACCOUNTS_CSV = 'Code,Name,Kind\n1000,Business Checking,bank\n4000,Sales,revenue\n';
