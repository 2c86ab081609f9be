import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const TAIL_BYTES = 65_557;

interface ZipEntry {
  method: number;
  compressedSize: number;
  localOffset: number;
}

/**
 * Random access to the parts of a ZIP file (an XLSX workbook) through its central directory: small
 * parts are read whole, worksheets are streamed and inflated chunk by chunk.
 */
export class ZipArchive {
  private constructor(
    private readonly path: string,
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
      const entries = new Map<string, ZipEntry>();
      let at = 0;
      while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_FILE_HEADER) {
        const nameLength = directory.readUInt16LE(at + 28);
        const skip = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
        entries.set(directory.toString('utf8', at + 46, at + 46 + nameLength), {
          method: directory.readUInt16LE(at + 10),
          compressedSize: directory.readUInt32LE(at + 20),
          localOffset: directory.readUInt32LE(at + 42),
        });
        at += 46 + skip;
      }
      return new ZipArchive(path, entries);
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
      await file.read(local, 0, 30, entry.localOffset);
      if (local.readUInt32LE(0) !== LOCAL_FILE_HEADER)
        throw new Error(`the part ${name} is damaged`);
      return {
        entry,
        start: entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28),
      };
    } finally {
      await file.close();
    }
  }

  async read(name: string): Promise<Buffer> {
    const { entry, start } = await this.dataRange(name);
    const file = await open(this.path, 'r');
    try {
      const data = Buffer.alloc(entry.compressedSize);
      await file.read(data, 0, entry.compressedSize, start);
      return entry.method === 0 ? data : inflateRawSync(data);
    } finally {
      await file.close();
    }
  }

  async *stream(name: string): AsyncGenerator<Buffer> {
    const { entry, start } = await this.dataRange(name);
    if (entry.compressedSize === 0) return;
    const raw = createReadStream(this.path, { start, end: start + entry.compressedSize - 1 });
    const source = entry.method === 0 ? raw : raw.pipe(createInflateRaw());
    raw.on('error', (error) => source.destroy(error));
    for await (const chunk of source) yield chunk as Buffer;
  }
}
