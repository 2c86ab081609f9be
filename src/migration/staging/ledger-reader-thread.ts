import { on } from 'node:events';
import { getHeapStatistics } from 'node:v8';
import type { ResourceLimits } from 'node:worker_threads';
import { startThread } from '../../code-form/code-form.js';
import { removeScratchOfThread } from '../../offheap/off-heap-map.js';
import { openExportFolder } from '../../sources/archive/export-folder.js';
import {
  readLedger,
  type LedgerItem,
  type ReadLedgerOptions,
} from '../../../mappings/read-ledger.js';

/** Items a message of the reader thread carries. */
export const ITEMS_PER_BATCH = 500;

/** Batches the reader thread posts before it waits for the reading thread to take one. */
export const BATCHES_AHEAD = 8;

/**
 * Export folders from this size are read in a thread of their own. Reading and mapping are two
 * thirds of what validation and staging take; on a second core they overlap with validating and
 * staging. Starting the thread has a fixed cost that small exports do not repay
 * (docs/benchmarks.md, "What changed the xlarge figures").
 */
const THREAD_FROM_BYTES = 4 * 1024 * 1024;

/**
 * Reader threads a process runs at once; other large exports are read in the thread that asks.
 * Each thread is a V8 heap of its own, so ten migrations staging together on one worker, each with
 * its own, would hold ten (docs/benchmarks.md, "Ten at once"). On two cores a second reader thread
 * would only compete with the first.
 */
const READER_THREADS_AT_MOST = 1;
let readerThreadsRunning = 0;

/** What the reader thread posts: a batch of items, then that it has read everything. */
export type FromReader = { items: LedgerItem[] } | { done: true };

/**
 * The ledger, as `readLedger` reads it: in a thread of its own when the folder's files are large
 * (`THREAD_FROM_BYTES`) and no other reader thread runs in this process, else in this one. The
 * items and their order are the same either way.
 */
export async function* readLedgerBeside(
  options: ReadLedgerOptions,
  threadFromBytes = THREAD_FROM_BYTES,
): AsyncGenerator<LedgerItem> {
  // Opened here, in the thread that outlives the read: a reader thread is stopped without running
  // its cleanup, so the files extracted from an archive are removed by this one.
  const source = await openExportFolder(options.folder);
  try {
    const opened = { files: source.files, problems: source.problems, readable: source.readable };
    const read = { ...options, opened };
    const bytes = opened.files.reduce((total, file) => total + file.bytes, 0);
    if (bytes < threadFromBytes || readerThreadsRunning >= READER_THREADS_AT_MOST) {
      yield* readLedger(read);
      return;
    }
    readerThreadsRunning += 1;
    try {
      yield* readLedgerInThread(read);
    } finally {
      readerThreadsRunning -= 1;
    }
  } finally {
    await source.close();
  }
}

/**
 * The exports did not fit the reader thread's heap. The thread shares the worker's heap cap
 * (src/worker/worker-command.ts); what a report layout holds until the end of the exports is kept
 * off the heap (docs/benchmarks.md, "Xero's report exports"), but the heads of its documents are
 * not, so a company far larger than those measured can need more. Raising the cap and starting the
 * run again is the fix; retrying under the same cap would fail the same way.
 */
export class ExportsTooLargeForHeap extends Error {
  constructor(folder: string, capMiB: number) {
    super(
      `Reading the exports in ${folder} ran out of memory: they need more than the worker's heap cap of ${capMiB} MiB. ` +
        `Have the operator start the worker with a larger cap (NODE_OPTIONS=--max-old-space-size=<MiB>, docs/deploy.md), then start the run again.`,
    );
    this.name = 'ExportsTooLargeForHeap';
  }
}

/** The heap cap a thread runs under: its own limit when given, else the process's. */
function heapCapMiB(limits: ResourceLimits | undefined): number {
  const own = limits?.maxOldGenerationSizeMb;
  return Math.round(own ?? getHeapStatistics().heap_size_limit / 2 ** 20);
}

/**
 * `readLedger` run in a worker thread (src/migration/staging/ledger-reader-thread-main.ts). The
 * thread reads at most `BATCHES_AHEAD` batches ahead; it is stopped when the caller stops reading,
 * and what it throws is thrown here. `resourceLimits` narrows its heap (tests).
 */
export async function* readLedgerInThread(
  options: ReadLedgerOptions,
  resourceLimits?: ResourceLimits,
): AsyncGenerator<LedgerItem> {
  const thread = startThread(new URL('./ledger-reader-thread-main', import.meta.url), {
    workerData: options,
    ...(resourceLimits ? { resourceLimits } : {}),
  });
  try {
    for await (const [message] of on(thread, 'message', { close: ['exit'] })) {
      const fromReader = message as FromReader;
      if ('done' in fromReader) return;
      thread.postMessage('taken');
      yield* fromReader.items;
    }
    throw new Error('the exports reader thread stopped before it had read every file');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ExportsTooLargeForHeap(options.folder, heapCapMiB(resourceLimits));
    throw error;
  } finally {
    const { threadId } = thread;
    await thread.terminate();
    // The thread keeps what a report holds until the end of the exports in a scratch file.
    removeScratchOfThread(threadId);
  }
}
