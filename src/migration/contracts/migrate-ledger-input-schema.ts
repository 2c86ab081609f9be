// Pure (zod is plain JavaScript): the workflow checks its own input with this, and the CLI checks
// what it is about to start. A run started from the Temporal UI or `temporal workflow start`
// reaches the workflow unchecked, so this is the one boundary every input crosses.
import { z } from 'zod';
import { MAX_RUN_WEIGHT, MIN_RUN_WEIGHT } from './fair-share.js';
import { RUN_NAME_PATTERN } from './run-name.js';
import { stepNames } from './steps.js';
import { MAX_SKIP_KINDS, SKIP_KIND_PATTERN } from '../../ledger/skip-kinds.js';
import type { MigrateLedgerInput, SourceFormat } from './workflow-types.js';

const sourceFormatNames = [
  'generic',
  'xero',
  'quickbooks-desktop-iif',
  'quickbooks-online',
] as const satisfies readonly SourceFormat[];

/** More in flight gains nothing: the API allows 100 calls a minute per client. */
const MAX_CONCURRENCY = 32;
/** A step child's history stays bounded well below Temporal's limits at this many units. */
const MAX_UNITS_PER_STEP_RUN = 10_000;
const MAX_PATH_LENGTH = 4096;
const MAX_PROFILE_LENGTH = 128;

/** True for a real day of the proleptic Gregorian calendar written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** Why a date is unusable (for the field named), or undefined when it is a real calendar date. */
export function calendarDateProblem(value: string): string | undefined {
  if (isCalendarDate(value)) return undefined;
  return `must be a date like 2026-01-01 that exists on the calendar (got "${value.slice(0, 40)}")`;
}

/** The value a field was given, short enough to quote in a message. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value);
  return text.slice(0, 60);
}

const calendarDate = z
  .string({ error: 'must be a date written YYYY-MM-DD' })
  .refine(isCalendarDate, {
    error: (issue) =>
      calendarDateProblem(typeof issue.input === 'string' ? issue.input : String(issue.input)),
  });

const wholeNumber = (min: number, max: number) => {
  const error = (issue: { input?: unknown }) =>
    `must be a whole number from ${min} to ${max} (got ${quoted(issue.input)})`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const runWeight = (() => {
  const error = (issue: { input?: unknown }) =>
    `must be a number from ${MIN_RUN_WEIGHT} to ${MAX_RUN_WEIGHT} (got ${quoted(issue.input)})`;
  return z.number({ error }).min(MIN_RUN_WEIGHT, { error }).max(MAX_RUN_WEIGHT, { error });
})();

const nonEmptyBounded = (max: number) => z.string().min(1).max(max);

const migrateLedgerInputSchema = z
  .strictObject({
    runName: z.string().regex(RUN_NAME_PATTERN, {
      error: 'must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
    }),
    source: z.strictObject({
      folder: nonEmptyBounded(MAX_PATH_LENGTH),
      format: z.enum(sourceFormatNames, {
        error: (issue) =>
          `must be one of ${sourceFormatNames.join(', ')} (got ${quoted(issue.input)})`,
      }),
      overridesFile: nonEmptyBounded(MAX_PATH_LENGTH).optional(),
      skipKinds: z
        .array(
          z.string().regex(SKIP_KIND_PATTERN, {
            error: (issue) =>
              `must be kinds as the problems name them, like "untyped" or "eft" (got ${quoted(issue.input)})`,
          }),
        )
        .max(MAX_SKIP_KINDS)
        .optional(),
    }),
    profile: nonEmptyBounded(MAX_PROFILE_LENGTH),
    cutoverDate: calendarDate,
    endDate: calendarDate.optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'must be three capital letters, like USD' })
      .optional(),
    mode: z.enum(['dry-run', 'live'], {
      error: (issue) => `must be exactly "dry-run" or "live" (got ${quoted(issue.input)})`,
    }),
    batchSize: wholeNumber(1, 100).optional(),
    steps: z
      .array(
        z.enum(stepNames, {
          error: (issue) => `must be one of ${stepNames.join(', ')} (got ${quoted(issue.input)})`,
        }),
      )
      .min(1)
      .max(stepNames.length)
      .optional(),
    skipInvalidRows: z.boolean().optional(),
    concurrency: wholeNumber(1, MAX_CONCURRENCY).optional(),
    weight: runWeight.optional(),
    finishWhenClean: z.boolean().optional(),
    unitsPerStepRun: wholeNumber(1, MAX_UNITS_PER_STEP_RUN).optional(),
  })
  .superRefine((input, ctx) => {
    if (
      input.endDate !== undefined &&
      isCalendarDate(input.endDate) &&
      isCalendarDate(input.cutoverDate) &&
      input.endDate < input.cutoverDate
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `must not be before cutoverDate ${input.cutoverDate} (got "${input.endDate}")`,
      });
    }
  });

/** One thing wrong with an input: the field (dotted path) and what it must be. */
export interface InputProblem {
  field: string;
  message: string;
}

export type InputCheck =
  { ok: true; input: MigrateLedgerInput } | { ok: false; problems: InputProblem[] };

/** Checks a whole workflow input: every field's problem, or the input as typed. */
export function checkMigrateLedgerInput(value: unknown): InputCheck {
  const parsed = migrateLedgerInputSchema.safeParse(value);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems: InputProblem[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const parent = issue.path.map(String).join('.');
      for (const key of issue.keys) {
        problems.push({
          field: parent ? `${parent}.${key}` : key,
          message: 'is not a setting of a migration: remove it (check its spelling)',
        });
      }
      continue;
    }
    problems.push({
      field: issue.path.map(String).join('.') || 'input',
      message: issue.message,
    });
  }
  return { ok: false, problems };
}

/** One sentence per problem, naming the field and the fix. */
export function describeInputProblems(problems: readonly InputProblem[]): string {
  const lines = problems.slice(0, 10).map((p) => `${p.field} ${p.message}.`);
  const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
  return `The migration input is invalid: ${lines.join(' ')}${more}`;
}
