import type { RunStore } from '../../run-store/run-store.js';
import type { CallLogEntry } from './call-log-entry.js';
import { CALL_LOG_PREFIX, type CallLogSegment } from './write-call-log.js';

/** What `ledgerlift log` (and the report's summary) select; every criterion is optional. */
export interface CallLogFilter {
  step?: string;
  /**
   * An exact status (`201`), a class (`4xx`), or `failed`: no answer, 400 and above, or an answer
   * the client could not read (a 201 whose body was not the documented shape).
   */
  status?: string;
  method?: string;
  /** ISO times: calls that started at or after `since`, and before `until`. */
  since?: string;
  until?: string;
  /** A unit id, or its beginning (`replay-1/invoices`). */
  unit?: string;
  /** A workspace UUID: in the path or among the UUIDs the call produced. */
  id?: string;
  /** One stage (execution or replay round) only. */
  stage?: string;
}

/** The log's segments, in key order (stage, step, purpose, then 10,000-call bucket). */
export async function callLogSegments(store: RunStore): Promise<CallLogSegment[]> {
  const keys = await store.listDocuments(CALL_LOG_PREFIX);
  const segments: CallLogSegment[] = [];
  for (const key of keys) {
    const segment = await store.getDocument<CallLogSegment>(key);
    if (segment) segments.push(segment);
  }
  return segments;
}

/**
 * Every entry of the call log that `filter` selects, a store page at a time: segments of another
 * step or stage are not read at all.
 */
export async function* readCallLog(
  store: RunStore,
  filter: CallLogFilter = {},
): AsyncIterable<CallLogEntry> {
  for (const segment of await callLogSegments(store)) {
    if (filter.step && segment.step !== filter.step) continue;
    if (filter.stage && segment.stage !== filter.stage) continue;
    for (let offset = 0; ;) {
      const page = await store.readLog(segment.log, offset);
      if (page.entries.length === 0) break;
      for (const entry of page.entries as CallLogEntry[]) {
        if (matchesCall(entry, filter)) yield entry;
      }
      offset = page.nextOffset;
    }
  }
}

function matchesCall(entry: CallLogEntry, filter: CallLogFilter): boolean {
  if (filter.step && entry.step !== filter.step) return false;
  if (filter.stage && entry.stage !== filter.stage) return false;
  if (filter.method && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status && !statusMatches(entry, filter.status)) return false;
  if (filter.since && Date.parse(entry.at) < Date.parse(filter.since)) return false;
  if (filter.until && Date.parse(entry.at) >= Date.parse(filter.until)) return false;
  if (filter.unit && !(entry.unit ?? '').startsWith(filter.unit)) return false;
  if (filter.id) {
    const id = filter.id.toLowerCase();
    if (!entry.path.toLowerCase().includes(id) && !(entry.ids ?? []).includes(id)) return false;
  }
  return true;
}

function statusMatches({ status, error }: CallLogEntry, wanted: string): boolean {
  const text = wanted.toLowerCase();
  if (text === 'failed') return status === undefined || status >= 400 || error !== undefined;
  if (status === undefined) return text === 'none';
  if (/^[1-5]xx$/.test(text)) return Math.floor(status / 100) === Number(text[0]);
  return String(status) === text;
}

/** Whether `--status` names something `matchesCall` understands. */
export function isStatusFilter(text: string): boolean {
  return /^([1-5]\d\d|[1-5]xx|failed|none)$/i.test(text);
}
