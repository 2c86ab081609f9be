import type { EntityName } from '../../ledger/index.js';
import type {
  BulkRowResult,
  MigrationApi,
  NamedRecord,
  Page,
  Written,
} from '../contracts/migration-api.js';
import type {
  PhaseHandler,
  PlanContext,
  PlannedPhase,
  UnitContext,
} from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { References } from '../outcomes/references.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import type { StepName } from '../contracts/steps.js';
import { bulkOutcomes, chunk, normalizeName, outcomesFor, predictEach } from './outcomes.js';
import { matchCreated } from './reconcile-scan.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';
import { groupInto } from '../../collections/group-into.js';

interface NamedRecordSpec<R extends { key: string; name: string; source: UnitRow['location'] }, B> {
  step: StepName;
  entity: EntityName;
  /** The workspace listing the step's snapshot and reconciliation read. */
  resource: 'customers' | 'vendors' | 'products';
  /** Bulk routes take a batch per call; others one record per call. */
  bulk: boolean;
  /**
   * How a staged record is planned, worked out once per plan (a product's accounts of a type the
   * API refuses left out, say); the record as staged when absent.
   */
  annotate?(context: PlanContext): Promise<(record: R) => R>;
  /** The request body, or why the row cannot be sent (a reference that did not resolve). */
  body(record: R, refs: References): B | { missing: string };
  /** What the API would refuse in a body (request-rules.ts), for a dry run's prediction. */
  refusal: (body: B) => string | undefined;
  create(api: MigrationApi, bodies: B[]): Promise<Written<BulkRowResult[]>>;
  list(api: MigrationApi, page: number): Promise<Page<NamedRecord>>;
}

/**
 * Records identified by name (customers, vendors, products): an existing workspace record is
 * matched when exactly one has the name and exactly one legacy record wants it; the rest are created.
 */
export function namedRecordsHandler<
  R extends { key: string; name: string; source: UnitRow['location'] },
  B,
>(spec: NamedRecordSpec<R, B>): PhaseHandler<B[], R> {
  const build = outcomesFor(spec.step, 'create');
  const handler: PhaseHandler<B[], R> = {
    step: spec.step,
    phase: 'create',
    idempotent: false,

    async plan(context): Promise<PlannedPhase<R>> {
      const workspace = await context.snapshot<NamedRecord>(spec.resource);
      const workspaceByName = groupByName(workspace, (record) => record.name);
      const staged: R[] = [];
      const planned = spec.annotate ? await spec.annotate(context) : (record: R) => record;
      for await (const row of context.stagedRows(spec.step)) {
        if (row.entity === spec.entity) staged.push(planned(row.record as unknown as R));
      }
      const legacyByName = groupByName(staged, (record) => record.name);
      const decided: RowOutcome[] = [];
      const counts = emptyCounts();
      const toCreate: Array<UnitRow<R>> = [];
      for (const record of staged) {
        counts.planned += 1;
        const row: UnitRow<R> = {
          entity: spec.entity,
          key: record.key,
          location: record.source,
          data: record,
        };
        const selection = selectRow(context, spec.entity, record.key);
        if (selection === 'settled') counts.done += 1;
        if (selection !== 'plan') continue;
        const name = normalizeName(record.name);
        const existing = workspaceByName.get(name) ?? [];
        if (existing.length === 1 && existing[0] && legacyByName.get(name)?.length === 1) {
          const outcome = build.matched(row, existing[0].id, `${spec.entity}.existing`);
          decided.push(outcome);
          countDecided(counts, outcome.status);
          continue;
        }
        toCreate.push(row);
      }
      return { units: chunk(toCreate, spec.bulk ? context.batchSize : 1), decided, counts };
    },

    prepare(context, rows) {
      const sent: Array<UnitRow<R>> = [];
      const bodies: B[] = [];
      const failed: RowOutcome[] = [];
      for (const row of rows) {
        const body = spec.body(row.data, context.refs);
        if (isMissing(body)) {
          failed.push(build.failed(row, 'dependency.missing', body.missing, context.unitId));
          continue;
        }
        sent.push(row);
        bodies.push(body);
      }
      return { request: bodies.length > 0 ? bodies : undefined, sent, failed };
    },

    send: (api, bodies) => spec.create(api, bodies),

    interpret(context, written, sent) {
      return bulkOutcomes(build, context, written as Written<BulkRowResult[]>, sent);
    },

    predict(context: UnitContext, sent) {
      return predictEach(build, context, handler.prepare(context, sent), spec.refusal);
    },

    lookups: () => 1,

    reconcile: async (context, api, rows, _lookup, page) =>
      matchCreated(
        build,
        context,
        rows,
        await spec.list(api, page),
        (row, record) => normalizeName(record.name) === normalizeName(row.data.name),
      ),
  };
  return handler;
}

function isMissing(value: unknown): value is { missing: string } {
  return typeof value === 'object' && value !== null && 'missing' in value;
}

function groupByName<T>(records: T[], nameOf: (record: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const name = normalizeName(nameOf(record));
    groupInto(groups, name, record);
  }
  return groups;
}

/** A single-record create as a one-row bulk answer, so every create is interpreted the same way. */
export async function asBulk(
  create: Promise<Written<{ id: string }>>,
): Promise<Written<BulkRowResult[]>> {
  const written = await create;
  return { data: [{ index: 0, ok: true, id: written.data.id }], warnings: written.warnings };
}
