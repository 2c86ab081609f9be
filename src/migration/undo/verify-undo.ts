import { formatCents } from '../../money/index.js';
import type { StepName } from '../contracts/steps.js';
import type { NotReversible, UndoVerification } from '../contracts/undo-types.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { openOutcomes, type EngineDeps } from '../engine/engine.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { trialBalanceRows } from '../verification/report-figures.js';
import { createdByRun, isReversible, PARTS_OF_OTHERS } from './reversible-entities.js';
import { preRunRecordIds } from './pre-run-records.js';
import { CUTOVER_KEPT_REASON } from './not-reversible.js';
import { liveOutcomes } from './plan-undo.js';
import { reversalEntity, reversalKey } from './reversal-rows.js';
import { undoKeys } from './undo-keys.js';
import { snapshotRecords } from './undo-snapshot.js';

export interface BalanceDifference {
  account: string;
  before: string;
  after: string;
}

/** Accounts whose balance differs between two trial balances (an absent account holds zero). */
export function trialBalanceDifferences(before: unknown, after: unknown): BalanceDifference[] {
  const was = new Map(trialBalanceRows(before).map((row) => [row.accountUuid, row]));
  const now = new Map(trialBalanceRows(after).map((row) => [row.accountUuid, row]));
  const differences: BalanceDifference[] = [];
  for (const uuid of new Set([...was.keys(), ...now.keys()])) {
    const old = was.get(uuid);
    const current = now.get(uuid);
    const oldBalance = old?.balance ?? 0n;
    const newBalance = current?.balance ?? 0n;
    if (oldBalance === newBalance) continue;
    differences.push({
      account: current?.accountName ?? old?.accountName ?? uuid,
      before: formatCents(oldBalance),
      after: formatCents(newBalance),
    });
  }
  return differences.sort((a, b) => a.account.localeCompare(b.account));
}

/**
 * The undo's verdict: the workspace's trial balance against the snapshot taken before the run's
 * first write, to the cent; every record the run created reversed, deleted or inactive; and what
 * could not be reversed, with the API's reason.
 */
export async function verifyUndo(
  deps: EngineDeps,
  input: { scope: RunScope; planId: string; steps?: StepName[] | undefined },
): Promise<UndoVerification> {
  const store = await deps.openStore(input.scope.runName);
  const [before] = await snapshotRecords<unknown>(deps, input.scope.runName, 'trial-balance');
  const after = await store.getDocument<unknown>(undoKeys.trialBalanceAfter(input.planId));
  const differences =
    before === undefined
      ? [{ account: '(no snapshot)', before: '?', after: '?' }]
      : trialBalanceDifferences(before, after);

  const live = await liveOutcomes(deps, store);
  const preRunIds = await preRunRecordIds(store);
  const { view } = await openOutcomes(deps, store, input.scope);
  const inSteps = (o: RowOutcome) => input.steps === undefined || input.steps.includes(o.step);
  const reversals = [...live.values()].filter(
    (o) => o.entity.startsWith('reversal:') && inSteps(o),
  );
  const notReversed: NotReversible[] = [];
  const inactiveInstead: NotReversible[] = [];
  const keptSettings: NotReversible[] = [];
  const recordOf = (o: RowOutcome) => {
    const at = o.key.lastIndexOf('@');
    return {
      entity: o.entity.slice('reversal:'.length),
      key: o.key.slice(0, at),
      id: o.key.slice(at + 1),
    };
  };
  for (const reversal of reversals) {
    if (reversal.status !== 'failed') continue;
    const record = recordOf(reversal);
    const inactive =
      record.entity === 'account' &&
      ['created', 'matched'].includes(
        view.get(reversalEntity('account-inactive'), reversalKey(record.key, record.id))?.status ??
          '',
      );
    const entry = {
      ...record,
      step: reversal.step,
      reason: reversal.reason ?? reversal.code ?? 'failed',
    };
    (inactive ? inactiveInstead : notReversed).push(entry);
  }
  for (const original of live.values()) {
    if (
      !createdByRun(original, preRunIds) ||
      !inSteps(original) ||
      PARTS_OF_OTHERS.has(original.entity)
    )
      continue;
    if (original.entity.startsWith('reversal:') || original.entity === 'workspace-account')
      continue;
    const own = view.get(
      reversalEntity(original.entity),
      reversalKey(original.key, original.id as string),
    );
    if (own?.status === 'failed') continue;
    const { entity, key, id, step } = original;
    if (entity === 'workspace-cutover') {
      keptSettings.push({ entity, key, id, step, reason: CUTOVER_KEPT_REASON });
      continue;
    }
    notReversed.push({
      entity: original.entity,
      key: original.key,
      id: original.id,
      step: original.step,
      reason: isReversible(original)
        ? 'no reversal of it has run yet'
        : `undo does not reverse ${original.entity} records (${original.step}/${original.phase}): correct it by hand`,
    });
  }
  const verification: UndoVerification = {
    balanced: differences.length === 0,
    differences,
    reversed: reversals.filter((o) => o.status === 'created' || o.status === 'matched').length,
    notReversed,
    inactiveInstead,
    keptSettings,
  };
  await store.putDocument(undoKeys.verification(input.planId), verification);
  return verification;
}
