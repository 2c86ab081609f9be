import { access } from 'node:fs/promises';
import { workerSettings } from '../../config/worker-settings.js';
import type { CallLogEntry } from '../../migration/call-log/call-log-entry.js';
import {
  isStatusFilter,
  readCallLog,
  type CallLogFilter,
} from '../../migration/call-log/read-call-log.js';
import { runNameProblem } from '../../migration/contracts/run-name.js';
import { openRunStores } from '../../run-store/open-run-store.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { callLogTable } from './call-log-table.js';

export interface LogOptions extends Omit<CallLogFilter, 'since' | 'until'> {
  since?: string;
  until?: string;
  json?: boolean;
  limit?: string;
}

/**
 * `ledgerlift log <run>`: the API calls the run made (docs/cli.md), filtered, oldest first; a
 * table by default, the log's JSON lines with `--json`.
 */
export async function log(run: string, options: LogOptions): Promise<number> {
  const problem = runNameProblem(run);
  if (problem) throw new CliError(problem);
  const filter = checkedFilter(options);
  const limit = options.limit === undefined ? undefined : checkedLimit(options.limit);
  const settings = workerSettings();
  const stores = openRunStores({ runsDir: settings.runsDir, postgresUrl: settings.runStoreUrl });
  try {
    if (!settings.runStoreUrl) await assertRunFolder(stores.runFolder(run), run);
    const store = await stores.open(run);
    const calls: CallLogEntry[] = [];
    for await (const entry of readCallLog(store, filter)) calls.push(entry);
    calls.sort((a, b) => a.at.localeCompare(b.at));
    const shown = limit === undefined ? calls : calls.slice(-limit);
    if (options.json) {
      for (const entry of shown) console.log(JSON.stringify(entry));
    } else if (shown.length === 0) {
      console.log(`No API call of run "${run}" matches.`);
    } else {
      console.log(callLogTable(shown));
      const hidden = calls.length - shown.length;
      console.log(
        `${calls.length} call${calls.length === 1 ? '' : 's'}` +
          (hidden > 0 ? ` (the first ${hidden} not shown: raise --limit)` : ''),
      );
    }
    return exitCodes.ok;
  } finally {
    await stores.close();
  }
}

async function assertRunFolder(folder: string, run: string): Promise<void> {
  try {
    await access(folder);
  } catch {
    throw new CliError(
      `There is no run named "${run}" in ${folder} (is LEDGERLIFT_RUNS_DIR the worker's?).`,
      exitCodes.needsAttention,
    );
  }
}

function checkedFilter(options: LogOptions): CallLogFilter {
  const filter: CallLogFilter = {};
  if (options.step) filter.step = options.step;
  if (options.method) filter.method = options.method.toUpperCase();
  if (options.unit) filter.unit = options.unit;
  if (options.id) filter.id = options.id.toLowerCase();
  if (options.stage) filter.stage = options.stage;
  if (options.status) {
    if (!isStatusFilter(options.status)) {
      throw new CliError(
        `--status takes a code (201), a class (4xx), "failed" or "none" (got "${options.status}").`,
      );
    }
    filter.status = options.status;
  }
  for (const flag of ['since', 'until'] as const) {
    const value = options[flag];
    if (value === undefined) continue;
    if (Number.isNaN(Date.parse(value))) {
      throw new CliError(
        `--${flag} takes a date or a time, such as 2026-11-25 or 2026-11-25T17:40:00Z (got "${value}").`,
      );
    }
    filter[flag] = new Date(value).toISOString();
  }
  return filter;
}

function checkedLimit(text: string): number {
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1) {
    throw new CliError(`--limit takes a whole number of calls, 1 or more (got "${text}").`);
  }
  return limit;
}
