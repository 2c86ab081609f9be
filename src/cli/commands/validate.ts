import path from 'node:path';
import { formatLocation, type Problem } from '../../ledger/index.js';
import { readValidatedExports } from '../../migration/staging/validated-exports.js';
import { sourceFormats, type SourceFormat } from '../../../mappings/read-ledger.js';
import { checkDateOptions } from '../date-options.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { skipKindsOf } from '../skip-kinds.js';

export interface ValidateOptions {
  source: string;
  format: string;
  overrides?: string;
  cutover: string;
  end?: string;
  currency: string;
  json?: boolean;
  limit: string;
  skipKind?: string[];
}

/**
 * `ledgerlift validate`: reads, maps and validates the exports offline (no Temporal, no API) and
 * lists every problem with its file, row and column. Exit 1 when errors would block a live run.
 */
export async function validate(options: ValidateOptions): Promise<number> {
  if (!(sourceFormats as readonly string[]).includes(options.format)) {
    throw new CliError(
      `--format must be one of ${sourceFormats.join(', ')} (got "${options.format}").`,
    );
  }
  checkDateOptions(options);
  const limit = Number(options.limit);
  const counts = { error: 0, warning: 0, info: 0 };
  const records = new Map<string, number>();
  let shown = 0;
  const show = (problem: Problem) => {
    counts[problem.severity] += 1;
    if (options.json) {
      console.log(JSON.stringify(problem));
      return;
    }
    if (problem.severity === 'info' || shown >= limit) return;
    shown += 1;
    console.log(
      `${problem.severity.toUpperCase().padEnd(7)} ${problem.code.padEnd(34)} ${formatLocation(problem.location)}: ${problem.message}`,
    );
  };
  for await (const item of readValidatedExports({
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
    currency: options.currency,
    batchSize: 25,
  })) {
    if (item.kind === 'problem') show(item.problem);
    else {
      records.set(item.record.entity, (records.get(item.record.entity) ?? 0) + 1);
      item.problems.forEach(show);
    }
  }
  if (!options.json) {
    const hidden = counts.error + counts.warning - shown;
    if (hidden > 0) console.log(`... and ${hidden} more (raise --limit, or use --json for all).`);
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
    console.log(`${summary.join(', ')}.${blocks}`);
  }
  return counts.error > 0 ? exitCodes.needsAttention : exitCodes.ok;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
