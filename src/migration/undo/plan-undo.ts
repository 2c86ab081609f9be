import { reversingEntryMemo, balanceRows } from '../handlers/opening-balance.js';
import type {
  CreditApplication,
  PurchaseDocument,
  SalesDocument,
  OpeningBalanceLine,
} from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import {
  PAYMENT_ALLOCATION,
  PAYMENT_PART,
  PAYMENT_SPLIT,
  PAYMENT_TRANSACTION,
} from '../accounting/payment-parts.js';
import type { JournalEntryBody, OpeningBalanceState } from '../contracts/migration-api.js';
import { References } from '../outcomes/references.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import { readUnit } from '../planning/unit-pages.js';
import { asEnginePhase, type UndoGroup, type UndoPhase } from '../contracts/undo-types.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { logIndexes, openOutcomes, type EngineDeps } from '../engine/engine.js';
import { OutcomeLog } from '../outcomes/indexed-log.js';
import { isSettled, type RowOutcome } from '../outcomes/row-outcome.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import type { DocumentRow } from '../handlers/document-plans.js';
import { INVOICE_LINES } from '../handlers/invoices-reclassify-tax.js';
import { createdByRun } from './reversible-entities.js';
import { preRunRecordIds } from './pre-run-records.js';
import { reversalEntity, reversalKey, type ReversalData, type Voided } from './reversal-rows.js';
import { undoKeys } from './undo-keys.js';
import { snapshotRecords } from './undo-snapshot.js';

export interface PlanUndoPhaseInput {
  /** The undo's scope: live, or a dry run with its own namespace. */
  scope: RunScope;
  planId: string;
  phase: UndoPhase;
  /** Only these steps' records; every step when absent. */
  steps?: StepName[] | undefined;
}

const LIVE_OUTCOMES = 'outcomes/live';
const WRITE_EVERY = 200;

/** The run's live outcome log, brought up to date. */
export async function liveOutcomes(deps: EngineDeps, store: RunStore): Promise<OutcomeLog> {
  return logIndexes(deps).open(store, LIVE_OUTCOMES, () => new OutcomeLog(store, LIVE_OUTCOMES));
}

/**
 * Plans one phase of an undo from the run's outcome log: one unit (one API call) per record the
 * run created and this phase reverses, grouped by the step that created it. Records whose reversal
 * already succeeded are left out, so no record is reversed twice. Idempotent: a phase planned before
 * answers its stored groups.
 */
export async function planUndoPhase(
  deps: EngineDeps,
  input: PlanUndoPhaseInput,
): Promise<UndoGroup[]> {
  const store = await deps.openStore(input.scope.runName);
  const planKey = `${undoKeys.plan(input.planId)}/${input.scope.mode}/${input.phase}`;
  const existing = await store.getDocument<UndoGroup[]>(planKey);
  if (existing) return existing;

  const live = await liveOutcomes(deps, store);
  const { view } = await openOutcomes(deps, store, input.scope);
  const originals = [...live.values()];
  const rows = await rowsOfPhase(deps, store, input, originals, live);
  const keys = scopeKeys(input.scope);
  const byStep = new Map<StepName, Array<UnitRow<ReversalData>>>();
  for (const [step, row] of rows) {
    if (isSettled(view.get(row.entity, row.key))) continue;
    const list = byStep.get(step) ?? [];
    list.push(row);
    byStep.set(step, list);
  }
  const groups: UndoGroup[] = [];
  for (const [step, stepRows] of byStep) {
    const documents = stepRows.map(
      (row, index) =>
        [
          keys.unit({ planId: input.planId, step, phase: asEnginePhase(input.phase), index }),
          { rows: [row] },
        ] as const,
    );
    for (let at = 0; at < documents.length; at += WRITE_EVERY) {
      await store.putDocuments(documents.slice(at, at + WRITE_EVERY));
    }
    groups.push({ step, phase: input.phase, units: stepRows.length });
  }
  await store.putDocument(planKey, groups);
  return groups;
}

type Planned = [StepName, UnitRow<ReversalData>];

async function rowsOfPhase(
  deps: EngineDeps,
  store: RunStore,
  input: PlanUndoPhaseInput,
  originals: RowOutcome[],
  live: OutcomeLog,
): Promise<Planned[]> {
  const preRunIds = await preRunRecordIds(store);
  const selected = originals.filter(
    (o) =>
      createdByRun(o, preRunIds) && (input.steps === undefined || input.steps.includes(o.step)),
  );
  const of = (...entities: string[]) => selected.filter((o) => entities.includes(o.entity));
  const row = (
    o: RowOutcome,
    data: ReversalData,
    entity = o.entity,
    record: { key: string; id: string } = { key: o.key, id: o.id as string },
  ): Planned => [
    o.step,
    {
      entity: reversalEntity(entity),
      key: reversalKey(record.key, record.id),
      ...(o.location ? { location: o.location } : {}),
      data,
    },
  ];
  const base = (o: RowOutcome, voids: Voided[] = [{ entity: o.entity, key: o.key }]) => ({
    entity: o.entity,
    key: o.key,
    id: o.id as string,
    voids,
  });

  switch (input.phase) {
    case 'undo-unassign': {
      const invoiceIds = new Set(idsOf(originals, 'invoice'));
      const payments = of(PAYMENT_ALLOCATION).flatMap((o) => {
        const transactionId = live.idOf(PAYMENT_PART, o.key);
        const documentId = o.id as string;
        if (!transactionId) return [];
        const matchingType = invoiceIds.has(documentId) ? 'invoice' : 'bill';
        return [row(o, { ...base(o), kind: 'unassign', transactionId, matchingType })];
      });
      const credits: Planned[] = [];
      for (const o of of('credit-application')) {
        const application = (await sentRowOf<{ application: CreditApplication }>(store, o))
          ?.application;
        // Vendor credits have no unapply route (docs/api-assumptions.md, R37): listed instead.
        if (application?.kind !== 'customer-credit') continue;
        const memoId = live.idOf('invoice', application.creditKey);
        const invoiceId = live.idOf('invoice', application.documentKey);
        if (!memoId || !invoiceId) continue;
        credits.push(row(o, { ...base(o), kind: 'remove-credit', memoId, invoiceId }));
      }
      return [...payments, ...credits];
    }
    case 'undo-delete-transactions':
      return [
        ...of(PAYMENT_TRANSACTION).map((o) =>
          row(o, { ...base(o, paymentVoids(originals, o.key)), kind: 'delete-transaction' }),
        ),
        ...of('bank-transaction').map((o) => row(o, { ...base(o), kind: 'delete-transaction' })),
        // Reclassifications of invoices' tax and of their lines on accounts other than income are
        // journal entries too (invoices-reclassify-tax.ts).
        ...of('journal-entry', 'invoice-tax', INVOICE_LINES).map((o) =>
          row(o, { ...base(o), kind: 'delete-journal-entry' }),
        ),
      ];
    case 'undo-correct-documents':
    case 'undo-apply-corrections': {
      const planned: Planned[] = [];
      for (const o of of('invoice', 'bill')) {
        const document = await sentRowOf<DocumentRow<SalesDocument | PurchaseDocument>>(store, o);
        if (!document) continue;
        const kind = o.entity as 'invoice' | 'bill';
        const draft = document.document.status === 'draft';
        if (input.phase === 'undo-correct-documents') {
          const suffix = `U${input.planId.slice(-6)}`;
          planned.push(
            row(
              o,
              draft
                ? { ...base(o), kind: 'delete-draft', document: kind }
                : kind === 'invoice'
                  ? {
                      // The record is voided once its correction is applied (the next phase).
                      ...base(o, []),
                      kind: 'correct-invoice',
                      row: document as DocumentRow<SalesDocument>,
                      suffix,
                    }
                  : {
                      ...base(o, []),
                      kind: 'correct-bill',
                      row: document as DocumentRow<PurchaseDocument>,
                      suffix,
                    },
            ),
          );
        } else if (!draft) {
          const memoTypes = ['credit-note', 'vendor-credit'];
          planned.push(
            row(
              o,
              {
                ...base(o),
                kind: 'apply-correction',
                document: kind,
                originalIsMemo: memoTypes.includes(document.document.type),
                correction: {
                  entity: reversalEntity(o.entity),
                  key: reversalKey(o.key, o.id as string),
                },
              },
              `${o.entity}-application`,
            ),
          );
        }
      }
      return planned;
    }
    case 'undo-opening-balance': {
      const published = of('opening-balance');
      const [first] = published;
      if (!first) return [];
      const record = {
        entity: 'opening-balance',
        key: 'opening-balance',
        id: first.unit ?? 'published',
      };
      const voids = published.map((o) => ({ entity: o.entity, key: o.key }));
      const [before] = await snapshotRecords<OpeningBalanceState>(
        deps,
        input.scope.runName,
        'opening-balance',
      );
      if (before && before.status !== 'none' && before.rows.length > 0) {
        return [
          row(
            first,
            { ...record, voids, kind: 'restore-opening-balance', rows: before.rows },
            record.entity,
            record,
          ),
        ];
      }
      // The API cannot take a published opening balance back to none (docs/api-assumptions.md,
      // R37): a journal entry at the cutover with the sides swapped brings the balances back.
      const entry = await reversingEntry(store, published, live, input.planId, input.scope.runName);
      if (!entry) return [];
      return [
        row(
          first,
          { ...record, voids, kind: 'reverse-opening-balance', entry },
          record.entity,
          record,
        ),
      ];
    }
    case 'undo-deactivate-parties':
      return of('customer', 'vendor', 'product').map((o) =>
        row(o, {
          ...base(o),
          kind: 'deactivate',
          party: o.entity as 'customer' | 'vendor' | 'product',
        }),
      );
    case 'undo-delete-accounts':
      return of('account').map((o) => row(o, { ...base(o), kind: 'delete-account' }));
    case 'undo-inactivate-accounts': {
      const { view } = await openOutcomes(deps, store, input.scope);
      return of('account')
        .filter(
          (o) =>
            view.get(reversalEntity('account'), reversalKey(o.key, o.id as string))?.status ===
            'failed',
        )
        .map((o) => row(o, { ...base(o), kind: 'inactivate-account' }, 'account-inactive'));
    }
  }
}

function idsOf(outcomes: RowOutcome[], entity: string): string[] {
  return outcomes.flatMap((o) => (o.entity === entity && o.id ? [o.id] : []));
}

/** A payment's transaction takes its split, parts and allocations with it. */
function paymentVoids(outcomes: RowOutcome[], paymentKey: string): Voided[] {
  const parts = outcomes
    .filter(
      (o) =>
        (o.entity === PAYMENT_PART || o.entity === PAYMENT_ALLOCATION) &&
        o.key.startsWith(`${paymentKey}#`),
    )
    .map((o) => ({ entity: o.entity, key: o.key }));
  return [
    { entity: PAYMENT_TRANSACTION, key: paymentKey },
    { entity: PAYMENT_SPLIT, key: paymentKey },
    ...parts,
  ];
}

/** The row the run sent for an outcome, read back from the unit that sent it. */
async function sentRowOf<T>(store: RunStore, outcome: RowOutcome): Promise<T | undefined> {
  if (!outcome.unit) return undefined;
  const unit = await liveUnit(store, outcome.unit);
  const found = unit?.rows.find((r) => r.entity === outcome.entity && r.key === outcome.key);
  return found?.data as T | undefined;
}

/**
 * The journal entry that cancels the opening balance the run published: its rows, rebuilt as the
 * run built them (src/migration/handlers/opening-balance.ts), debits and credits swapped, dated
 * at the cutover.
 */
async function reversingEntry(
  store: RunStore,
  published: RowOutcome[],
  live: OutcomeLog,
  planId: string,
  runName: string,
): Promise<JournalEntryBody | undefined> {
  const cutover = [...live.values('workspace-cutover')][0]?.key;
  const units = new Set(published.flatMap((o) => (o.unit ? [o.unit] : [])));
  const lines: OpeningBalanceLine[] = [];
  let roles: Record<string, string> = {};
  for (const unit of units) {
    const doc = (await liveUnit(store, unit)) as
      | { rows: Array<UnitRow<{ line: OpeningBalanceLine; roles: Record<string, string> }>> }
      | undefined;
    for (const r of doc?.rows ?? []) {
      lines.push(r.data.line);
      roles = r.data.roles;
    }
  }
  const rows = balanceRows(lines, new References(live), roles);
  if (!cutover || 'missing' in rows || rows.length === 0) return undefined;
  return {
    date: cutover,
    memo: reversingEntryMemo(runName, planId),
    lines: rows.map((r) => ({ accountUuid: r.accountUuid, debit: r.credit, credit: r.debit })),
  };
}

/** The rows of a live unit, by the unit id an outcome names (plan/step/phase/index). */
async function liveUnit(store: RunStore, id: string): Promise<{ rows: UnitRow[] } | undefined> {
  const [planId, step, phase, index] = id.split('/');
  if (!planId || !step || !phase || index === undefined) return undefined;
  const liveScope: RunScope = { runName: '', mode: 'live', stageId: '', profile: '' };
  return readUnit(store, liveScope, {
    planId,
    step: step as StepName,
    phase: phase as PhaseName,
    index: Number(index),
  });
}
