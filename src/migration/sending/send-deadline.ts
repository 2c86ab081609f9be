/**
 * When an API call may still go out after the paced API queue released its activity.
 *
 * The server releases API activities at the pace the limit allows (src/config/worker-settings.ts);
 * what keeps the API's window under its limit is that each call is sent when it was released. An
 * activity that first waits on the run store (a PostgreSQL restart, docs/reliability.md) would send
 * late, and every activity that waited with it would send at the same instant: a burst over the
 * limit. Past this delay the activity sends nothing and goes back to the queue, which releases it
 * again at the pace, so a stall never turns into a burst.
 */
export const MAX_SEND_DELAY_MS = 2_000;

/** How soon a call put back on the queue is scheduled again (the queue's pace decides when it runs). */
export const REQUEUE_DELAY_MS = 500;

/** When the activity was released, and how late after that its call may still be sent. */
export interface SendWindow {
  /** Epoch milliseconds at which this process began the activity (the queue released it). */
  releasedAtMs: number;
  maxDelayMs: number;
}

/** How many milliseconds past its window a call sent at `nowMs` would be; 0 when still in time. */
export function lateByMs(window: SendWindow | undefined, nowMs: number): number {
  if (window === undefined) return 0;
  return Math.max(0, nowMs - window.releasedAtMs - window.maxDelayMs);
}
