import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { projectRoot } from '../../src/config/project-paths.js';

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

/** Samples a process's anonymous RSS every second: the shape of memory over a run. */
export class RssSampler {
  private readonly samples: number[] = [];
  private readonly timer: NodeJS.Timeout;
  private max = 0;
  private maxWhere: string | undefined;
  /** The label being asked for, if any: it must settle before the connection it uses closes. */
  private asking: Promise<void> = Promise.resolve();

  /** `where` names what the process was doing, asked when a sample sets a new maximum. */
  constructor(
    pid: number | undefined,
    { everyMs = 1000, where }: { everyMs?: number; where?: () => Promise<string> } = {},
  ) {
    this.timer = setInterval(() => {
      const mib = anonymousRssMiB(pid);
      if (mib === undefined) return;
      this.samples.push(mib);
      if (mib <= this.max) return;
      this.max = mib;
      if (where === undefined) return;
      this.asking = this.asking.then(() =>
        where().then(
          (label) => {
            if (this.max === mib) this.maxWhere = label;
          },
          () => undefined,
        ),
      );
    }, everyMs);
  }

  /** The largest sample so far, in MiB. */
  get maxMiB(): number {
    return Math.round(this.max);
  }

  /**
   * Stops sampling and waits for the label asked last. A Temporal query still retrying when its
   * connection closes throws from a timer and kills the process (the large benchmark lost a 52-min
   * run to it), so callers await this before they stop the stack.
   */
  async settle(): Promise<void> {
    clearInterval(this.timer);
    await this.asking;
  }

  /** Stops sampling and describes the samples: min, median and max in MiB. */
  stop(): string {
    clearInterval(this.timer);
    const sorted = [...this.samples].sort((a, b) => a - b);
    if (sorted.length === 0) return 'no samples';
    const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
    const where = this.maxWhere ? `, max during ${this.maxWhere}` : '';
    return `min ${at(0)}, median ${at(0.5)}, max ${at(1)} MiB (${sorted.length} samples${where})`;
  }
}

/**
 * Runs `node <args>` from the project's root to its exit, sampling its anonymous RSS every
 * `everyMs` from outside (the process may not yield to a timer of its own); answers its exit code,
 * its output (stdout and stderr), the peak and the wall time.
 */
export async function runSampled(
  args: string[],
  everyMs: number,
): Promise<{ code: number | null; output: string; peakAnonymousMiB: number; seconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let peakAnonymousMiB = 0;
  const sampler = setInterval(() => {
    peakAnonymousMiB = Math.max(peakAnonymousMiB, anonymousRssMiB(child.pid) ?? 0);
  }, everyMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  return { code, output, peakAnonymousMiB, seconds: (performance.now() - started) / 1000 };
}
