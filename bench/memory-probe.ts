import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full collection before some samples measures the live heap, not garbage awaiting collection.
setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Samples memory while work runs, keeping the peaks: RSS, heap in use, and live heap after GC. */
export class MemoryProbe {
  peakRss = 0;
  peakHeap = 0;
  peakLiveHeap = 0;
  private readonly baseline: number;

  constructor() {
    collectGarbage();
    this.baseline = process.memoryUsage().heapUsed;
  }

  sample(): void {
    const usage = process.memoryUsage();
    if (usage.rss > this.peakRss) this.peakRss = usage.rss;
    if (usage.heapUsed > this.peakHeap) this.peakHeap = usage.heapUsed;
  }

  /** Samples after a full garbage collection (slow: call it every hundred thousand rows or so). */
  sampleLive(): void {
    this.sample();
    collectGarbage();
    const live = process.memoryUsage().heapUsed;
    if (live > this.peakLiveHeap) this.peakLiveHeap = live;
  }

  /** Growth of the live heap over the heap in use when the probe was made. */
  get liveHeapGrowth(): number {
    return this.peakLiveHeap - this.baseline;
  }
}

export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
