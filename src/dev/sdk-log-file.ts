import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { DefaultLogger, type LogEntry } from '@temporalio/worker';
import { makePrivateFolderSync, OWNER_ONLY_FILE } from '../private-files/private-files.js';

/** A log file past this size is kept as `<name>.1` (one generation) when the stack starts. */
const MAX_LOG_BYTES = 20 * 1024 * 1024;

/** One line per entry: time, level, message, then its fields (an error's stack on its own lines). */
function formatLogEntry(entry: LogEntry): string {
  const time = new Date(Number(entry.timestampNanos / 1_000_000n)).toISOString();
  const stacks: string[] = [];
  const fields = entry.meta
    ? JSON.stringify(entry.meta, (_key, value: unknown) => {
        if (value instanceof Error) {
          if (value.stack) stacks.push(value.stack);
          return `${value.name}: ${value.message}`;
        }
        return typeof value === 'bigint' ? value.toString() : value;
      })
    : '';
  return [`${time} ${entry.level} ${entry.message}${fields ? ` ${fields}` : ''}`, ...stacks]
    .join('\n')
    .concat('\n');
}

/** Makes the log's folder, and keeps a log past the size limit as `<name>.1` before it is reopened. */
export function rotateLargeLog(file: string): void {
  makePrivateFolderSync(path.dirname(file));
  if (existsSync(file) && statSync(file).size > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
}

/**
 * The Temporal SDK's logger for the dev stack, writing to `file` instead of the terminal: the
 * worker's lifecycle, activity retries and their stack traces are for whoever debugs, and filled
 * the consultant's terminal with about 130 lines of them (the dev command prints where they are).
 */
export function sdkFileLogger(file: string): DefaultLogger {
  rotateLargeLog(file);
  const out = createWriteStream(file, { flags: 'a', mode: OWNER_ONLY_FILE });
  return new DefaultLogger('INFO', (entry) => out.write(formatLogEntry(entry)));
}
