import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import { centsOf } from '../../money/index.js';
import type { Written } from '../contracts/migration-api.js';
import type { PlanContext, PlannedPhase, UnitContext } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import type { outcomesFor } from './outcomes.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';

export interface DocumentRow<D extends SalesDocument | PurchaseDocument> {
  document: D;
  /** Set for documents open at the cutover: the amount the conversion document carries. */
  outstandingAtCutover?: string;
  /** Set when an undo cancelled the document under its own number (`currentNumber`, below). */
  reissuedAs?: string;
  /**
   * Sales documents: the lines (by index) sent on the clearing account because the API refuses
   * their own account on a sales line (sales-line-accounts.ts). Kept with the row, so an undo's
   * correcting document posts where the document did.
   */
  reclassifiedLines?: number[];
}

/**
 * The due date a document is sent with: its own, or its date when it has none or an earlier one,
 * which the API refuses (validation's `document.due-before-date` says so).
 */
export function dueDateOf(document: SalesDocument | PurchaseDocument): string {
  return document.dueDate !== undefined && document.dueDate > document.date
    ? document.dueDate
    : document.date;
}

/** The number a document is created (and found again) under in the workspace. */
export function workspaceNumber(row: DocumentRow<SalesDocument | PurchaseDocument>): string {
  return row.reissuedAs ?? row.document.number;
}

/**
 * Plans a document step: documents settled before the cutover are skipped (the opening balance
 * covers them), documents already in the workspace are matched, the rest get one call each.
 */
export async function planDocuments<D extends SalesDocument | PurchaseDocument>(
  context: PlanContext,
  entity: 'invoice' | 'bill',
  build: ReturnType<typeof outcomesFor>,
  findExisting: (document: D, number: string) => string | undefined,
  numberOf: (document: D) => string = (document) => document.number,
  linesOf: (document: D) => number[] | undefined = () => undefined,
): Promise<PlannedPhase<DocumentRow<D>>> {
  const facts = await context.documents();
  const counts = emptyCounts();
  for await (const staged of context.stagedRows(entity === 'invoice' ? 'invoices' : 'bills')) {
    const document = staged.record as D;
    counts.planned += 1;
    const fact = facts.get(entity, document.key);
    const outstanding = fact?.outstandingAtCutover;
    const number = numberOf(document);
    const reclassified = outstanding === undefined ? linesOf(document) : undefined;
    const row: UnitRow<DocumentRow<D>> = {
      entity,
      key: document.key,
      location: document.source,
      data: {
        document,
        ...(outstanding !== undefined ? { outstandingAtCutover: outstanding } : {}),
        ...(number !== document.number ? { reissuedAs: number } : {}),
        ...(reclassified ? { reclassifiedLines: reclassified } : {}),
      },
    };
    const selection = selectRow(context, entity, document.key);
    if (selection === 'settled') counts.done += 1;
    if (selection !== 'plan') continue;
    const decide = async (outcome: RowOutcome) => {
      await context.sink.decided(outcome);
      countDecided(counts, outcome.status);
    };
    if (outstanding === '0.00') {
      await decide(
        build.skipped(
          row,
          'document.settled-before-cutover',
          `${document.number} was settled before the cutover; the opening balance covers it.`,
        ),
      );
      continue;
    }
    const existing = findExisting(document, number);
    if (existing) {
      await decide(build.matched(row, existing, `${entity}.existing`));
      continue;
    }
    await context.sink.unit([row]);
  }
  return { units: [], decided: [], counts };
}

/**
 * Outcomes of a document create: created, with a warning when the workspace's total is not the
 * total the legacy document (or its conversion amount) says, so a rounding difference never hides.
 */
export function createdDocuments<D extends SalesDocument | PurchaseDocument>(
  build: ReturnType<typeof outcomesFor>,
  context: UnitContext,
  written: Written<unknown>,
  sent: Array<UnitRow<DocumentRow<D>>>,
): RowOutcome[] {
  const data = written.data as { id: string; total: string };
  return sent.map((row) => {
    const expected = row.data.outstandingAtCutover ?? row.data.document.total;
    const warnings = [...written.warnings];
    if (centsOf(data.total) !== centsOf(expected)) {
      warnings.push({
        field: 'total',
        reason: 'differs',
        message: `the workspace total ${data.total} differs from ${expected}`,
      });
    }
    return build.created(row, data.id, context.unitId, warnings);
  });
}

/**
 * Documents an undo cancelled. A posted invoice or bill cannot be deleted, and its number stays
 * taken: an undo cancels it with a correction of the opposite type numbered `<number>-U<plan>`
 * (src/migration/undo/correcting-documents.ts). A later run must neither match the cancelled
 * document (its balance is gone) nor reuse its number (the API refuses a duplicate), so the
 * document is issued again as `<number>-R2`, then `-R3` if that one was undone too, and so on.
 */

/** The correction suffix an undo adds: `-U` and six characters of the undo's plan id. */
const CORRECTION = /^(.+)-U[0-9A-Za-z]{6}$/;

/** Keeps the reissue chain finite; no one undoes and re-runs the same document this often. */
const MAX_REISSUES = 50;

/** The numbers an undo cancelled, read from the numbers of the corrections it posted. */
export function cancelledNumbers(correctionNumbers: Iterable<string>): Set<string> {
  const cancelled = new Set<string>();
  for (const number of correctionNumbers) {
    const original = CORRECTION.exec(number)?.[1];
    if (original) cancelled.add(original);
  }
  return cancelled;
}

/**
 * The number a document goes by now: its own unless an undo cancelled the document with that
 * number, else the first reissue number that no undo cancelled.
 */
export function currentNumber(number: string, cancelled: ReadonlySet<string>): string {
  if (!cancelled.has(number)) return number;
  for (let reissue = 2; reissue < MAX_REISSUES; reissue += 1) {
    const candidate = `${number}-R${reissue}`;
    if (!cancelled.has(candidate)) return candidate;
  }
  return `${number}-R${MAX_REISSUES}`;
}
