import { promises as fs, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { SandboxStore, StoreSnapshot } from './store.js';

/**
 * Writes the store to one JSON file, atomically (temp file + rename, so a crash leaves the old or
 * the new file, never half of one). Writes are coalesced: the first write after a flush schedules
 * the next flush, and the delay grows with the cost of the last flush so a 200,000-record load
 * spends its time serving requests, not serialising.
 */
export class Persistence {
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dirty = false;
  private lastFlushMs = 0;

  constructor(
    private readonly file: string,
    private readonly store: SandboxStore,
    private readonly minDelayMs = 250,
  ) {}

  /** Loads the file if it exists; returns whether state was restored. */
  load(): boolean {
    if (!existsSync(this.file)) return false;
    const text = readFileSync(this.file, 'utf8');
    this.store.restore(decodeSnapshot(text));
    return true;
  }

  markDirty(): void {
    this.dirty = true;
    if (this.timer || this.flushing) return;
    const delay = Math.max(this.minDelayMs, this.lastFlushMs * 5);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  /** Writes now if anything changed; waits for a flush already under way. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.flushing) await this.flushing;
    if (!this.dirty) return;
    this.dirty = false;
    this.flushing = this.write().finally(() => {
      this.flushing = null;
      if (this.dirty) this.markDirty();
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    const started = performance.now();
    const text = encodeSnapshot(this.store.snapshot());
    await fs.mkdir(path.dirname(path.resolve(this.file)), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await fs.writeFile(temp, text, 'utf8');
    await fs.rename(temp, this.file);
    this.lastFlushMs = performance.now() - started;
  }
}

/** bigint is not JSON: cents travel as `{"$cents":"1250"}`. */
function encodeSnapshot(snapshot: StoreSnapshot): string {
  return JSON.stringify(snapshot, (_key, value: unknown) =>
    typeof value === 'bigint' ? { $cents: value.toString() } : value,
  );
}

function decodeSnapshot(text: string): StoreSnapshot {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && '$cents' in value) {
      return BigInt((value as { $cents: string }).$cents);
    }
    return value;
  }) as StoreSnapshot;
}
