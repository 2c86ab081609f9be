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
}

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

  static async open(path: string): Promise<ZipArchive> {
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
      if (directoryOffset + directorySize > size)
        throw new Error('the ZIP directory points past the end of the file');
      const directory = Buffer.alloc(directorySize);
      await file.read(directory, 0, directorySize, directoryOffset);
      return new ZipArchive(path, size, entriesOf(directory, size));
    } finally {
      await file.close();
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
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

/** The central directory's entries, each checked against the file before it is trusted. */
function entriesOf(directory: Buffer, size: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_FILE_HEADER) {
    const nameLength = directory.readUInt16LE(at + 28);
    const skip =
      at + 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (skip > directory.length) throw new Error('the ZIP directory is cut short');
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    const entry = {
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      localOffset: directory.readUInt32LE(at + 42),
    };
    const flags = directory.readUInt16LE(at + 8);
    if ((flags & 1) !== 0) throw new Error(`the part ${name} is encrypted`);
    if (entry.method !== STORED && entry.method !== DEFLATED)
      throw new Error(`the part ${name} uses an unsupported compression method`);
    if (
      entry.compressedSize === ZIP64_MARK ||
      entry.localOffset === ZIP64_MARK ||
      entry.localOffset + 30 + entry.compressedSize > size
    )
      throw new Error(`the part ${name} claims more bytes than the file holds`);
    entries.set(name, entry);
    at = skip;
  }
  return entries;
}
