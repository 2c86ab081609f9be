import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { stageKeys } from '../../src/migration/staging/stage-keys.js';
import type { Projection } from '../../src/migration/contracts/stage-manifest.js';
import { stageLedger } from '../../src/migration/staging/stage-ledger.js';
import type { SourceFormat } from '../../mappings/source-formats.js';
import { FileRunStore } from '../../src/run-store/file-run-store.js';
import { formatCents } from '../../src/money/index.js';
import type {
  CompanySize,
  GeneratedCompany,
} from '../../src/synthetic-company/company-generator.js';
import type { StagingItem } from '../../src/migration/contracts/staged-row.js';

/** The small company these tests write in each layout: every kind of record, a few of each. */
export const smallCompany: CompanySize = {
  customers: 12,
  vendors: 6,
  products: 8,
  invoices: 60,
  bills: 30,
  bankTransactions: 25,
  paidShare: 0.6,
};

/** A maker of scratch folders named `prefix…`, all removed after the calling file's tests. */
export function scratchFolders(prefix: string): () => Promise<string> {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  return async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/**
 * A folder's ledger read and validated as a run reads it, each problem and record counted as it
 * passes (`problems` and `counts` fill as `items` is consumed).
 */
export function watchedExports(
  folder: string,
  format: SourceFormat,
  company: Pick<GeneratedCompany, 'cutoverDate' | 'endDate' | 'currency'>,
  batchSize: number,
): { items: AsyncGenerator<StagingItem>; problems: Problem[]; counts: Map<string, number> } {
  const problems: Problem[] = [];
  const counts = new Map<string, number>();
  async function* items() {
    for await (const item of readValidatedExports({
      runName: 'sample',
      stageId: 's',
      source: { folder, format },
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      currency: company.currency,
      batchSize,
    })) {
      if (item.kind === 'problem') problems.push(item.problem);
      else {
        problems.push(...item.problems);
        counts.set(item.record.entity, (counts.get(item.record.entity) ?? 0) + 1);
      }
      yield item;
    }
  }
  return { items: items(), problems, counts };
}

export interface ReadBack {
  problems: Problem[];
  /** Records read, by entity. */
  counts: Map<string, number>;
  blocking: boolean;
  /** The books staging projects at the end date, by posting key. */
  books: Record<string, string> | undefined;
}

/** Reads an export folder through the readers and validation, and stages it, as a run would. */
export async function readAndStage(
  folder: string,
  format: SourceFormat,
  company: Pick<GeneratedCompany, 'cutoverDate' | 'endDate' | 'currency'>,
): Promise<ReadBack> {
  const { items, problems, counts } = watchedExports(folder, format, company, 50);
  const storeDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-stage-'));
  try {
    const store = new FileRunStore(storeDir);
    const manifest = await stageLedger(items, store, {
      stageId: 's',
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      baseCurrency: company.currency,
      batchSize: 50,
    });
    const projection = await store.getDocument<Projection>(stageKeys('s').projection);
    return { problems, counts, blocking: manifest.blocking, books: projection?.books };
  } finally {
    await rm(storeDir, { recursive: true, force: true });
  }
}

/** Records of the generated company by entity. */
export function countsOf(company: GeneratedCompany): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of company.records)
    counts.set(record.entity, (counts.get(record.entity) ?? 0) + 1);
  return counts;
}

/**
 * The generator's own double-entry books at the end date, with the control accounts folded onto the
 * workspace roles they map to (as staging posts them).
 */
export function legacyBooks(company: GeneratedCompany): Record<string, string> {
  const roles: Record<string, string> = {
    '1100': '@receivable',
    '2000': '@payable',
    '2200': '@tax',
    '3100': '@retained-earnings',
  };
  const books: Record<string, string> = {};
  for (const [key, value] of company.trialBalance)
    if (value !== 0n) books[roles[key] ?? key] = formatCents(value);
  return books;
}
