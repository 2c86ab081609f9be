import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { open, type RootDatabase } from 'lmdb';
import { isProcessAlive } from '../private-files/private-files.js';

export type OffHeapKey = Array<string | number>;

/**
 * A map the worker keeps off the JavaScript heap, so its memory does not grow with the size of the
 * company (docs/benchmarks.md): the latest outcome of every row, the stage's per-document facts.
 * It is process-local scratch: whatever it holds can be rebuilt from the run store, which stays
 * the truth. So the file lives in the temp directory, is written without fsync, and is deleted when
 * the process exits (or, after a kill, by the next process that opens one). It holds the outcomes
 * of the client's rows, so its folder is private and its name unguessable (see `sharedDatabase`).
 *
 * LMDB was chosen because its reads are synchronous memory-mapped lookups (the phase handlers ask
 * for ids in plain loops, and staging settles documents row by row), and the package ships its
 * binaries: nothing is built at install. Values are encoded with MessagePack, so money goes in as
 * decimal strings, never as bigint or float.
 */
export class OffHeapMap<V> {
  /**
   * Writes not yet committed, by key, committed `WRITES_PER_COMMIT` at a time: staging sets an
   * entry per document and per payment it settles, and the outcome index one per unit's outcomes;
   * a transaction each dominated a dry run's CPU profile (bench/dry-run-profile.ts). Reads see them
   * first.
   */
  private pending = new PendingWrites<V>();

  /**
   * Commits what is pending once writes pause: a run that waits (paused, or for the API budget)
   * would otherwise keep up to `WRITES_PER_COMMIT` entries on the heap per map until its next write
   * (docs/benchmarks.md, "Memory while waiting"). At most one extra transaction a second.
   */
  private commitSoon: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: RootDatabase<V, OffHeapKey>,
    /** The map's key space in the shared file: a new one once it is cleared. */
    private readonly place: { space: number },
  ) {}

  /** A new, empty map in this process's scratch file. */
  static create<V>(): OffHeapMap<V> {
    const place = { space: newSpace() };
    const map = new OffHeapMap<V>(sharedDatabase() as RootDatabase<V, OffHeapKey>, place);
    freedWhenCollected.register(map, place);
    return map;
  }

  private get space(): number {
    return this.place.space;
  }

  get(key: OffHeapKey): V | undefined {
    const pending = this.pending.get(key);
    if (pending) return pending[1];
    return this.db.get([this.space, ...key]);
  }

  /** Sets an entry; it is committed with the next `WRITES_PER_COMMIT` (reads see it at once). */
  set(key: OffHeapKey, value: V): void {
    this.pending.set(key, value);
    if (this.pending.size >= WRITES_PER_COMMIT) this.commit();
    else if (!this.commitSoon) {
      this.commitSoon = setTimeout(() => this.commit(), PENDING_AT_MOST_MS);
      this.commitSoon.unref();
    }
  }

  /** Sets several entries, as `set` does each; a later entry for the same key wins. */
  setMany(entries: Iterable<readonly [OffHeapKey, V]>): void {
    for (const [key, value] of entries) this.set(key, value);
  }

  /** Commits the pending writes, in one transaction. */
  private commit(): void {
    clearTimeout(this.commitSoon);
    this.commitSoon = undefined;
    if (this.pending.size === 0) return;
    const writes = this.pending;
    this.pending = new PendingWrites();
    this.db.transactionSync(() => {
      for (const [key, value] of writes.entries) void this.db.put([this.space, ...key], value);
    });
  }

  /** Entries in key order: all of them, or those whose key starts with `prefix`. */
  *entries(prefix: OffHeapKey = []): Generator<[OffHeapKey, V]> {
    this.commit();
    const range = { start: [this.space, ...prefix], end: [this.space + 1] };
    for (const { key, value } of this.db.getRange(range)) {
      const own = key.slice(1);
      if (prefix.some((part, index) => own[index] !== part)) return;
      yield [own, value];
    }
  }

  *values(prefix: OffHeapKey = []): Generator<V> {
    for (const [, value] of this.entries(prefix)) yield value;
  }

  /**
   * Empties the map at once: it moves to a new key space, and the old one's entries are freed in
   * the background (LMDB reuses their pages), as a collected map's are. Removing them here, key by
   * key, was 2.3% of validate's main thread at a million records; a process that exits first
   * (the CLI) leaves the rest to its scratch file's removal.
   */
  clear(): void {
    clearTimeout(this.commitSoon);
    this.commitSoon = undefined;
    this.pending = new PendingWrites();
    freeInBackground(this.space);
    this.place.space = newSpace();
  }
}

/**
 * A list kept off the heap, in the order items were pushed: what a reader holds until the end of
 * the exports (the documents and records an activity report rebuilds) without its memory growing
 * with the company. Items come back as copies (MessagePack): change an item before pushing it.
 */
export class OffHeapList<V> {
  private readonly items = OffHeapMap.create<V>();
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Adds an item at the end; answers its place. */
  push(item: V): number {
    this.items.set([this.count], item);
    this.count += 1;
    return this.count - 1;
  }

  /** A copy of the item at `place`. */
  at(place: number): V | undefined {
    return this.items.get([place]);
  }

  *[Symbol.iterator](): Generator<V> {
    yield* this.items.values();
  }
}

/** Removes up to 10,000 entries of a map's space in one transaction; false once none are left. */
function removeSome(db: RootDatabase<unknown, OffHeapKey>, space: number): boolean {
  const keys = [...db.getKeys({ start: [space], end: [space + 1], limit: 10_000 })];
  if (keys.length === 0) return false;
  db.transactionSync(() => {
    for (const key of keys) void db.remove(key);
  });
  return true;
}

/** Key spaces whose entries are still to be freed, oldest first. */
const spacesToFree: number[] = [];
let freeing: NodeJS.Timeout | undefined;

/**
 * How often a transaction of freeing runs. Freeing waits its turn behind the work that follows a
 * clear: validate's main thread settles the documents and verifies right after it clears its
 * summaries, and freeing them a transaction per turn of the event loop would hold that work back.
 * At one transaction a second it takes a few percent of a core.
 */
const FREE_EVERY_MS = 1000;

/** Frees a key space's entries in the background, without keeping the process alive for it. */
function freeInBackground(space: number): void {
  spacesToFree.push(space);
  freeing ??= setTimeout(freeSome, FREE_EVERY_MS).unref();
}

function freeSome(): void {
  freeing = undefined;
  const space = spacesToFree[0];
  if (space === undefined || !database) return;
  if (!removeSome(database, space)) spacesToFree.shift();
  if (spacesToFree.length > 0) freeing = setTimeout(freeSome, FREE_EVERY_MS).unref();
}

/**
 * Frees the entries of maps nobody holds any more: an outcome index goes when the worker lets an
 * idle run's store go (src/run-store/open-run-store.ts), and its entries (about 500 bytes a row)
 * would otherwise stay in the scratch file for the life of the process.
 */
const freedWhenCollected = new FinalizationRegistry<{ space: number }>((place) =>
  freeInBackground(place.space),
);

function newSpace(): number {
  spaces += 1;
  return spaces;
}

/** Pending writes committed together: bounded, so the heap holds a few of them at most. */
const WRITES_PER_COMMIT = 1000;

/** How long a write waits, at most, for the others of its transaction. */
const PENDING_AT_MOST_MS = 1000;

/** A node of `PendingWrites`: the write of the key that ends here, and the keys that go on. */
interface PendingNode<V> {
  write?: [OffHeapKey, V];
  next?: Map<string | number, PendingNode<V>>;
}

/**
 * The writes not yet committed, found part by part of their key (a map per part; parts keep their
 * types, so 1 and "1" differ). Reads look here before the file, for every entry: keys made into
 * text to look them up (`JSON.stringify`) took 3.4% of the large company's dry run.
 */
class PendingWrites<V> {
  private readonly root: PendingNode<V> = {};
  /** One per key, the last value written: what a commit puts. */
  readonly entries: Array<[OffHeapKey, V]> = [];

  get size(): number {
    return this.entries.length;
  }

  get(key: OffHeapKey): readonly [OffHeapKey, V] | undefined {
    let node: PendingNode<V> | undefined = this.root;
    for (const part of key) {
      node = node.next?.get(part);
      if (!node) return undefined;
    }
    return node.write;
  }

  set(key: OffHeapKey, value: V): void {
    let node = this.root;
    for (const part of key) {
      node.next ??= new Map();
      let child = node.next.get(part);
      if (!child) {
        child = {};
        node.next.set(part, child);
      }
      node = child;
    }
    if (node.write) node.write[1] = value;
    else {
      node.write = [key, value];
      this.entries.push(node.write);
    }
  }
}

let database: RootDatabase<unknown, OffHeapKey> | undefined;
let spaces = 0;

const SCRATCH_PREFIX = 'ledgerlift-off-heap-';

/**
 * One scratch file per process (per thread under test runners), opened on first use, in a folder
 * of its own made by mkdtemp: mode 0700 and a random suffix, so no other local user can read it or
 * take its name first (a shared, predictable folder let them do both).
 */
function sharedDatabase(): RootDatabase<unknown, OffHeapKey> {
  if (database) return database;
  removeScratchOfDeadProcesses();
  const dir = mkdtempSync(path.join(os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-${threadId}-`));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  database = open<unknown, OffHeapKey>({
    path: path.join(dir, 'scratch.mdb'),
    // Scratch rebuilt from the run store: durability is the run store's job, not this file's.
    noSync: true,
    overlappingSync: false,
    // The shapes of the values (MessagePack records) are kept once in the file, not written into
    // every value and read back from it: validate at a million records took 10% less time
    // (docs/benchmarks.md, "What changed the xlarge figures").
    sharedStructuresKey: Symbol.for('ledgerlift.structures'),
  });
  return database;
}

/**
 * Removes the scratch file of a worker thread of this process that has ended. A thread stopped
 * with `terminate()` runs no exit handler, so the thread that started it removes its file.
 */
export function removeScratchOfThread(endedThreadId: number): void {
  const prefix = `${SCRATCH_PREFIX}${process.pid}-${endedThreadId}-`;
  const root = os.tmpdir();
  for (const name of readdirSync(root))
    if (name.startsWith(prefix)) rmSync(path.join(root, name), { recursive: true, force: true });
}

/**
 * Folders are named `ledgerlift-off-heap-<pid>-<thread>-<random>`; a process killed with SIGKILL
 * leaves its folder. Only this user's own folders are removed, never a link or anyone else's.
 */
function removeScratchOfDeadProcesses(): void {
  const root = os.tmpdir();
  for (const name of readdirSync(root)) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const pid = Number(name.slice(SCRATCH_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isProcessAlive(pid)) continue;
    const folder = path.join(root, name);
    try {
      const stats = lstatSync(folder);
      if (stats.isDirectory() && (process.getuid === undefined || stats.uid === process.getuid())) {
        rmSync(folder, { recursive: true, force: true });
      }
    } catch {
      // Removed meanwhile by another process cleaning up too.
    }
  }
}
