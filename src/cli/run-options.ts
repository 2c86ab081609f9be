import path from 'node:path';
import { runNameProblem } from '../migration/contracts/run-name.js';
import { isStepName, type StepName } from '../migration/contracts/steps.js';
import type { MigrateLedgerInput, SourceFormat } from '../migration/contracts/workflow-types.js';
import { sourceFormats } from '../../mappings/source-formats.js';
import { checkMigrateLedgerInput } from '../migration/contracts/migrate-ledger-input-schema.js';
import { checkDateOptions } from './date-options.js';
import { CliError } from './exit-codes.js';
import { skipKindsOf } from './skip-kinds-option.js';

/** The options `ledgerlift dry-run` and `ledgerlift run` share, as commander parses them. */
export interface RunOptions {
  name: string;
  source: string;
  format: string;
  overrides?: string;
  /** Absent: src/cli/default-profile.ts chooses (the dev stack's `sandbox`, else `default`). */
  profile?: string;
  cutover: string;
  end?: string;
  currency?: string;
  batchSize: string;
  steps?: string;
  concurrency?: string;
  weight?: string;
  skipInvalidRows?: boolean;
  finishWhenClean: boolean;
  skipKind?: string[];
}

/** The option that sets each field of the workflow input, to name it in a message. */
const flagOfField: Record<string, string> = {
  runName: '--name',
  'source.folder': '--source',
  'source.format': '--format',
  'source.overridesFile': '--overrides',
  'source.skipKinds': '--skip-kind',
  profile: '--profile',
  cutoverDate: '--cutover',
  endDate: '--end',
  currency: '--currency',
  batchSize: '--batch-size',
  steps: '--steps',
  concurrency: '--concurrency',
  weight: '--weight',
};

/** The workflow input for these options, or a CliError naming the option that is wrong. */
export function runInput(
  options: RunOptions & { profile: string },
  mode: MigrateLedgerInput['mode'],
): MigrateLedgerInput {
  const nameProblem = runNameProblem(options.name);
  if (nameProblem) throw new CliError(`--name: ${nameProblem}`);
  if (!(sourceFormats as readonly string[]).includes(options.format)) {
    throw new CliError(
      `--format must be one of ${sourceFormats.join(', ')} (got "${options.format}").`,
    );
  }
  checkDateOptions(options);
  const batchSize = Number(options.batchSize);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100) {
    throw new CliError(
      `--batch-size must be a whole number from 1 to 100 (got "${options.batchSize}").`,
    );
  }
  let steps: StepName[] | undefined;
  if (options.steps) {
    const named = options.steps.split(',').map((step) => step.trim());
    const unknown = named.filter((step) => !isStepName(step));
    if (unknown.length > 0) throw new CliError(`--steps: unknown step ${unknown.join(', ')}.`);
    steps = named.filter(isStepName);
  }
  const concurrency = options.concurrency === undefined ? undefined : Number(options.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new CliError(
      `--concurrency must be a whole number of 1 or more (got "${options.concurrency}").`,
    );
  }
  const skipKinds = skipKindsOf(options.skipKind);
  const weight = options.weight === undefined ? undefined : Number(options.weight);
  if (weight !== undefined && !Number.isFinite(weight)) {
    throw new CliError(`--weight must be a number, like 1 or 2.5 (got "${options.weight}").`);
  }
  const input: MigrateLedgerInput = {
    runName: options.name,
    source: {
      folder: path.resolve(options.source),
      format: options.format as SourceFormat,
      ...(options.overrides ? { overridesFile: path.resolve(options.overrides) } : {}),
      ...(skipKinds.length > 0 ? { skipKinds } : {}),
    },
    profile: options.profile,
    cutoverDate: options.cutover,
    ...(options.end ? { endDate: options.end } : {}),
    ...(options.currency ? { currency: options.currency.toUpperCase() } : {}),
    mode,
    batchSize,
    ...(steps ? { steps } : {}),
    ...(concurrency ? { concurrency } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(options.skipInvalidRows ? { skipInvalidRows: true } : {}),
    finishWhenClean: options.finishWhenClean,
  };
  // The workflow's own rules, so what the CLI starts is never refused by the workflow.
  const checked = checkMigrateLedgerInput(input);
  if (!checked.ok) {
    throw new CliError(
      checked.problems
        .map((p) => `${flagOfField[p.field.replace(/\.\d+$/, '')] ?? p.field} ${p.message}.`)
        .join('\n'),
    );
  }
  return input;
}
