import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileRunStore } from '../../run-store/file-run-store.js';
import type { Account } from '../../ledger/index.js';
import type { StagedRow, StagingItem } from '../contracts/staged-row.js';
import { readChunks } from '../staging/chunk-writer.js';
import { stageKeys } from '../staging/stage-keys.js';
import type { VerificationReport } from '../contracts/verification-report.js';
import type { EngineDeps } from '../engine/engine.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { stageLedger, type StageSettings } from '../staging/stage-ledger.js';
import { verifyBooks } from './verify-books.js';

/** What `validate` predicts: the verification a dry run or live run of the same exports reports. */
export interface PredictedVerdict {
  /** True when the run's books will verify: no difference and a clearing account at zero. */
  willVerify: boolean;
  report: VerificationReport;
  /** What the workspace pre-check needs of the staged books. */
  books: { accounts: Account[]; openingBalanceLines: number };
}

const RUN_NAME = 'validate';
const STAGE_ID = 'predicted';

/**
 * Stages the validated exports exactly as a run does (src/migration/staging/stage-ledger.ts) into a
 * throwaway run store and verifies the projected books with the same code a dry run verifies them
 * with (verify-books.ts), so every difference a run would report, with its probable cause, is
 * known before any run starts. A live run compares the workspace with the same legacy figures; it
 * verifies when the workspace ends as projected, which the workspace pre-check
 * (src/migration/workspace/) makes the precondition.
 */
export async function predictVerdict(
  items: AsyncIterable<StagingItem> | Iterable<StagingItem>,
  settings: Omit<StageSettings, 'stageId'>,
): Promise<PredictedVerdict> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-validate-'));
  // Thrown away when the prediction ends: nothing in it must survive a crash.
  const store = new FileRunStore(folder, { syncs: false });
  try {
    // Only the accounts are read back, below and to name the verification's lines.
    const manifest = await stageLedger(items, store, {
      ...settings,
      stageId: STAGE_ID,
      rowsKept: ['accounts'],
    });
    const scope: RunScope = { runName: RUN_NAME, mode: 'dry-run', stageId: STAGE_ID, profile: '' };
    await verifyBooks(offlineDeps(store), { scope });
    const report = await store.getDocument<VerificationReport>(
      scopeKeys(scope).report('verification'),
    );
    if (!report) throw new Error('the prediction wrote no verification report');
    const accounts: Account[] = [];
    for await (const row of readChunks<StagedRow>(store, stageKeys(STAGE_ID).rows('accounts'))) {
      accounts.push(row.record as Account);
    }
    const openingBalanceLines = manifest.steps['opening-balance']?.rows ?? 0;
    return { willVerify: report.verified, report, books: { accounts, openingBalanceLines } };
  } finally {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** Engine dependencies for a verification that reads only the run store: nothing reaches an API. */
function offlineDeps(store: FileRunStore): EngineDeps {
  const offline = (): never => {
    throw new Error('validate works offline: no API call, no handler');
  };
  return {
    openStore: () => Promise.resolve(store),
    api: offline,
    handler: offline,
    now: () => new Date(),
    ambiguousSettleMs: 0,
  };
}
