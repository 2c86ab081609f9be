import type { LedgerRecord, Problem } from './index.js';

/** What readers and validation stream: a record with its problems, or a problem of its own. */
export type LedgerItem =
  /** A record and the problems about it (each with entity, key and location). */
  | { kind: 'record'; record: LedgerRecord; problems: Problem[] }
  /** A file-level problem, or one about rows that could not become a record. */
  | { kind: 'problem'; problem: Problem };
