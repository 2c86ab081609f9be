import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../../private-files/private-files.js';
import { XlsxLimitError, sizeText } from '../xlsx/xlsx-limits.js';
import { ZipArchive, type ZipEntryInfo } from '../xlsx/zip-archive.js';

/**
 * What reading one export archive (a ZIP given as the source, or saved into the export folder) may
 * cost. An archive comes from a client: its entry count, sizes and names are claims, checked from
 * its directory before anything is inflated and again while each entry inflates
 * (docs/reliability.md, "Hostile input").
 */
const ARCHIVE_LIMITS = {
  /** Entries in the directory, folders included: QuickBooks Online's "Export data" holds about 20. */
  entries: 1000,
  /** Bytes of the directory itself (1,000 entries of long names fit in far less). */
  directoryBytes: 16 * 1024 * 1024,
  /** Inflated bytes of one entry: a CSV of a million ledger rows is about 70 MiB. */
  entryBytes: 512 * 1024 * 1024,
  /** Inflated bytes of all the entries of one archive, written to a private scratch folder. */
  totalBytes: 1024 * 1024 * 1024,
  /**
   * The most an entry may inflate per compressed byte, once it inflates past `ratioFrom`: exports
   * compress about 5 to 1 (CSV) or not at all (a workbook is itself a ZIP), a ZIP bomb thousands
   * to 1.
   */
  ratio: 200,
  ratioFrom: 1024 * 1024,
} as const;

/** One file to read: its name as tables are matched by it, where it lies, and how it is shown. */
export interface ListedFile {
  /** The file's own name ("Journal.xlsx"), what tables and the override file name. */
  name: string;
  path: string;
  /** The name problems give it: "QuickBooks Online export.zip: Journal.xlsx" for an entry. */
  shown: string;
  bytes: number;
}

/** Why an archive is not read at all: the whole archive or nothing, never part of a doubtful one. */
class Refused extends Error {
  constructor(
    readonly code:
      'archive.unreadable' | 'archive.too-large' | 'archive.unsafe-entry' | 'archive.name-clash',
    message: string,
    /** The entry at fault, when one is: problems are located at "<archive>: <entry>". */
    readonly entry?: string,
  ) {
    super(message);
  }
}

/** Files archivers add beside the exports: macOS's resource forks and Finder files. */
function isArchiverNoise(parts: readonly string[]): boolean {
  return parts.includes('__MACOSX') || (parts.at(-1) ?? '').startsWith('.');
}

/**
 * The entry's path, split into its folders and name, once it is known to stay inside the archive:
 * no absolute path, no drive, no `..`, no NUL, no symbolic link (the file is written under its own
 * name alone, so none could lead out anyway; an archive that tries is refused all the same).
 */
function safeParts(entry: ZipEntryInfo): string[] {
  const name = entry.name;
  const parts = name.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
  const unsafe = /^[\\/]/.test(name)
    ? 'an absolute path'
    : /^[A-Za-z]:/.test(name)
      ? 'a drive letter'
      : parts.includes('..')
        ? 'a ".." that climbs out of it'
        : name.includes('\0')
          ? 'a NUL character'
          : entry.symlink
            ? 'a symbolic link'
            : undefined;
  if (unsafe)
    throw new Refused(
      'archive.unsafe-entry',
      `its entry "${name.slice(0, 120)}" is ${unsafe === 'a symbolic link' ? unsafe : `named with ${unsafe}`}, so it could lead outside the archive`,
      name.slice(0, 120),
    );
  return parts;
}

function checkSizes(entries: readonly ZipEntryInfo[]): void {
  let total = 0;
  for (const entry of entries) {
    const size = entry.uncompressedSize;
    if (size > ARCHIVE_LIMITS.entryBytes)
      throw new Refused(
        'archive.too-large',
        `its entry "${entry.name}" inflates to ${sizeText(size)}, more than the ${sizeText(ARCHIVE_LIMITS.entryBytes)} one export file may`,
        entry.name,
      );
    if (size > ARCHIVE_LIMITS.ratioFrom && size > entry.compressedSize * ARCHIVE_LIMITS.ratio)
      throw new Refused(
        'archive.too-large',
        `its entry "${entry.name}" inflates ${Math.round(size / Math.max(entry.compressedSize, 1)).toLocaleString('en-US')} times over, more than the ${ARCHIVE_LIMITS.ratio} times an export compresses (a ZIP bomb)`,
        entry.name,
      );
    total += size;
    if (total > ARCHIVE_LIMITS.totalBytes)
      throw new Refused(
        'archive.too-large',
        `its entries inflate to more than ${sizeText(ARCHIVE_LIMITS.totalBytes)} in all`,
      );
  }
}

/**
 * Writes one entry into `into`, checking as it inflates that it is the size and CRC-32 its
 * directory claims: a damaged download is refused, not read with a flipped digit.
 */
async function writeEntry(archive: ZipArchive, entry: ZipEntryInfo, path: string): Promise<void> {
  let bytes = 0;
  let crc = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      archive.stream(entry.name, entry.uncompressedSize),
      count,
      createWriteStream(path, { flags: 'wx', mode: OWNER_ONLY_FILE }),
    );
  } catch (error) {
    if (error instanceof XlsxLimitError)
      throw new Refused(
        'archive.too-large',
        `its entry "${entry.name}" inflates to more than the ${entry.uncompressedSize.toLocaleString('en-US')} bytes it claims (a crafted archive)`,
        entry.name,
      );
    const reason = error instanceof Error ? error.message : String(error);
    throw new Refused(
      'archive.unreadable',
      `its entry "${entry.name}" cannot be inflated (${reason})`,
      entry.name,
    );
  }
  if (bytes !== entry.uncompressedSize || crc >>> 0 !== entry.crc >>> 0)
    throw new Refused(
      'archive.unreadable',
      `its entry "${entry.name}" is damaged (its ${bytes === entry.uncompressedSize ? 'checksum does not match' : 'size is not the one stated'})`,
      entry.name,
    );
}

/**
 * Extracts an export archive into `into` (a private folder the caller made and removes), bounded
 * as ARCHIVE_LIMITS says: every entry's name and size is checked from the directory before one
 * byte is inflated, and each entry again as it inflates. Folders inside are flattened (files are
 * matched to tables by their own names); archiver noise is left out; an archive inside is only
 * noted. The archive is read whole or not at all: any refusal is one located problem naming the
 * entry and what to do, and no file of it is listed.
 */
export async function extractArchive(
  path: string,
  shownArchive: string,
  into: string,
): Promise<{ files: ListedFile[]; problems: Problem[]; refused: boolean }> {
  const problems: Problem[] = [];
  try {
    let archive: ZipArchive;
    try {
      archive = await ZipArchive.open(path, ARCHIVE_LIMITS);
    } catch (error) {
      if (error instanceof XlsxLimitError) throw new Refused('archive.too-large', error.message);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Refused('archive.unreadable', reason);
    }
    const wanted: { entry: ZipEntryInfo; name: string }[] = [];
    const byName = new Map<string, string>();
    for (const entry of archive.entryList()) {
      if (entry.directory) continue;
      const parts = safeParts(entry);
      const name = parts.at(-1);
      if (name === undefined || isArchiverNoise(parts)) continue;
      if (name.toLowerCase().endsWith('.zip')) {
        problems.push(
          problemOf(
            'archive.nested-archive',
            `${shownArchive}: ${entry.name} is an archive inside the archive and is not read. Extract it and give its files as the source, or save them into the export folder.`,
            { location: { file: `${shownArchive}: ${entry.name}`, row: 1 } },
          ),
        );
        continue;
      }
      const other = byName.get(name);
      if (other !== undefined)
        throw new Refused(
          'archive.name-clash',
          `it holds two files named ${name} ("${other}" and "${entry.name}"), and files are matched to tables by name`,
          entry.name,
        );
      byName.set(name, entry.name);
      wanted.push({ entry, name });
    }
    checkSizes(wanted.map(({ entry }) => entry));
    await mkdir(into, { recursive: true, mode: OWNER_ONLY_FOLDER });
    const files: ListedFile[] = [];
    for (const { entry, name } of wanted) {
      const target = join(into, name);
      await writeEntry(archive, entry, target);
      files.push({
        name,
        path: target,
        shown: `${shownArchive}: ${entry.name}`,
        bytes: entry.uncompressedSize,
      });
    }
    return { files, problems, refused: false };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    problems.push(
      problemOf(
        error.code,
        `${shownArchive} is not read: ${error.message}. ${ADVICE[error.code]}`,
        {
          location: {
            file: error.entry === undefined ? shownArchive : `${shownArchive}: ${error.entry}`,
            row: 1,
          },
        },
      ),
    );
    return { files: [], problems, refused: true };
  }
}

const ADVICE: Record<Refused['code'], string> = {
  'archive.unreadable':
    'Download the export again; if it still fails, extract it yourself and give the folder of its files as the source.',
  'archive.too-large':
    'Check it is the export you expect; extract it yourself and give the folder of its files as the source.',
  'archive.unsafe-entry':
    'Check where the archive came from; extract the export files yourself and give their folder as the source.',
  'archive.name-clash':
    'Extract it and keep only the files to migrate, each once, in the export folder.',
};
