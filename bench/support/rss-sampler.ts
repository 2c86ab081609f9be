import { readFileSync } from 'node:fs';

/**
 * Samples a process's anonymous resident memory (heap and native allocations, without mapped files
 * the kernel can drop) every few seconds, for the shape of memory over a run, not just its peak.
 */
export class RssSampler {
  private readonly samples: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(pid: number | undefined, everyMs = 5000) {
    this.timer = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kib = Number(/RssAnon:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
        if (Number.isFinite(kib)) this.samples.push(kib / 1024);
      } catch {
        // The process has exited: nothing more to sample.
      }
    }, everyMs);
  }

  /** Stops sampling and describes the samples: min, median and max in MiB. */
  stop(): string {
    clearInterval(this.timer);
    const sorted = [...this.samples].sort((a, b) => a - b);
    if (sorted.length === 0) return 'no samples';
    const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
    return `min ${at(0)}, median ${at(0.5)}, max ${at(1)} MiB (${sorted.length} samples)`;
  }
}
