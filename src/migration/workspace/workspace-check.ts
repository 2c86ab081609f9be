import type { Account } from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import type {
  OpeningBalanceState,
  WorkspaceAccount,
  WorkspaceInfo,
} from '../contracts/migration-api.js';
import type { StageManifest } from '../contracts/stage-manifest.js';
import type { StagedRow } from '../contracts/staged-row.js';
import type { SnapshotResource } from '../contracts/steps.js';
import type { RunScope } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import { readChunks } from '../staging/chunk-writer.js';
import { stageKeys } from '../staging/stage-keys.js';
import { assessWorkspace, blockingReason, type WorkspaceCheck } from './assess-workspace.js';

/** What the workflow learns from the pre-check: no customer data, only the verdict on it. */
export interface WorkspaceCheckSummary {
  blocking: boolean;
  reason?: string;
  workspaceCurrency?: string;
}

/** The workspace's currency as the pre-check read it (GET /partners/workspace), if it said. */
export async function workspaceCurrency(
  deps: EngineDeps,
  input: { scope: RunScope },
): Promise<string | null> {
  const store = await deps.openStore(input.scope.runName);
  const [workspace] = await snapshotOf<WorkspaceInfo>(store, input.scope, 'workspace');
  return workspace?.currency?.toUpperCase() ?? null;
}

/**
 * Compares the workspace the pre-check read (its settings, chart of accounts and opening balance,
 * kept under `checkScope`) with the staged books, keeps the whole answer in the run store for the
 * report, and answers whether the run must stop before writing.
 */
export async function checkStagedAgainstWorkspace(
  deps: EngineDeps,
  input: { scope: RunScope; checkScope: RunScope; currencyGiven: boolean },
): Promise<WorkspaceCheckSummary> {
  const store = await deps.openStore(input.scope.runName);
  const stage = stageKeys(input.scope.stageId);
  const manifest = (await store.getDocument<StageManifest>(stage.manifest)) as StageManifest;
  const accounts: Account[] = [];
  for await (const row of readChunks<StagedRow>(store, stage.rows('accounts'))) {
    accounts.push(row.record as Account);
  }
  const [workspace] = await snapshotOf<WorkspaceInfo>(store, input.checkScope, 'workspace');
  const [openingBalance] = await snapshotOf<OpeningBalanceState>(
    store,
    input.checkScope,
    'opening-balance',
  );
  const check: WorkspaceCheck = assessWorkspace(
    {
      workspace: workspace ?? {},
      accounts: await snapshotOf<WorkspaceAccount>(store, input.checkScope, 'chart-of-accounts'),
      openingBalance: openingBalance ?? { status: 'none', rows: [] },
    },
    {
      currency: manifest.baseCurrency,
      currencyGiven: input.currencyGiven,
      cutoverDate: manifest.cutoverDate,
      accounts,
      openingBalanceLines: manifest.steps['opening-balance']?.rows ?? 0,
    },
  );
  await store.putDocument(scopeKeys(input.scope).report('workspace-check'), check);
  const reason = blockingReason(check);
  return {
    blocking: check.blocking,
    ...(reason ? { reason } : {}),
    ...(check.workspaceCurrency ? { workspaceCurrency: check.workspaceCurrency } : {}),
  };
}

async function snapshotOf<T>(
  store: RunStore,
  scope: RunScope,
  resource: SnapshotResource,
): Promise<T[]> {
  const pages = await store.listDocuments(`${scopeKeys(scope).snapshot(resource)}/`);
  const records: T[] = [];
  for (const page of pages) records.push(...((await store.getDocument<T[]>(page)) ?? []));
  return records;
}
