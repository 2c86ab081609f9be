import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { sizeText, XlsxLimitError } from './xlsx-limits.js';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const TAIL_BYTES = 65_557;
/** ZIP64 marks its real sizes and offsets with all ones: Excel never writes it for a ledger. */
const ZIP64_MARK = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  method: number;
  compressedSize: number;
  localOffset: number;
  uncompressedSize: number;
  crc: number;
  /** The Unix file type the archiver recorded (a symbolic link, a folder), when it recorded one. */
  unixType: number;
}

/** One entry of the archive's directory, as it describes itself (sizes are its claims). */
export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** CRC-32 of the inflated bytes, as the directory states it. */
  crc: number;
  directory: boolean;
  symlink: boolean;
}

/** Bounds on the directory of an archive from a client (an export ZIP, not a workbook's parts). */
export interface ZipDirectoryLimits {
  entries: number;
  directoryBytes: number;
}

const UNIX_HOST = 3;
const UNIX_TYPE_MASK = 0o170000;
const UNIX_SYMLINK = 0o120000;
const UNIX_DIRECTORY = 0o040000;

/**
 * Random access to the parts of a ZIP file (an XLSX workbook) through its central directory: small
 * parts are read whole, worksheets are streamed and inflated chunk by chunk. Every size and offset
 * the file states is checked against the file's real size before anything is read or allocated, and
 * the bytes inflated from a part are counted and stopped at the caller's limit (a ZIP bomb ends
 * there, not when memory runs out).
 */
export class ZipArchive {
  private constructor(
    private readonly path: string,
    private readonly size: number,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /**
   * Opens the archive at `path`. With `limits`, its directory is refused before it is read when it
   * claims more entries or bytes than they allow (xlsx-limits' error, coded archive.too-large).
   */
  static async open(path: string, limits?: ZipDirectoryLimits): Promise<ZipArchive> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const tailLength = Math.min(size, TAIL_BYTES);
      const tail = Buffer.alloc(tailLength);
      await file.read(tail, 0, tailLength, size - tailLength);
      let end = -1;
      for (let at = tailLength - 22; at >= 0; at -= 1) {
        if (tail.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
          end = at;
          break;
        }
      }
      if (end < 0)
        throw new Error('not a ZIP archive (no central directory; the file may be truncated)');
      const directorySize = tail.readUInt32LE(end + 12);
      const directoryOffset = tail.readUInt32LE(end + 16);
      if (limits) checkDirectory(tail.readUInt16LE(end + 10), directorySize, limits);
      if (directoryOffset + directorySize > size)
        throw new Error('the ZIP directory points past the end of the file');
      const directory = Buffer.alloc(directorySize);
      await file.read(directory, 0, directorySize, directoryOffset);
      return new ZipArchive(path, size, entriesOf(directory, size, limits));
    } finally {
      await file.close();
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Every entry of the directory, in its order. */
  entryList(): ZipEntryInfo[] {
    return [...this.entries].map(([name, entry]) => ({
      name,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
      crc: entry.crc,
      directory: name.endsWith('/') || entry.unixType === UNIX_DIRECTORY,
      symlink: entry.unixType === UNIX_SYMLINK,
    }));
  }

  private async dataRange(name: string): Promise<{ entry: ZipEntry; start: number }> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`the workbook has no part ${name}`);
    const file = await open(this.path, 'r');
    try {
      const local = Buffer.alloc(30);
      const { bytesRead } = await file.read(local, 0, 30, entry.localOffset);
      if (bytesRead < 30 || local.readUInt32LE(0) !== LOCAL_FILE_HEADER)
        throw new Error(`the part ${name} is damaged`);
      const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + entry.compressedSize > this.size)
        throw new Error(`the part ${name} claims more bytes than the file holds`);
      return { entry, start };
    } finally {
      await file.close();
    }
  }

  /** A whole part, at most `limit` bytes once inflated. */
  async read(name: string, limit: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(name, limit)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** A part chunk by chunk; past `limit` inflated bytes it throws xlsx.part-too-large. */
  async *stream(name: string, limit: number): AsyncGenerator<Buffer> {
    const { entry, start } = await this.dataRange(name);
    if (entry.compressedSize === 0) return;
    const raw = createReadStream(this.path, { start, end: start + entry.compressedSize - 1 });
    const source = entry.method === STORED ? raw : raw.pipe(createInflateRaw());
    raw.on('error', (error) => source.destroy(error));
    let total = 0;
    try {
      for await (const chunk of source) {
        total += (chunk as Buffer).length;
        if (total > limit) {
          throw new XlsxLimitError(
            'xlsx.part-too-large',
            `its part ${name} inflates to more than ${sizeText(limit)} (a ZIP bomb, or a sheet larger than the reader accepts)`,
          );
        }
        yield chunk as Buffer;
      }
    } finally {
      raw.destroy();
      source.destroy();
    }
  }
}

function checkDirectory(entries: number, bytes: number, limits: ZipDirectoryLimits): void {
  if (entries > limits.entries)
    throw new XlsxLimitError(
      'archive.too-large',
      `it holds ${entries.toLocaleString('en-US')} entries, more than the ${limits.entries.toLocaleString('en-US')} an export archive may hold`,
    );
  if (bytes > limits.directoryBytes)
    throw new XlsxLimitError(
      'archive.too-large',
      `its directory takes ${bytes.toLocaleString('en-US')} bytes, more than the ${sizeText(limits.directoryBytes)} an export archive's may`,
    );
}

/**
 * The central directory's entries, each checked against the file before it is trusted. With
 * `limits` (an export archive), the entries are counted as they are read, whatever the end record
 * claimed, and an entry named twice is refused: only one of the two could be read.
 */
function entriesOf(
  directory: Buffer,
  size: number,
  limits?: ZipDirectoryLimits,
): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_FILE_HEADER) {
    if (limits && entries.size >= limits.entries)
      throw new XlsxLimitError(
        'archive.too-large',
        `its directory lists more than the ${limits.entries.toLocaleString('en-US')} entries an export archive may hold (more than its end record claims)`,
      );
    const nameLength = directory.readUInt16LE(at + 28);
    const skip =
      at + 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (skip > directory.length) throw new Error('the ZIP directory is cut short');
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    const madeOn = directory.readUInt8(at + 5);
    const entry = {
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      localOffset: directory.readUInt32LE(at + 42),
      uncompressedSize: directory.readUInt32LE(at + 24),
      crc: directory.readUInt32LE(at + 16),
      unixType:
        madeOn === UNIX_HOST ? (directory.readUInt32LE(at + 38) >>> 16) & UNIX_TYPE_MASK : 0,
    };
    const flags = directory.readUInt16LE(at + 8);
    if ((flags & 1) !== 0) throw new Error(`the part ${name} is encrypted`);
    if (entry.method !== STORED && entry.method !== DEFLATED)
      throw new Error(`the part ${name} uses an unsupported compression method`);
    if (
      entry.compressedSize === ZIP64_MARK ||
      entry.uncompressedSize === ZIP64_MARK ||
      entry.localOffset === ZIP64_MARK ||
      entry.localOffset + 30 + entry.compressedSize > size
    )
      throw new Error(`the part ${name} claims more bytes than the file holds`);
    if (limits && entries.has(name)) throw new Error(`it names the entry ${name} twice`);
    entries.set(name, entry);
    at = skip;
  }
  return entries;
}
