import type {
  MigrationApi,
  Page,
  WorkspaceBill,
  WorkspaceInvoice,
} from '../contracts/migration-api.js';
import type { StepName } from '../contracts/steps.js';
import { asEnginePhase, isUndoPhase, type UndoPhase } from '../contracts/undo-types.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { PhaseHandler, Prepared, UnitContext } from '../engine/phase-handler.js';
import { isSuccess, type RowOutcome } from '../outcomes/row-outcome.js';
import { PartnerApiError } from '../../partner-api/errors.js';
import { sameBalance } from '../handlers/opening-balance.js';
import { workspaceNumber } from '../handlers/document-plans.js';
import { correctingBill, correctingInvoice, correctionNumber } from './correcting-documents.js';
import { sendReversal, type ReversalRequest } from './reversal-calls.js';
import type { ReversalData } from './reversal-rows.js';

/** Phases whose call sets a state (a delete that answers 404 when repeated, a publish that replaces). */
const idempotentPhases: readonly UndoPhase[] = [
  'undo-delete-transactions',
  'undo-deactivate-parties',
  'undo-delete-accounts',
  'undo-inactivate-accounts',
];

/** The migration step that recorded a unit's rows, read from its unit id (plan/step/phase/index). */
function stepOf(context: UnitContext): StepName {
  return context.unitId.split('/')[1] as StepName;
}

function outcomeOf(
  phase: UndoPhase,
  context: UnitContext,
  row: UnitRow<ReversalData>,
  fields: Pick<RowOutcome, 'status'> & Partial<RowOutcome>,
): RowOutcome {
  return {
    entity: row.entity,
    key: row.key,
    step: stepOf(context),
    phase: asEnginePhase(phase),
    unit: context.unitId,
    ...(row.location ? { location: row.location } : {}),
    ...fields,
  };
}

/**
 * The live outcomes a reversal voids: failed with `undo.reversed`, so the step plans the record
 * again on its next live run (a partial undo, a fix, a re-run) instead of treating it as done.
 */
function voidsOf(phase: UndoPhase, context: UnitContext, row: UnitRow<ReversalData>): RowOutcome[] {
  return row.data.voids.map((voided) => ({
    entity: voided.entity,
    key: voided.key,
    status: 'failed',
    code: 'undo.reversed',
    reason: `reversed by an undo (${context.unitId.split('/')[0] ?? ''})`,
    step: context.outcomes.get(voided.entity, voided.key)?.step ?? stepOf(context),
    phase: context.outcomes.get(voided.entity, voided.key)?.phase ?? asEnginePhase(phase),
  }));
}

function prepareReversal(
  phase: UndoPhase,
  context: UnitContext,
  rows: Array<UnitRow<ReversalData>>,
): Prepared<ReversalRequest> {
  const [row] = rows;
  if (!row) return { request: undefined, sent: [], failed: [] };
  const fail = (reason: string): Prepared<ReversalRequest> => ({
    request: undefined,
    sent: [],
    failed: [
      outcomeOf(phase, context, row, { status: 'failed', code: 'dependency.missing', reason }),
    ],
  });
  const { data } = row;
  if (data.kind === 'correct-invoice' || data.kind === 'correct-bill') {
    const body =
      data.kind === 'correct-invoice'
        ? correctingInvoice(context, data.key, data.row, data.suffix)
        : correctingBill(context, data.key, data.row, data.suffix);
    if (typeof body === 'string') return fail(`${data.row.document.number}: ${body}`);
    return { request: { data, body }, sent: [row], failed: [] };
  }
  if (data.kind === 'apply-correction') {
    const correction = context.outcomes.get(data.correction.entity, data.correction.key);
    if (!isSuccess(correction) || !correction?.id || !correction.amount) {
      return fail(`${data.key}: its correcting memo was not created, so there is nothing to apply`);
    }
    const memoId = data.originalIsMemo ? data.id : correction.id;
    const targetId = data.originalIsMemo ? correction.id : data.id;
    return {
      request: { data, memoId, targetId, amount: correction.amount },
      sent: [row],
      failed: [],
    };
  }
  return { request: { data }, sent: [row], failed: [] };
}

/** The total a created correction answers, kept so applying it needs no read. */
function totalOf(written: unknown): string | undefined {
  const total = (written as { total?: unknown } | undefined)?.total;
  return typeof total === 'string' ? total : undefined;
}

function missingCallOf(written: unknown): string | undefined {
  const missing = (written as { missingCall?: unknown } | undefined)?.missingCall;
  return typeof missing === 'string' ? missing : undefined;
}

function idOf(written: unknown): string | undefined {
  const id = (written as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

async function reconcileRow(
  api: MigrationApi,
  row: UnitRow<ReversalData>,
  page: number,
): Promise<{ id?: string; amount?: string; found: boolean; nextPage: number | null }> {
  const { data } = row;
  const absent = (read: Promise<unknown>) =>
    read.then(
      () => ({ found: false, nextPage: null }),
      (error: unknown) => {
        // A read that fails for another reason than 404 is retried by the engine.
        if (error instanceof PartnerApiError && error.kind === 'not-found')
          return { found: true, nextPage: null };
        throw error;
      },
    );
  switch (data.kind) {
    case 'unassign': {
      const transaction = await api.getTransaction(data.transactionId);
      const linked = data.matchingType === 'invoice' ? transaction.invoiceId : transaction.billId;
      return { found: !linked, nextPage: null };
    }
    case 'delete-draft':
      return absent(data.document === 'invoice' ? api.getInvoice(data.id) : api.getBill(data.id));
    case 'correct-invoice': {
      const number = correctionNumber(workspaceNumber(data.row), data.suffix);
      const listed: Page<WorkspaceInvoice> = await api.listInvoices(page);
      const match = listed.records.find((invoice) => invoice.invoiceNumber === number);
      if (match) return { found: true, id: match.id, amount: match.total, nextPage: null };
      return { found: false, nextPage: listed.page < listed.totalPages ? listed.page + 1 : null };
    }
    case 'correct-bill': {
      const number = correctionNumber(workspaceNumber(data.row), data.suffix);
      const listed: Page<WorkspaceBill> = await api.listBills(page);
      const match = listed.records.find((bill) => bill.billNumber === number);
      if (match) return { found: true, id: match.id, amount: match.total, nextPage: null };
      return { found: false, nextPage: listed.page < listed.totalPages ? listed.page + 1 : null };
    }
    case 'apply-correction': {
      // Applied when the document it cancels has nothing left due.
      const target =
        data.document === 'invoice' ? await api.getInvoice(data.id) : await api.getBill(data.id);
      return { found: Number(target.amountDue) === 0, nextPage: null };
    }
    case 'restore-opening-balance': {
      const state = await api.getOpeningBalance();
      return {
        found: state.status === 'published' && sameBalance(state.rows, data.rows),
        nextPage: null,
      };
    }
    case 'reverse-opening-balance': {
      const listed = await api.listJournalEntries(page);
      const match = listed.records.find((entry) => entry.memo === data.entry.memo);
      if (match) return { found: true, id: match.id, nextPage: null };
      return { found: false, nextPage: listed.page < listed.totalPages ? listed.page + 1 : null };
    }
    default:
      return { found: false, nextPage: null };
  }
}

/** The phase handler of one undo phase: one record per unit, one API call per unit. */
function undoHandler(phase: UndoPhase): PhaseHandler<ReversalRequest, ReversalData> {
  return {
    // Unused by the engine for undo units: outcomes take their step from the unit id.
    step: 'accounts',
    phase: asEnginePhase(phase),
    idempotent: idempotentPhases.includes(phase),
    plan: () =>
      Promise.reject(new Error('undo phases are planned by src/migration/undo/plan-undo.ts')),
    prepare: (context, rows) => prepareReversal(phase, context, rows),
    send: (api, request) => sendReversal(api, request),
    interpret: (context, written, sent) =>
      sent.flatMap((row) =>
        missingCallOf(written.data) !== undefined
          ? [
              outcomeOf(phase, context, row, {
                status: 'failed',
                code: 'undo.unsupported',
                reason: `${row.data.entity} ${row.data.key}: ${missingCallOf(written.data)}`,
              }),
            ]
          : [
              outcomeOf(phase, context, row, {
                status: 'created',
                id: idOf(written.data) ?? row.data.id,
                ...(totalOf(written.data) ? { amount: totalOf(written.data) } : {}),
              }),
              ...voidsOf(phase, context, row),
            ],
      ),
    predict: (context, sent) =>
      sent.map((row) =>
        outcomeOf(phase, context, row, { status: 'created', id: `dry:${row.key}` }),
      ),
    lookups: () => 1,
    async reconcile(context, api, rows, _lookup, page) {
      const [row] = rows;
      if (!row) return { matched: [], nextPage: null };
      const found = await reconcileRow(api, row, page);
      if (!found.found) return { matched: [], nextPage: found.nextPage };
      return {
        matched: [
          outcomeOf(phase, context, row, {
            status: 'matched',
            code: 'reconciled',
            id: found.id ?? row.data.id,
            ...(found.amount ? { amount: found.amount } : {}),
          }),
          ...voidsOf(phase, context, row),
        ],
        nextPage: null,
      };
    },
  };
}

const handlers = new Map<string, PhaseHandler>();

/** The undo handler of a phase, or undefined for a migration phase. */
export function undoHandlerFor(phase: string): PhaseHandler | undefined {
  if (!isUndoPhase(phase)) return undefined;
  let handler = handlers.get(phase);
  if (!handler) {
    handler = undoHandler(phase);
    handlers.set(phase, handler);
  }
  return handler;
}
