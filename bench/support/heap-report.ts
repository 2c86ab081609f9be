import { setTimeout as delay } from 'node:timers/promises';
import type { Child } from './child.js';

/** The worker's memory after a full collection of its main heap, in bytes. */
export interface HeapReport {
  /** The main thread's V8 heap in use (activities, the run store's caches, Temporal's client). */
  heap: number;
  /** The process's anonymous RSS: the workflow thread's heap and native memory too. */
  anonymousRss: number;
}

/**
 * Asks a worker started on bench/support/heap-reporting-worker.ts for its live heap: sends SIGWINCH
 * and waits for the next `heap-report` line of its output.
 */
export async function heapReport(worker: Child, timeoutMs = 30_000): Promise<HeapReport> {
  const before = worker.output().length;
  worker.process.kill('SIGWINCH');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /heap-report (\d+) (\d+)/.exec(worker.output().slice(before));
    if (match) return { heap: Number(match[1]), anonymousRss: Number(match[2]) };
    await delay(50);
  }
  throw new Error(`the worker did not report its heap within ${timeoutMs} ms`);
}
