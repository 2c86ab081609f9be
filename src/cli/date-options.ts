import { calendarDateProblem } from '../migration/contracts/migrate-ledger-input-schema.js';
import { CliError } from './exit-codes.js';

/**
 * `--cutover` and `--end`, checked by the rules the workflow applies to its input, so `validate`
 * refuses `--cutover banana` or `2026-02-30` as `dry-run` and `run` do. `template` takes both as
 * optional.
 */
export function checkDateOptions(options: {
  cutover?: string | undefined;
  end?: string | undefined;
}): void {
  for (const [flag, value] of [
    ['--cutover', options.cutover],
    ['--end', options.end],
  ] as const) {
    if (value === undefined) continue;
    const problem = calendarDateProblem(value);
    if (problem) throw new CliError(`${flag} ${problem}.`);
  }
  if (options.cutover !== undefined && options.end !== undefined && options.end < options.cutover) {
    throw new CliError(
      `--end must not be before --cutover ${options.cutover} (got "${options.end}").`,
    );
  }
}
