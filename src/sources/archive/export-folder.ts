import { createReadStream } from 'node:fs';
import { lstat, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { isProcessAlive } from '../../private-files/private-files.js';
import { extractArchive, type ListedFile } from './extract-archive.js';

export type { ListedFile } from './extract-archive.js';

/**
 * The files of an export source, ready to read: plain data, so a reader thread can be given it by
 * the thread that opened it (and that alone removes its scratch folder).
 */
export interface OpenedSource {
  /** Every file to read, in name order. */
  files: ListedFile[];
  /** What opening the source found: a missing folder, an archive not read, a name twice. */
  problems: Problem[];
  /**
   * False when the source itself is missing, is neither a folder nor a ZIP, or is a ZIP refused
   * whole: nothing to read, and no table to call missing.
   */
  readable: boolean;
}

/** An opened source, and the scratch folder its archives were extracted to. */
export interface ExportFolder extends OpenedSource {
  /** Removes the files extracted from archives (their folder is private to this read). */
  close(): Promise<void>;
}

const SCRATCH_PREFIX = 'ledgerlift-archive-';
const ZIP_SIGNATURE = Buffer.from('PK\u0003\u0004', 'latin1');
const EMPTY_ZIP_SIGNATURE = Buffer.from('PK\u0005\u0006', 'latin1');

function isZipName(name: string): boolean {
  return extname(name).toLowerCase() === '.zip';
}

/** A workbook is a ZIP too, but never an archive of exports: its parts are not export files. */
const WORKBOOK = new Set(['.xlsx', '.xlsm']);

async function startsLikeZip(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return false;
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && (head.equals(ZIP_SIGNATURE) || head.equals(EMPTY_ZIP_SIGNATURE));
  } finally {
    await file.close();
  }
}

async function sameBytes(left: string, right: string): Promise<boolean> {
  const [a, b] = await Promise.all([stat(left), stat(right)]);
  if (a.size !== b.size) return false;
  const other = createReadStream(right)[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(left)) {
    let mine: Buffer = chunk as Buffer;
    while (mine.length > 0) {
      if (pending.length === 0) {
        const next = await other.next();
        if (next.done) return false;
        pending = next.value as Buffer;
      }
      const length = Math.min(mine.length, pending.length);
      if (!mine.subarray(0, length).equals(pending.subarray(0, length))) return false;
      mine = mine.subarray(length);
      pending = pending.subarray(length);
    }
  }
  return true;
}

/**
 * Scratch folders of processes that have gone (killed before they could remove theirs): only this
 * user's own folders, never a link.
 */
async function removeScratchOfDeadProcesses(): Promise<void> {
  const root = tmpdir();
  for (const name of await readdir(root).catch(() => [])) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const pid = Number(name.slice(SCRATCH_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isProcessAlive(pid)) continue;
    const folder = join(root, name);
    const stats = await lstat(folder).catch(() => undefined);
    if (stats?.isDirectory() && (process.getuid === undefined || stats.uid === process.getuid()))
      await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Opens what `--source` (or a workflow's `source.folder`) names as the files to read: a folder of
 * exports, a ZIP of them (QuickBooks Online's "Export data"), or a folder holding such a ZIP beside
 * other files. This is the one place archives are known: each is extracted, bounded, into a
 * private folder (mode 0700, made by mkdtemp, removed by `close`), and every reader downstream
 * reads plain files by path as it always has, naming each as "<archive>: <entry>". Never throws
 * for bad input: a missing source, an archive refused or a file twice is a located problem.
 */
/** True when the file `source` is read as a ZIP of exports: named .zip, or a ZIP not a workbook. */
export async function isExportArchive(source: string): Promise<boolean> {
  const workbook = WORKBOOK.has(extname(source).toLowerCase());
  return isZipName(source) || (!workbook && (await startsLikeZip(source)));
}

export async function openExportFolder(source: string): Promise<ExportFolder> {
  let scratch: string | undefined;
  const close = async () => {
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    scratch = undefined;
  };
  const scratchFor = async (index: number) => {
    if (scratch === undefined) {
      await removeScratchOfDeadProcesses();
      scratch = await mkdtemp(join(tmpdir(), `${SCRATCH_PREFIX}${process.pid}-${threadId}-`));
    }
    return join(scratch, String(index));
  };
  const problems: Problem[] = [];
  try {
    const kind = await stat(source).catch((error: NodeJS.ErrnoException) => error);
    if (kind instanceof Error) {
      const why = kind.code === 'ENOENT' ? 'does not exist' : 'cannot be read';
      problems.push(
        problemOf('file.not-found', `The export folder ${source} ${why}; check --source.`, {
          location: { file: source, row: 1 },
        }),
      );
      return { files: [], problems, readable: false, close };
    }
    if (!kind.isDirectory()) {
      if (await isExportArchive(source)) {
        const extracted = await extractArchive(source, basename(source), await scratchFor(0));
        // A refused archive is the whole source refused: no table of it is then "missing".
        const files = byName(extracted.files);
        return { files, problems: extracted.problems, readable: !extracted.refused, close };
      }
      problems.push(
        problemOf(
          'file.not-found',
          `The export folder ${source} is a file, not a folder of exports or a ZIP of them; give the folder that holds it as --source.`,
          { location: { file: source, row: 1 } },
        ),
      );
      return { files: [], problems, readable: false, close };
    }
    const entries = await readdir(source, { withFileTypes: true }).catch(() => undefined);
    if (!entries) {
      problems.push(
        problemOf('file.not-found', `The export folder ${source} cannot be read; check --source.`, {
          location: { file: source, row: 1 },
        }),
      );
      return { files: [], problems, readable: false, close };
    }
    const own: ListedFile[] = [];
    const archives: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      if (isZipName(entry.name)) {
        archives.push(entry.name);
        continue;
      }
      const path = join(source, entry.name);
      own.push({ name: entry.name, path, shown: entry.name, bytes: (await stat(path)).size });
    }
    const files = [...own];
    const taken = new Map(own.map((file) => [file.name, file]));
    archives.sort();
    for (const [index, archive] of archives.entries()) {
      const extracted = await extractArchive(
        join(source, archive),
        archive,
        await scratchFor(index),
      );
      problems.push(...extracted.problems);
      for (const file of extracted.files) {
        const first = taken.get(file.name);
        if (!first) {
          taken.set(file.name, file);
          files.push(file);
        } else problems.push(await twice(first, file));
      }
    }
    return { files: byName(files), problems, readable: true, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A file the folder holds twice under one name, on its own and inside an archive (an export both
 * saved and extracted): read once when both are the same bytes, else an error naming both, since
 * either could be the one meant. The first (the folder's own, or the first archive's) is read.
 */
async function twice(first: ListedFile, second: ListedFile): Promise<Problem> {
  const location = { file: second.shown, row: 1 };
  if (await sameBytes(first.path, second.path))
    return problemOf(
      'archive.duplicate-file',
      `${second.shown} is the same file as ${first.shown}: it is read once.`,
      { location },
    );
  return problemOf(
    'archive.name-clash',
    `${second.shown} and ${first.shown} have the same name but not the same content, so which to read is unclear; ${first.shown} is read. Remove the one not to migrate from the export folder.`,
    { location },
  );
}

function byName(files: ListedFile[]): ListedFile[] {
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
