import type { SplitBody } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { isSettled, type RowOutcome } from '../outcomes/row-outcome.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import {
  PAYMENT_PART,
  PAYMENT_SPLIT,
  PAYMENT_TRANSACTION,
  partsOf,
  type PaymentPart,
  type StagedPayment,
} from '../accounting/payment-parts.js';
import { stagedPayments } from './payments-create.js';
import { nextPageOf } from './reconcile-scan.js';
import { emptyCounts, selectRow } from './selection.js';

const build = outcomesFor('payments', 'split');

interface SplitRow {
  staged: StagedPayment;
  parts: PaymentPart[];
}

interface SplitRequest {
  transactionId: string;
  splits: SplitBody[];
}

const partRow = (part: PaymentPart, location: UnitRow['location']): UnitRow => ({
  entity: PAYMENT_PART,
  key: part.key,
  location,
  data: undefined,
});

/**
 * A payment applied to several documents (or with an unallocated rest) becomes one bank line split
 * into parts, one per document, as the legacy deposit was one line. A payment to one document is
 * its own single part, with no call.
 */
export const paymentsSplit: PhaseHandler<SplitRequest, SplitRow> = {
  step: 'payments',
  phase: 'split',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<SplitRow>> {
    for await (const staged of stagedPayments(context)) {
      const transaction = context.outcomes.idOf(PAYMENT_TRANSACTION, staged.payment.key);
      if (!transaction) continue;
      const parts = partsOf(staged);
      const [only] = parts;
      if (parts.length === 1 && only) {
        if (!isSettled(context.outcomes.get(PAYMENT_PART, only.key))) {
          await context.sink.decided(
            build.matched(partRow(only, staged.payment.source), transaction, 'payment.unsplit'),
          );
        }
        continue;
      }
      if (selectRow(context, PAYMENT_SPLIT, staged.payment.key) === 'plan') {
        await context.sink.unit([
          {
            entity: PAYMENT_SPLIT,
            key: staged.payment.key,
            location: staged.payment.source,
            data: { staged, parts },
          },
        ]);
      }
    }
    return { units: [], decided: [], counts: emptyCounts() };
  },

  prepare(context, rows) {
    const [row] = rows;
    if (!row) return { request: undefined, sent: [], failed: [] };
    const transactionId = context.refs.id(PAYMENT_TRANSACTION, row.key);
    const clearing = context.refs.clearing();
    if (!transactionId || !clearing) {
      return build.missingDependency(
        [row],
        'its bank transaction or the clearing account is missing',
        context.unitId,
      );
    }
    const label = row.data.staged.payment.reference ?? row.data.staged.payment.key;
    return {
      request: {
        transactionId,
        splits: row.data.parts.map((part) => ({
          amount: part.amount,
          description: `${label}: ${part.allocation ? part.allocation.documentKey : 'unallocated'} (${ledgerliftRef(PAYMENT_PART, part.key)})`,
          ...(part.allocation ? {} : { categoryAccountUuid: clearing }),
        })),
      },
      sent: [row],
      failed: [],
    };
  },

  send: (api, request) => api.splitTransaction(request.transactionId, request.splits),

  interpret(context, written, sent) {
    const { childIds } = written.data as { childIds: string[] };
    return sent.flatMap((row) => {
      // Children come back in split order; anything else leaves the split unknown, to reconcile.
      if (childIds.length !== row.data.parts.length) return [];
      const parent = context.refs.id(PAYMENT_TRANSACTION, row.key) as string;
      return [
        ...row.data.parts.map((part, i) =>
          build.created(partRow(part, row.location), childIds[i] as string, context.unitId),
        ),
        build.created(row, parent, context.unitId, written.warnings),
      ];
    });
  },

  predict: (context, sent) =>
    sent.flatMap((row) => [
      ...row.data.parts.map((part) => build.predicted(partRow(part, row.location), context.unitId)),
      build.predicted(row, context.unitId),
    ]),

  lookups: () => 1,

  async reconcile(context, api, rows, _lookup, page) {
    const [row] = rows;
    const bank = row ? context.refs.account(row.data.staged.payment.bankAccountKey) : undefined;
    if (!row || !bank) return { matched: [], nextPage: null };
    const listing = await api.listTransactions(page, bank);
    const matched: RowOutcome[] = [];
    let allParts = true;
    for (const part of row.data.parts) {
      if (isSettled(context.outcomes.get(PAYMENT_PART, part.key))) continue;
      const child = listing.records.find((t) =>
        t.description.includes(ledgerliftRef(PAYMENT_PART, part.key)),
      );
      if (child)
        matched.push(
          build.matched(partRow(part, row.location), child.id, 'reconciled', context.unitId),
        );
      else allParts = false;
    }
    if (allParts) {
      matched.push(
        build.matched(
          row,
          context.refs.id(PAYMENT_TRANSACTION, row.key) as string,
          'reconciled',
          context.unitId,
        ),
      );
    }
    return { matched, nextPage: allParts ? null : nextPageOf(context, listing) };
  },

  recordsFinished: () => 0,
};
