import { readFileSync } from 'node:fs';

/**
 * A process's anonymous resident memory in MiB (heap and native allocations, without mapped files
 * the kernel can drop), or undefined once the process has exited.
 */
export function anonymousRssMiB(pid: number | 'self' | undefined): number | undefined {
  try {
    const kib = Number(
      /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1],
    );
    return Number.isFinite(kib) ? kib / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's anonymous RSS every few seconds: the shape of memory over a run. */
export class RssSampler {
  private readonly samples: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(pid: number | undefined, everyMs = 5000) {
    this.timer = setInterval(() => {
      const mib = anonymousRssMiB(pid);
      if (mib !== undefined) this.samples.push(mib);
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
