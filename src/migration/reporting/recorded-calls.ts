import type { RunStore } from '../../run-store/run-store.js';
import type { RecordedCall } from '../contracts/recorded-call.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';

/**
 * The calls of a live run, in the order recorded, read from the whole outcome log (not only the
 * latest outcome per row, so a call whose rows were replayed later still counts). A call's rows are
 * appended together with the same `sentAt` and unit (src/migration/sending/execute-unit.ts), so a
 * call is a run of consecutive entries sharing both; one page of the log is in memory at a time.
 * Outcomes without `sentAt` (predictions, reconciliations, rows written before it existed) are not
 * calls and are passed over.
 */
export async function* recordedCalls(store: RunStore, log: string): AsyncIterable<RecordedCall> {
  let current: (RecordedCall & { unit: string }) | undefined;
  for (let offset = 0; ;) {
    const page = await store.readLog(log, offset);
    if (page.entries.length === 0) break;
    offset = page.nextOffset;
    for (const entry of page.entries as RowOutcome[]) {
      if (entry.sentAt === undefined) continue;
      const unit = entry.unit ?? '';
      if (!current || current.sentAt !== entry.sentAt || current.unit !== unit) {
        if (current) yield withoutUnit(current);
        current = { step: entry.step, sentAt: entry.sentAt, unit, rowsDone: 0, rowsFailed: 0 };
      }
      if (entry.status === 'created' || entry.status === 'matched') current.rowsDone += 1;
      else if (entry.status === 'failed') current.rowsFailed += 1;
    }
  }
  if (current) yield withoutUnit(current);
}

function withoutUnit({ step, sentAt, rowsDone, rowsFailed }: RecordedCall): RecordedCall {
  return { step, sentAt, rowsDone, rowsFailed };
}
