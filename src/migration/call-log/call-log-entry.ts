/**
 * One HTTP exchange with the Partner API, as the run's call log keeps it (docs/run-layout.md, "The
 * call log"). Every field is a number, a code, a record id or a name Ledgerlift chose: no request
 * or response body, no query string (it can carry customer names), no header, so no token,
 * signature or secret can reach the log.
 */
export interface CallLogEntry {
  /** When the exchange started (ISO 8601, UTC). */
  at: string;
  run: string;
  /** The stage (execution or replay round) the call served. */
  stage: string;
  mode: 'live' | 'dry-run';
  /** The migration step, or `verification` for the reports read at the end. */
  step: string;
  phase?: string;
  /** The unit (one planned call), for writes and reconciliations. */
  unit?: string;
  /** What the call was for: a unit's write, a snapshot page, a reconciliation page, a report. */
  purpose: CallPurpose;
  /** Temporal's attempt of the activity that made the call. */
  attempt: number;
  method: string;
  /** Request path without its query string: it holds only route names and workspace UUIDs. */
  path: string;
  /** Absent when no answer arrived (timeout, dropped connection). */
  status?: number;
  durationMs: number;
  /** Rows the call carried (writes). */
  rowsSent?: number;
  /** Workspace UUIDs the call created or matched. */
  ids?: string[];
  /** Fields the API warned about (their messages are in the report's outcomes). */
  warnings?: string[];
  /** The client's error kind when the exchange failed (`timeout`, `server`...). */
  error?: string;
}

export type CallPurpose = 'write' | 'snapshot' | 'reconcile' | 'report';
