/**
 * The worker's V8 heap cap, in MiB. Without it V8 sizes the heap from the machine's memory (over
 * 4 GiB here) and lets the garbage of passes over the whole company pile up before it collects:
 * the large company's worker reached 729 MiB of anonymous memory while its live heap stayed near
 * 120 MiB. Under this cap the worker collects earlier and its peak stops growing with the company
 * (docs/benchmarks.md, "Memory"). Raise it with NODE_OPTIONS for a company whose staging needs more.
 */
export const WORKER_HEAP_MB = 256;

/** Node flags every shipped way of starting the worker passes (package.json, Dockerfile). */
export const workerNodeFlags: readonly string[] = [`--max-old-space-size=${WORKER_HEAP_MB}`];
