import type { EntityName } from '../../ledger/index.js';
import type { MigrationApi } from '../contracts/migration-api.js';
import type { StepName } from '../contracts/steps.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import { isSettled, isSuccess } from '../outcomes/row-outcome.js';
import { reversalEntity, reversalKey } from '../undo/reversal-rows.js';
import { outcomesFor } from './outcomes.js';
import { emptyCounts } from './selection.js';

type Party = 'customer' | 'vendor' | 'product';

interface Reactivation {
  id: string;
}

/** Outcome entity of a reactivation: beside the record's own, which stays its match. */
function reactivationEntity(entity: string): string {
  return `reactivation:${entity}`;
}

/**
 * Customers, vendors and products an undo of this run set inactive, matched again by name on a
 * later live run of it, are set active again: one call each (PATCH with `status: active`, the
 * spec's customer state table; docs/api-assumptions.md, R38, for vendors and products).
 *
 * Only records the undo's own outcome log says it deactivated (src/migration/undo/plan-undo.ts,
 * `undo-deactivate-parties`): a record the consultant made inactive in the workspace is matched
 * as it is and left inactive. Keyed by the undo that deactivated it, so a second undo and re-run
 * reactivates it again.
 */
function reactivateHandler(
  step: StepName,
  entity: Party & EntityName,
  setActive: (api: MigrationApi, id: string) => ReturnType<MigrationApi['setCustomerStatus']>,
): PhaseHandler<Reactivation, Reactivation> {
  const build = outcomesFor(step, 'reactivate');
  return {
    step,
    phase: 'reactivate',
    // The call sets a state: sending it twice leaves the record active, as once would.
    idempotent: true,

    async plan(context): Promise<PlannedPhase<Reactivation>> {
      const units: Array<Array<UnitRow<Reactivation>>> = [];
      for await (const row of context.stagedRows(step)) {
        if (row.entity !== entity) continue;
        const own = context.outcomes.get(entity, row.key);
        // Created records are active; only a match can be a record the undo set inactive.
        if (own?.status !== 'matched' || own.id === undefined) continue;
        const reversal = context.outcomes.get(reversalEntity(entity), reversalKey(row.key, own.id));
        if (!isSuccess(reversal) || String(reversal?.phase) !== 'undo-deactivate-parties') continue;
        const undo = reversal?.unit?.split('/')[0] ?? 'undo';
        const key = `${reversalKey(row.key, own.id)}@${undo}`;
        if (isSettled(context.outcomes.get(reactivationEntity(entity), key))) continue;
        const location = (row.record as { source?: UnitRow['location'] }).source;
        units.push([
          {
            entity: reactivationEntity(entity),
            key,
            ...(location ? { location } : {}),
            data: { id: own.id },
          },
        ]);
      }
      // The records themselves are counted by the create phase.
      return { units, decided: [], counts: emptyCounts() };
    },

    prepare: (_context, rows) => {
      const [row] = rows;
      return row
        ? { request: { id: row.data.id }, sent: [row], failed: [] }
        : { request: undefined, sent: [], failed: [] };
    },

    send: (api, request) => setActive(api, request.id),

    interpret: (context, written, sent) =>
      sent.map((row) => build.created(row, row.data.id, context.unitId, written.warnings)),

    predict: (context, sent) => sent.map((row) => build.predicted(row, context.unitId)),

    lookups: () => 0,

    reconcile: () => Promise.resolve({ matched: [], nextPage: null }),

    recordsFinished: () => 0,
  };
}

export const customersReactivate = reactivateHandler('customers', 'customer', (api, id) =>
  api.setCustomerStatus(id, 'active'),
);
export const vendorsReactivate = reactivateHandler('vendors', 'vendor', (api, id) =>
  api.setVendorStatus(id, 'active'),
);
export const productsReactivate = reactivateHandler('products', 'product', (api, id) =>
  api.setProductStatus(id, 'active'),
);
