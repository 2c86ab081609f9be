import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  makePrivateFolder,
  OWNER_ONLY_FILE,
  OWNER_ONLY_FOLDER,
} from '../private-files/private-files.js';
import { assertValidKey, type AppendedSpan, type RunStore } from './run-store.js';

/** Documents `putDocuments` writes at the same time. */
const DOCUMENTS_AT_ONCE = 32;

/** Bytes of a log read at once: about ten thousand outcomes. */
const LOG_PAGE_BYTES = 4 * 1024 * 1024;

/** Bytes read at a time from a log's end, looking for its last complete line. */
const TAIL_BLOCK_BYTES = 64 * 1024;

/**
 * The embedded run store: documents are JSON files written with write-to-temp + fsync + rename, so
 * a crash leaves either the old or the new value; logs are JSONL files appended with one write and
 * an fsync, so a crash can only leave a torn last line, which readers ignore and writers repair.
 * Folders are created 0700 and files 0600 (src/private-files/private-files.ts); the store's own
 * folder, if an older version left it open, is closed at the first write.
 *
 * A throwaway store (`{ syncs: false }`: validate's prediction, removed when it ends) skips the
 * syncs: nothing in it must survive a crash, and staging a million records synced a thousand
 * chunks and hundreds of log appends on validate's one busy thread.
 */
export class FileRunStore implements RunStore {
  readonly location: string;
  private readonly repairedLogs = new Set<string>();
  /** Folders this store made or found: each write asked for its folder again (a `mkdir` a unit). */
  private readonly foldersMade = new Set<string>();
  private privateRoot: Promise<void> | undefined;
  private readonly syncs: boolean;

  constructor(
    private readonly root: string,
    options: { syncs?: boolean } = {},
  ) {
    this.location = root;
    this.syncs = options.syncs ?? true;
  }

  private documentPath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, 'documents', `${key}.json`);
  }

  private logPath(log: string): string {
    assertValidKey(log);
    return path.join(this.root, 'logs', `${log}.jsonl`);
  }

  /** Makes the folder of a file about to be written, the store's own folder private first. */
  private async makeFolderOf(file: string): Promise<void> {
    await (this.privateRoot ??= makePrivateFolder(this.root));
    const folder = path.dirname(file);
    if (this.foldersMade.has(folder)) return;
    await mkdir(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
    this.foldersMade.add(folder);
  }

  /**
   * Opens a file to write in a folder made before. If the folder has gone since (removed by hand
   * while the worker ran), it is made again, once.
   */
  private async openToWrite(file: string, flags: string): Promise<FileHandle> {
    await this.makeFolderOf(file);
    try {
      return await open(file, flags, OWNER_ONLY_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.foldersMade.delete(path.dirname(file));
      await this.makeFolderOf(file);
      return open(file, flags, OWNER_ONLY_FILE);
    }
  }

  async putDocument(key: string, value: unknown): Promise<void> {
    const file = this.documentPath(key);
    const temporary = `${file}.${randomUUID()}.tmp`;
    const handle = await this.openToWrite(temporary, 'wx');
    try {
      await handle.writeFile(JSON.stringify(value));
      if (this.syncs) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }

  /**
   * Writes a few documents at a time: the file system commits syncs that overlap together, so a
   * page of a plan's units (src/migration/planning/plan-sink.ts) costs a fraction of one sync each.
   * Each stays atomic; the set never was, nor its order (src/run-store/run-store.ts).
   */
  async putDocuments(entries: ReadonlyArray<readonly [string, unknown]>): Promise<void> {
    for (let start = 0; start < entries.length; start += DOCUMENTS_AT_ONCE) {
      await Promise.all(
        entries
          .slice(start, start + DOCUMENTS_AT_ONCE)
          .map(([key, value]) => this.putDocument(key, value)),
      );
    }
  }

  async getDocument<T>(key: string): Promise<T | undefined> {
    try {
      return JSON.parse(await readFile(this.documentPath(key), 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async listDocuments(prefix: string): Promise<string[]> {
    assertValidKey(prefix);
    const dir = path.join(this.root, 'documents', prefix);
    let names: string[];
    try {
      names = await readdir(dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => `${base}${name.slice(0, -'.json'.length).split(path.sep).join('/')}`)
      .sort();
  }

  async appendLog(log: string, entries: readonly unknown[]): Promise<AppendedSpan | undefined> {
    if (entries.length === 0) return undefined;
    const file = this.logPath(log);
    // A log whose folder is missing has no tail to repair; opening it makes the folder.
    await this.repairTornTail(file);
    const bytes = Buffer.from(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    const handle = await this.openToWrite(file, 'a');
    try {
      const before = (await handle.stat()).size;
      await handle.write(bytes);
      const after = (await handle.stat()).size;
      if (this.syncs) await handle.datasync();
      // The file grew by exactly these bytes only if no other process appended in between.
      return after - before === bytes.length ? { from: before, to: after } : undefined;
    } finally {
      await handle.close();
    }
  }

  /** A crash mid-append can leave a line without its newline; cut it before appending after it. */
  private async repairTornTail(file: string): Promise<void> {
    if (this.repairedLogs.has(file)) return;
    this.repairedLogs.add(file);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      return;
    }
    if (size === 0) return;
    const handle = await open(file, 'r+');
    try {
      // Read from the end, a block at a time: a large run's outcome log is hundreds of megabytes,
      // and reading it whole took that much memory each time a process first appended to it.
      let keep = 0;
      for (let end = size; end > 0;) {
        const start = Math.max(0, end - TAIL_BLOCK_BYTES);
        const block = Buffer.alloc(end - start);
        await handle.read(block, 0, block.length, start);
        const newline = block.lastIndexOf(0x0a);
        if (newline >= 0) {
          keep = start + newline + 1;
          break;
        }
        end = start;
      }
      if (keep === size) return;
      await handle.truncate(keep);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  async readLog(log: string, fromOffset = 0): Promise<{ entries: unknown[]; nextOffset: number }> {
    let handle;
    try {
      handle = await open(this.logPath(log), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], nextOffset: 0 };
      throw error;
    }
    try {
      const { size } = await handle.stat();
      if (size <= fromOffset) return { entries: [], nextOffset: fromOffset };
      // A page is whole lines within LOG_PAGE_BYTES, or one longer line read whole.
      let buffer = Buffer.alloc(0);
      let complete = 0;
      for (let length = Math.min(size - fromOffset, LOG_PAGE_BYTES); ;) {
        buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, fromOffset);
        // Only complete lines count: a torn tail is an append that never finished.
        complete = buffer.lastIndexOf(0x0a) + 1;
        if (complete > 0 || fromOffset + length >= size) break;
        length = Math.min(size - fromOffset, length * 2);
      }
      const text = buffer.subarray(0, complete).toString('utf8');
      const entries =
        text.length === 0
          ? []
          : text
              .slice(0, -1)
              .split('\n')
              .map((line) => JSON.parse(line) as unknown);
      return { entries, nextOffset: fromOffset + complete };
    } finally {
      await handle.close();
    }
  }

  async close(): Promise<void> {
    // Nothing is held open between calls.
  }
}
