import { z } from 'zod';
import { isRecord, ResponseShapeError, type SuccessEnvelope } from './envelope.js';
import { PartnerApiError, type ApiFieldError } from './errors.js';
import { fieldErrorSchema, partnerWarningSchema, type PartnerWarning } from './schemas/common.js';

/** The most rows one bulk call may carry (spec convention 6). */
const MAX_BULK_ROWS = 100;

/** A slice of the caller's rows and where it starts in the caller's array. */
export interface Batch<T> {
  offset: number;
  rows: T[];
}

/** Splits `rows` into batches of at most `size` (default 100), remembering each batch's offset. */
export function splitIntoBatches<T>(rows: readonly T[], size = MAX_BULK_ROWS): Batch<T>[] {
  if (!Number.isInteger(size) || size < 1 || size > MAX_BULK_ROWS) {
    throw new RangeError(`a batch holds 1 to ${MAX_BULK_ROWS} rows, not ${size}`);
  }
  const batches: Batch<T>[] = [];
  for (let offset = 0; offset < rows.length; offset += size) {
    batches.push({ offset, rows: rows.slice(offset, offset + size) });
  }
  return batches;
}

/** What happened to one of the caller's rows. `index` is the row's position in the caller's array. */
export type BulkRowOutcome<T> =
  | {
      index: number;
      status: 'succeeded';
      /** The API's word for it (`created`, `updated`, ...). */
      serverStatus: string;
      id?: string;
      record?: T;
      warnings: PartnerWarning[];
    }
  | { index: number; status: 'failed'; message: string; errors: ApiFieldError[] }
  /**
   * The row may or may not have been applied: the answer did not mention it (T8), or the call's
   * outcome is unknown. Reconcile it by natural key before sending it again.
   */
  | { index: number; status: 'unconfirmed'; reason: string }
  /** The row was definitely not applied: its call failed before processing, or was never made. */
  | { index: number; status: 'not_sent'; reason: string };

/** The outcome of a bulk operation over all of the caller's rows. */
export interface BulkResult<T> {
  /** One outcome per input row, in input order. */
  rows: BulkRowOutcome<T>[];
  /** Rows the API reported as failed. */
  failedCount: number;
  /** API calls made (one per batch attempted). */
  calls: number;
  /** The failure that stopped the operation after some batches were done, if any. */
  stoppedBy?: Error;
}

/** One batch's answer, already mapped to batch-relative indexes. */
type BatchOutcome<T> = Map<number, BulkRowOutcome<T>>;

/**
 * Runs a bulk operation in batches of at most 100 rows, one call after another, and maps every
 * `results[].index` back to the caller's row. If the first call fails, its error is thrown as is
 * (nothing else happened). If a later call fails, the result reports the rows done so far, the
 * rows of the failed call as `unconfirmed` (ambiguous failure) or `not_sent`, the rest as
 * `not_sent`, and the error in `stoppedBy`.
 */
export async function runBulk<I, T, O extends object = object>(
  rows: readonly I[],
  sendBatch: (batch: I[], options: O & { batchSize?: number }) => Promise<BatchOutcome<T>>,
  options: O & { batchSize?: number } = {} as O,
): Promise<BulkResult<T>> {
  const outcomes: BulkRowOutcome<T>[] = [];
  const batches = splitIntoBatches(rows, options.batchSize ?? MAX_BULK_ROWS);
  let calls = 0;
  for (const [batchNumber, batch] of batches.entries()) {
    let answer: BatchOutcome<T>;
    calls += 1;
    try {
      answer = await sendBatch(batch.rows, options);
    } catch (error) {
      if (batchNumber === 0) throw error;
      const stoppedBy = error instanceof Error ? error : new Error(String(error));
      // Only the client's own error can say the batch was not applied; anything else may follow
      // the send, so its rows are looked for before they are sent again.
      const ambiguous = !(stoppedBy instanceof PartnerApiError) || stoppedBy.ambiguous;
      const thisBatch = ambiguous ? 'unconfirmed' : 'not_sent';
      for (const [position] of batch.rows.entries()) {
        outcomes.push({
          index: batch.offset + position,
          status: thisBatch,
          reason: stoppedBy.message,
        });
      }
      for (const later of batches.slice(batchNumber + 1)) {
        for (const [position] of later.rows.entries()) {
          outcomes.push({
            index: later.offset + position,
            status: 'not_sent',
            reason: 'an earlier batch failed',
          });
        }
      }
      return summarize(outcomes, calls, stoppedBy);
    }
    for (const [position] of batch.rows.entries()) {
      const outcome = answer.get(position);
      outcomes.push(
        outcome
          ? { ...outcome, index: batch.offset + position }
          : {
              index: batch.offset + position,
              status: 'unconfirmed',
              reason: 'the bulk answer has no result for this row',
            },
      );
    }
  }
  return summarize(outcomes, calls);
}

function summarize<T>(rows: BulkRowOutcome<T>[], calls: number, stoppedBy?: Error): BulkResult<T> {
  return {
    rows,
    failedCount: rows.filter((row) => row.status === 'failed').length,
    calls,
    ...(stoppedBy ? { stoppedBy } : {}),
  };
}

const bulkResultEntrySchema = z.looseObject({
  index: z.unknown(),
  status: z.string().optional(),
  id: z.string().optional(),
  message: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  _partnerWarnings: z.array(partnerWarningSchema).optional(),
});

/**
 * Reads a bulk answer (T8): `data.results[]` entries keyed by their `index` in the batch. Entries
 * without a valid index prove nothing and are ignored, which leaves their row `unconfirmed`.
 */
export function readBulkAnswer<S extends z.ZodType>(
  envelope: SuccessEnvelope,
  batchLength: number,
  recordKeys: readonly string[],
  recordSchema: S,
): BatchOutcome<z.output<S>> {
  const { data } = envelope;
  const results = isRecord(data) ? data.results : undefined;
  if (!Array.isArray(results)) throw new ResponseShapeError('the bulk answer has no results array');
  const byIndex: BatchOutcome<z.output<S>> = new Map();
  for (const raw of results) {
    const parsed = bulkResultEntrySchema.safeParse(raw);
    if (!parsed.success) continue;
    const entry = parsed.data;
    const index = entry.index;
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= batchLength
    ) {
      continue;
    }
    if (byIndex.has(index)) continue;
    if (entry.status === 'failed') {
      byIndex.set(index, {
        index,
        status: 'failed',
        message: entry.message ?? 'the row failed',
        errors: entry.errors ?? [],
      });
      continue;
    }
    const recordRaw = recordKeys
      .map((key) => (raw as Record<string, unknown>)[key])
      .find((value) => isRecord(value));
    const record = recordRaw === undefined ? undefined : recordSchema.safeParse(recordRaw);
    const id = entry.id ?? (record?.success ? idOf(record.data) : undefined);
    if (id === undefined && !record?.success) continue;
    byIndex.set(index, {
      index,
      status: 'succeeded',
      serverStatus: entry.status ?? 'succeeded',
      ...(id === undefined ? {} : { id }),
      ...(record?.success ? { record: record.data } : {}),
      warnings: entry._partnerWarnings ?? [],
    });
  }
  return byIndex;
}

function idOf(record: unknown): string | undefined {
  return isRecord(record) && typeof record.id === 'string' ? record.id : undefined;
}
