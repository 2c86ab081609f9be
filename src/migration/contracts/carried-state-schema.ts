// Pure (zod is plain JavaScript): what one execution hands the next through continue-as-new, as
// strict schemas. The workflows (workflows/carried-state.ts) accept such state only on a continued
// execution, and only in these shapes: a forged second argument to `migrateLedger` would otherwise
// skip the first pass's safeguards (docs/security.md, "Forged carried state").
import { z } from 'zod';
import { isCalendarDate } from './migrate-ledger-input-schema.js';
import { stepNames, stepPhases, type PhaseName, type StepName } from './steps.js';
import { undoPhases, type UndoCursor } from './undo-types.js';
import type {
  PauseRecord,
  PhasePlan,
  RowCounts,
  StageSummary,
  StepProgress,
  VerificationSummary,
} from './workflow-types.js';

const MAX_PATH_LENGTH = 4096;
/** A pause's reason: the operator's words or an API's message, kept well below a payload's size. */
const MAX_REASON_LENGTH = 2000;
/** Pauses a run keeps (workflows/ledger-run/run-state.ts, PAUSES_KEPT). */
const MAX_PAUSES = 20;
/** Rounds, phases, groups: far above what any run reaches, so only a forgery meets the bound. */
const MAX_ROUNDS = 100_000;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const calendarDate = z.string().max(10).refine(isCalendarDate);
/** Stage ids name run-store folders (`live-<run id>`, `...-replay-<n>`; `main` in early runs). */
const stageId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/);
const stepName = z.enum(stepNames);
const phaseNames = [...new Set(Object.values(stepPhases).flat())] as [PhaseName, ...PhaseName[]];

const rowCounts: z.ZodType<RowCounts> = z.strictObject({
  planned: count,
  done: count,
  failed: count,
  skipped: count,
});

/**
 * Per-step figures of a stage. Partial: a run staged before a step existed (journal-entries) has
 * no entry for it, and the code reading them only reads the steps the run selected.
 */
const perStep = z.partialRecord(stepName, count) as unknown as z.ZodType<Record<StepName, number>>;

const stageSummary: z.ZodType<StageSummary> = z.strictObject({
  stageId,
  endDate: calendarDate,
  rows: perStep,
  skipped: perStep,
  estimatedCalls: perStep,
  problems: z.strictObject({ error: count, warning: count, info: count }),
  blocking: z.boolean(),
  leftOut: count.optional(),
});

const stepProgress: z.ZodType<StepProgress> = z.strictObject({
  step: stepName,
  status: z.enum(['waiting', 'running', 'paused', 'done']),
  phase: z.enum(phaseNames).optional(),
  rows: rowCounts,
  units: z.strictObject({ total: count, done: count }),
  calls: count,
});

const isoTime = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);

const pauseRecord: z.ZodType<PauseRecord> = z.strictObject({
  at: isoTime,
  reason: z.string().max(MAX_REASON_LENGTH),
  resumedAt: isoTime.optional(),
});

const verificationSummary: z.ZodType<VerificationSummary> = z.strictObject({
  verified: z.boolean(),
  differences: count,
  clearingBalance: z.string().regex(/^-?\d{1,18}\.\d{2}$/),
  checkedAccounts: count,
});

/** What a live migrateLedger carries while it waits for the operator (ledger-run/run-state.ts). */
export const ledgerCarriedStateSchema = z.strictObject({
  round: count.max(MAX_ROUNDS),
  stage: stageSummary,
  steps: z.array(stepProgress).max(stepNames.length),
  otherCalls: count,
  estimatedCalls: count,
  verification: verificationSummary.optional(),
  reportFolder: z.string().min(1).max(MAX_PATH_LENGTH).optional(),
  report: z.string().min(1).max(MAX_PATH_LENGTH).optional(),
  pauses: z.array(pauseRecord).max(MAX_PAUSES).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  planTag: z
    .string()
    .regex(/^[A-Za-z0-9]{1,32}$/)
    .optional(),
});

const phasePlan: z.ZodType<PhasePlan> = z.strictObject({ units: count, rows: rowCounts });

/** Where a step child stopped (workflows/step-run/step-state.ts, StepCursor). */
export const stepCursorSchema = z.strictObject({
  phaseIndex: count.max(Math.max(...Object.values(stepPhases).map((p) => p.length)) - 1),
  nextUnit: count,
  plan: phasePlan,
  rows: rowCounts,
  calls: count,
  snapshotsTaken: z.boolean(),
});

/** Where a live undo stopped (contracts/undo.ts, UndoCursor). */
export const undoCursorSchema: z.ZodType<UndoCursor> = z.strictObject({
  planId: z.string().regex(/^undo-[A-Za-z0-9]{1,32}$/),
  asOf: calendarDate,
  phaseIndex: count.max(undoPhases.length),
  groupIndex: count.max(stepNames.length),
  nextUnit: count,
  calls: count,
  unitsDone: count,
  unitsPlanned: count.optional(),
});

/** A schema of carried state, named so workflow code needs no import of zod itself. */
export type CarriedSchema<T> = z.ZodType<T>;

export type CarriedCheck<T> = { ok: true; value: T } | { ok: false; message: string };

/** The carried value in its schema's shape, or what is wrong with it (fields named, never values). */
export function checkCarried<T>(
  schema: CarriedSchema<T>,
  value: unknown,
  what: string,
): CarriedCheck<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = parsed.error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join('.') || what;
    return issue.code === 'unrecognized_keys'
      ? `${field} (unknown ${issue.keys.join(', ')})`
      : field;
  });
  return { ok: false, message: `The ${what} is malformed: ${fields.join(', ')}.` };
}
