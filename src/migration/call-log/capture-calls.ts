import { AsyncLocalStorage } from 'node:async_hooks';
import type { PartnerApiLogEvent } from '../../partner-api/index.js';

/** One HTTP exchange seen by the client's logging hook, with what the caller added to it. */
export interface CapturedExchange {
  at: string;
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  error?: string;
  rowsSent?: number;
  ids?: string[];
  warnings?: string[];
}

/** What a write carried and produced, known only to the code that sent it. */
export interface CallNote {
  rowsSent: number;
  ids: string[];
  warnings: string[];
}

/**
 * The exchanges of one activity. The API client is shared by every activity of a worker, so its
 * logging hook finds the activity it serves through the async context it was called from.
 */
const frames = new AsyncLocalStorage<CapturedExchange[]>();

/**
 * The client's logging hook (src/partner-api/logger.ts): keeps each exchange made inside
 * `capturingCalls`, token refreshes included; ignores exchanges made anywhere else.
 */
export function captureExchange(event: PartnerApiLogEvent, nowMs: number = Date.now()): void {
  if (event.event !== 'partner_api.request') return;
  frames.getStore()?.push({
    at: new Date(nowMs - event.durationMs).toISOString(),
    method: event.method,
    path: event.path,
    ...(event.status === undefined ? {} : { status: event.status }),
    durationMs: Math.round(event.durationMs),
    ...(event.errorType ? { error: event.errorType } : {}),
  });
}

/** Adds what a write carried to the exchange that just answered (the last one captured). */
export function noteCall(note: CallNote): void {
  const last = frames.getStore()?.at(-1);
  if (!last) return;
  last.rowsSent = note.rowsSent;
  if (note.ids.length > 0) last.ids = note.ids;
  if (note.warnings.length > 0) last.warnings = note.warnings;
}

/** Runs `fn`, then hands every exchange it made to `record`, whether `fn` succeeded or threw. */
export async function capturingCalls<R>(
  fn: () => Promise<R>,
  record: (exchanges: CapturedExchange[]) => Promise<void>,
): Promise<R> {
  const exchanges: CapturedExchange[] = [];
  let result: R;
  try {
    result = await frames.run(exchanges, fn);
  } catch (error) {
    // The call's own failure matters more than a failure to log it (which the retry logs again).
    await record(exchanges).catch(() => undefined);
    throw error;
  }
  await record(exchanges);
  return result;
}
