import { API_TEXT_LIMITS, cutText } from '../../ledger/index.js';
import type { ApiWarning, BulkRowResult, Written } from '../contracts/migration-api.js';
import type { Prepared, UnitContext } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import type { PhaseName, StepName } from '../contracts/steps.js';

/** Builds outcome entries for one step and phase. */
export function outcomesFor(step: StepName, phase: PhaseName) {
  /**
   * An outcome of the phase: its row and unit, then `fields`. Built by setting properties in a fixed
   * order, not by spreading objects: once a spread had seen many row shapes (as a worker's does), V8
   * gave each outcome a hidden class of its own, enough at a million records to take a dry run past
   * the worker's heap cap.
   */
  const outcomeOf = (
    row: UnitRow,
    unit: string | undefined,
    fields: Pick<RowOutcome, 'status'> & Partial<RowOutcome>,
  ): RowOutcome => {
    const outcome: Partial<RowOutcome> = { entity: row.entity, key: row.key, step, phase };
    if (unit) outcome.unit = unit;
    if (row.location) outcome.location = row.location;
    return Object.assign(outcome, fields) as RowOutcome;
  };
  const failed = (row: UnitRow, code: string, reason: string, unit?: string): RowOutcome =>
    outcomeOf(row, unit, { status: 'failed', code, reason });
  return {
    created(row: UnitRow, id: string, unit: string, warnings: ApiWarning[] = []): RowOutcome {
      return outcomeOf(row, unit, { status: 'created', id, ...warningsOf(warnings) });
    },
    matched(row: UnitRow, id: string, code: string, unit?: string): RowOutcome {
      return outcomeOf(row, unit, { status: 'matched', id, code });
    },
    failed,
    /** A unit that cannot be sent: each of `rows` fails, something it refers to being missing. */
    missingDependency(rows: UnitRow[], reason: string, unit: string): Prepared<never> {
      return {
        request: undefined,
        sent: [],
        failed: rows.map((row) => failed(row, 'dependency.missing', reason, unit)),
      };
    },
    skipped(row: UnitRow, code: string, reason: string): RowOutcome {
      return outcomeOf(row, undefined, { status: 'skipped', code, reason });
    },
    /** A dry run's prediction: created, with an id that says it is not real. */
    predicted(row: UnitRow, unit: string): RowOutcome {
      return outcomeOf(row, unit, { status: 'created', id: `dry:${row.entity}:${row.key}` });
    },
    /**
     * A dry run's prediction for a row whose request breaks a rule of the API (request-rules.ts):
     * failed with the code the live run's refusal gets (`api.400`), and the rule as its reason.
     */
    refusalPredicted(row: UnitRow, unit: string, reason: string): RowOutcome {
      return failed(row, 'api.400', `the API would refuse it (400): ${reason}`, unit);
    },
  };
}

/**
 * A dry run's outcomes for the rows of a unit whose one request would carry them all (a document,
 * a journal entry): each created, or each failed when the request breaks a rule of the API.
 */
export function predictOne<R>(
  build: ReturnType<typeof outcomesFor>,
  context: UnitContext,
  prepared: Prepared<R>,
  refusal: (request: R) => string | undefined,
): RowOutcome[] {
  const reason = prepared.request === undefined ? undefined : refusal(prepared.request);
  return prepared.sent.map((row) =>
    reason === undefined
      ? build.predicted(row, context.unitId)
      : build.refusalPredicted(row, context.unitId, reason),
  );
}

/**
 * A dry run's outcomes for the rows of a bulk request, one body a row in order: each created, or
 * failed when its own body breaks a rule of the API (a bulk call fails rows one by one, T8).
 */
export function predictEach<B>(
  build: ReturnType<typeof outcomesFor>,
  context: UnitContext,
  prepared: Prepared<B[]>,
  refusal: (body: B) => string | undefined,
): RowOutcome[] {
  return prepared.sent.map((row, index) => {
    const body = prepared.request?.[index];
    const reason = body === undefined ? undefined : refusal(body);
    return reason === undefined
      ? build.predicted(row, context.unitId)
      : build.refusalPredicted(row, context.unitId, reason);
  });
}

function warningsOf(warnings: ApiWarning[]): { warnings?: string[] } {
  return warnings.length > 0
    ? { warnings: warnings.map((w) => `${w.field}: ${w.message || w.reason}`) }
    : {};
}

/**
 * Maps a bulk answer back to the rows sent, by index, never by position. A row the answer does not
 * mention gets no outcome: the engine treats it as possibly created and reconciles it.
 */
export function bulkOutcomes(
  build: ReturnType<typeof outcomesFor>,
  context: UnitContext,
  written: Written<BulkRowResult[]>,
  sent: UnitRow[],
): RowOutcome[] {
  const byIndex = new Map(written.data.map((result) => [result.index, result]));
  return sent.flatMap((row, index) => {
    const result = byIndex.get(index);
    if (result?.ok && result.id)
      return [build.created(row, result.id, context.unitId, written.warnings)];
    if (result && !result.ok) {
      return [
        build.failed(
          row,
          'api.row-rejected',
          result.message ?? 'rejected by the API',
          context.unitId,
        ),
      ];
    }
    return [];
  });
}

/** Splits rows into units of at most `size`. */
export function chunk<T>(rows: T[], size: number): T[][] {
  const units: T[][] = [];
  for (let i = 0; i < rows.length; i += size) units.push(rows.slice(i, i + size));
  return units;
}

/** Names compared the way people mean them: case, spacing and surrounding blanks ignored. */
export function sameName(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && normalizeName(a) === normalizeName(b);
}

export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The marker Ledgerlift writes into notes, so its records are recognised without doubt. */
export function ledgerliftRef(entity: string, key: string): string {
  return `Ledgerlift ref: ${entity}/${key}`;
}

/**
 * Notes as the API takes them (at most 10,000 characters): the legacy texts, one a line, cut so
 * that the marker reconciliation looks for always fits on the last line.
 */
export function notesWith(texts: ReadonlyArray<string | undefined>, marker: string): string {
  const legacy = cutText(
    texts.filter(Boolean).join('\n'),
    API_TEXT_LIMITS.notes - marker.length - 1,
  );
  return legacy ? `${legacy}\n${marker}` : marker;
}
