import { centsOf, formatCents, sumCents, type Cents } from '../../money/index.js';
import type { CreditApplication } from '../../ledger/index.js';
import type { MigrationApi, Written } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase, UnitContext } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { isSuccess, type RowOutcome } from '../outcomes/row-outcome.js';
import type { PhaseName } from '../contracts/steps.js';
import { outcomesFor } from './outcomes.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';
import { groupInto } from '../../collections/group-into.js';

interface CreditRow {
  application: CreditApplication;
  /** The credit's unapplied balance before this unit's call (from the ledger and earlier outcomes). */
  creditOpenBefore: string;
}

interface CreditRequest {
  /** The document in the call's path: the memo (customer credits) or the bill (vendor credits). */
  pathId: string;
  entries: Array<{ otherId: string; amount: string }>;
}

interface CreditSpec {
  phase: PhaseName;
  kind: CreditApplication['kind'];
  /** Document entity of both the credit and its target. */
  documentEntity: 'invoice' | 'bill';
  /** Which side of the application the call's path names (one call per path document). */
  groupBy: 'creditKey' | 'documentKey';
  send(api: MigrationApi, request: CreditRequest): Promise<Written<unknown>>;
  getDocument(api: MigrationApi, id: string): Promise<{ amountDue: string }>;
}

/**
 * Credit notes applied to invoices, and vendor credits applied to bills: one call per document in
 * the route's path, carrying all of its applications. After an ambiguous attempt the credit's
 * remaining balance tells whether the call was applied.
 */
function creditsHandler(spec: CreditSpec): PhaseHandler<CreditRequest, CreditRow> {
  const build = outcomesFor('payments', spec.phase);
  const refOf = (context: UnitContext, key: string) => context.refs.id(spec.documentEntity, key);

  return {
    step: 'payments',
    phase: spec.phase,
    idempotent: false,

    async plan(context): Promise<PlannedPhase<CreditRow>> {
      const facts = await context.documents();
      const applications: CreditApplication[] = [];
      for await (const row of context.stagedRows('payments')) {
        const application = row.record as CreditApplication;
        if (row.entity === 'credit-application' && application.kind === spec.kind)
          applications.push(application);
      }
      const appliedSoFar = new Map<string, Cents>();
      for (const application of applications) {
        if (isSuccess(context.outcomes.get('credit-application', application.key))) {
          appliedSoFar.set(
            application.creditKey,
            (appliedSoFar.get(application.creditKey) ?? 0n) + centsOf(application.amount),
          );
        }
      }
      const counts = emptyCounts();
      const decided: RowOutcome[] = [];
      const groups = new Map<string, Array<UnitRow<CreditRow>>>();
      for (const application of applications) {
        counts.planned += 1;
        const selection = selectRow(context, 'credit-application', application.key);
        if (selection === 'settled') counts.done += 1;
        if (selection !== 'plan') continue;
        const fact = facts.get(spec.documentEntity, application.creditKey);
        const row: UnitRow<CreditRow> = {
          entity: 'credit-application',
          key: application.key,
          location: application.source,
          data: { application, creditOpenBefore: '0.00' },
        };
        if (!fact) {
          const outcome = build.failed(
            row,
            'reference.unknown-credit',
            `credit ${application.creditKey} is not in the ledger`,
          );
          decided.push(outcome);
          countDecided(counts, outcome.status);
          continue;
        }
        const open =
          centsOf(fact.outstandingAtCutover ?? fact.total) -
          (appliedSoFar.get(application.creditKey) ?? 0n);
        row.data.creditOpenBefore = formatCents(open);
        const group = application[spec.groupBy];
        groupInto(groups, group, row);
      }
      return { units: [...groups.values()], decided, counts };
    },

    prepare(context, rows) {
      const sent: Array<UnitRow<CreditRow>> = [];
      const failed: RowOutcome[] = [];
      const entries: CreditRequest['entries'] = [];
      let pathId: string | undefined;
      for (const row of rows) {
        const { application } = row.data;
        const pathKey = application[spec.groupBy];
        const otherKey =
          spec.groupBy === 'creditKey' ? application.documentKey : application.creditKey;
        const path = refOf(context, pathKey);
        const other = refOf(context, otherKey);
        if (!path || !other) {
          failed.push(
            build.failed(
              row,
              'dependency.missing',
              `${!path ? pathKey : otherKey} was not migrated`,
              context.unitId,
            ),
          );
          continue;
        }
        pathId = path;
        sent.push(row);
        entries.push({ otherId: other, amount: application.amount });
      }
      return { request: pathId ? { pathId, entries } : undefined, sent, failed };
    },

    send: (api, request) => spec.send(api, request),

    interpret: (context, written, sent) =>
      sent.map((row) => build.created(row, 'applied', context.unitId, written.warnings)),

    predict: (context, sent) => sent.map((row) => build.predicted(row, context.unitId)),

    lookups: () => 1,

    async reconcile(context, api, rows) {
      const [first] = rows;
      const creditId = first ? refOf(context, first.data.application.creditKey) : undefined;
      if (!first || !creditId) return { matched: [], nextPage: null };
      const sameCredit = rows.filter(
        (row) => row.data.application.creditKey === first.data.application.creditKey,
      );
      const expectedAfter =
        centsOf(first.data.creditOpenBefore) -
        sumCents(sameCredit.map((row) => centsOf(row.data.application.amount)));
      const credit = await spec.getDocument(api, creditId);
      // The call is atomic: the credit's balance shows whether all of it was applied.
      const applied = centsOf(credit.amountDue) <= expectedAfter;
      return {
        matched: applied
          ? rows.map((row) => build.matched(row, 'applied', 'reconciled', context.unitId))
          : [],
        nextPage: null,
      };
    },
  };
}

/** Customer credit notes: one call per memo (apply-credit-to-multiple-invoices). */
export const creditsApply = creditsHandler({
  phase: 'apply-credit',
  kind: 'customer-credit',
  documentEntity: 'invoice',
  groupBy: 'creditKey',
  send: (api, request) =>
    api.applyCreditToInvoices(
      request.pathId,
      request.entries.map((entry) => ({ id: entry.otherId, amount: entry.amount })),
    ),
  getDocument: (api, id) => api.getInvoice(id),
});

/** Vendor credits: one call per bill (apply-vendor-memos). */
export const vendorCreditsApply = creditsHandler({
  phase: 'apply-vendor-credit',
  kind: 'vendor-credit',
  documentEntity: 'bill',
  groupBy: 'documentKey',
  send: (api, request) =>
    api.applyVendorMemos(
      request.pathId,
      request.entries.map((entry) => ({ memoUuid: entry.otherId, amount: entry.amount })),
    ),
  getDocument: (api, id) => api.getBill(id),
});
