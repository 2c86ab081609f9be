import path from 'node:path';
import { formatLocation, needsOwnSkip, type Problem } from '../../ledger/index.js';
import { readValidatedExports } from '../../migration/staging/validated-exports.js';
import { sourceFormats, type SourceFormat } from '../../../mappings/source-formats.js';
import { checkDateOptions } from '../date-options.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { predictVerdict } from '../../migration/verification/predict-verdict.js';
import { assessWorkspace } from '../../migration/workspace/assess-workspace.js';
import { describeWorkspaceCheck, readProfileWorkspace } from './validate-workspace.js';
import {
  describeVerdict,
  verdictOf,
  writeValidateReport,
  type ReadContext,
} from './validate-verdict.js';
import { addDays } from '../../ledger/iso-dates.js';
import { skipKindsOf } from '../skip-kinds-option.js';
import { lineText } from '../../migration/contracts/line-text.js';
import { FirstPerCode } from '../../collections/first-per-code.js';

export interface ValidateOptions {
  source: string;
  format: string;
  overrides?: string;
  cutover: string;
  end?: string;
  currency?: string;
  json?: boolean;
  /** Errors and warnings printed per code (`--json` prints every problem). */
  limit: string;
  /** Write the validate report (problem counts, records read, the predicted verdict) here. */
  report?: string;
  /** Also check the workspace of this connection profile (reads only). */
  profile?: string;
  skipKind?: string[];
}

/**
 * `ledgerlift validate`: reads, maps and validates the exports offline (no Temporal, no API) and
 * lists every problem with its file, row and column, then predicts the verdict: the books the run
 * will produce against the legacy trial balance and aged balances, every difference with its
 * probable cause. Exit 1 when errors would block a live run.
 */
export async function validate(options: ValidateOptions): Promise<number> {
  if (!(sourceFormats as readonly string[]).includes(options.format)) {
    throw new CliError(
      `--format must be one of ${sourceFormats.join(', ')} (got "${options.format}").`,
    );
  }
  checkDateOptions(options);
  // With a profile, the workspace is read first: --currency defaults to its currency. Offline
  // there is no workspace to take it from (docs/cli.md).
  const workspace = options.profile ? await readProfileWorkspace(options.profile) : undefined;
  const currency =
    options.currency?.toUpperCase() ?? workspace?.workspace.currency?.toUpperCase() ?? 'USD';
  const limit = Number(options.limit);
  const counts = { error: 0, warning: 0, info: 0 };
  const records = new Map<string, number>();
  // Counted per code, the first `limit` of each printed: a file of bad rows gives one problem a
  // row, and nothing of them is kept (docs/cli.md).
  const perCode = new FirstPerCode<Problem>(codeOf, limit);
  let leftOut = 0;
  const show = (problem: Problem) => {
    counts[problem.severity] += 1;
    if (needsOwnSkip(problem)) leftOut += 1;
    if (options.json) {
      console.log(JSON.stringify(problem));
      return;
    }
    if (problem.severity === 'info' || !perCode.add(problem)) return;
    // One problem, one line: a line break in a cell must not start a line of its own.
    console.log(
      `${problem.severity.toUpperCase().padEnd(7)} ${problem.code.padEnd(34)} ${lineText(formatLocation(problem.location))}: ${lineText(problem.message)}`,
    );
  };
  const items = readValidatedExports({
    runName: 'validate',
    stageId: 'validate',
    source: {
      folder: path.resolve(options.source),
      format: options.format as SourceFormat,
      ...(options.overrides ? { overridesFile: path.resolve(options.overrides) } : {}),
      skipKinds: skipKindsOf(options.skipKind),
    },
    cutoverDate: options.cutover,
    ...(options.end ? { endDate: options.end } : {}),
    currency,
    batchSize: 25,
  });
  // One pass: every item is shown as it is read and staged, as a run stages it, for the verdict.
  async function* readAndShow() {
    for await (const item of items) {
      if (item.kind === 'problem') show(item.problem);
      else {
        records.set(item.record.entity, (records.get(item.record.entity) ?? 0) + 1);
        item.problems.forEach(show);
      }
      yield item;
    }
  }
  const predicted = await predictVerdict(readAndShow(), {
    cutoverDate: options.cutover,
    ...(options.end ? { endDate: options.end } : {}),
    baseCurrency: currency,
    batchSize: 25,
  });
  const check = workspace
    ? assessWorkspace(workspace, {
        currency,
        currencyGiven: options.currency !== undefined,
        cutoverDate: options.cutover,
        ...predicted.books,
      })
    : undefined;
  const context: ReadContext = {
    nothingRead: records.size === 0,
    openingDate: addDays(options.cutover, -1),
  };
  if (!options.json) {
    for (const line of moreByCode(perCode.countsByCode, limit)) console.log(line);
    const read = [...records].map(([entity, count]) => `${count} ${entity}`).join(', ');
    console.log(`Read ${read || 'nothing'}.`);
    const summary = [
      plural(counts.error, 'error'),
      plural(counts.warning, 'warning'),
      plural(counts.info, 'note'),
    ];
    const blocks =
      counts.error > 0
        ? ' Errors block a live run until fixed (or skipped with --skip-invalid-rows).'
        : '';
    const ownSkip =
      leftOut > 0
        ? ` ${leftOut} left-out transaction(s) need --skip-kind: --skip-invalid-rows does not pass them.`
        : '';
    console.log(`${summary.join(', ')}.${blocks}${ownSkip}`);
    for (const line of describeVerdict(predicted.report, limit, context)) console.log(line);
    if (check) for (const line of describeWorkspaceCheck(check)) console.log(line);
  } else {
    console.log(JSON.stringify({ verdict: verdictOf(predicted.report, context) }));
    if (check) console.log(JSON.stringify({ workspace: check }));
  }
  if (options.report) {
    await writeValidateReport(path.resolve(options.report), {
      problems: counts,
      records: Object.fromEntries(records),
      verdict: verdictOf(predicted.report, context),
      ...(check ? { workspace: check } : {}),
    });
  }
  // A predicted review needs the consultant as much as an error does (exit 1: books to review);
  // so does a folder of which nothing could be read.
  const attention =
    counts.error > 0 || !predicted.willVerify || context.nothingRead || check?.blocking === true;
  return attention ? exitCodes.needsAttention : exitCodes.ok;
}

function codeOf(problem: Problem): string {
  return `${problem.severity} ${problem.code}`;
}

/** One line per code with more problems than were printed: its count, and how to see them all. */
function moreByCode(counts: ReadonlyMap<string, number>, limit: number): string[] {
  const lines: string[] = [];
  for (const [code, count] of counts) {
    if (count <= limit) continue;
    const [severity = '', name = ''] = code.split(' ');
    lines.push(
      `${severity.toUpperCase().padEnd(7)} ${name.padEnd(34)} ${count.toLocaleString('en-US')} in all, the first ${limit.toLocaleString('en-US')} shown (raise --limit, or use --json for all).`,
    );
  }
  return lines;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
