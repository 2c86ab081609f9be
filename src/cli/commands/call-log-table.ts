import type { CallLogEntry } from '../../migration/call-log/call-log-entry.js';

const columns = ['time', 'step', 'unit', 'try', 'method', 'path', 'status', 'ms', 'rows', 'ids'];

/** The calls as an aligned text table: local times, one line per call, UUIDs counted. */
export function callLogTable(calls: readonly CallLogEntry[]): string {
  const rows = calls.map((call) => [
    localTime(call.at),
    call.phase ? `${call.step}/${call.phase}` : call.step,
    call.unit ? (call.unit.split('/').at(-1) ?? '') : call.purpose,
    String(call.attempt),
    call.method,
    call.path,
    statusText(call),
    String(call.durationMs),
    call.rowsSent === undefined ? '' : String(call.rowsSent),
    idsText(call.ids),
  ]);
  const widths = columns.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns), ...rows.map(line)].join('\n');
}

/** The status, and the client's error beside it: a 201 it could not read is no success. */
function statusText(call: CallLogEntry): string {
  if (call.status === undefined) return call.error ?? 'no answer';
  return call.error ? `${call.status} ${call.error}` : String(call.status);
}

function idsText(ids: readonly string[] | undefined): string {
  if (!ids || ids.length === 0) return '';
  return ids.length === 1 ? (ids[0] ?? '') : `${ids.length} ids`;
}

/** `2026-11-25 18:40:01.123` in the machine's time zone. */
function localTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  );
}
