import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One part of a hand-built ZIP file; its sizes and offset may be set to lie. */
export interface ZipPart {
  name: string;
  /** The part's bytes as stored (already deflated when `deflated`). */
  stored: Buffer;
  deflated: boolean;
  /** What the central directory claims, instead of the truth. */
  claimedCompressedSize?: number;
  claimedOffset?: number;
  /** The inflated size and CRC-32 the directory states (0 when not given). */
  size?: number;
  crc?: number;
  /** A Unix mode recorded for the entry (0o120777 a symbolic link), as Info-ZIP on Unix writes it. */
  unixMode?: number;
}

/** A part deflated from `text`, its directory stating its true size and CRC-32. */
export function deflatedPart(name: string, text: string | Buffer): ZipPart {
  const bytes = Buffer.from(text);
  return {
    name,
    stored: deflateRawSync(bytes),
    deflated: true,
    size: bytes.length,
    crc: crc32(bytes),
  };
}

/**
 * A deflate stream that inflates to prefix + unit × times + suffix, built in a few milliseconds:
 * the unit is compressed once with a full flush (byte-aligned, no reference to earlier data), so
 * its blocks can be repeated as they are. 2 GiB of zeros costs about 2 MB.
 */
export function repeatedDeflate(
  prefix: string,
  unit: string | Buffer,
  times: number,
  suffix: string,
): Buffer {
  const flushed = { finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(unit, flushed);
  return Buffer.concat([
    deflateRawSync(prefix, flushed),
    ...Array.from({ length: times }, () => block),
    deflateRawSync(suffix),
  ]);
}

/**
 * Writes a ZIP archive by hand (local headers, central directory, end record), so a test can make
 * it lie about sizes and offsets in ways no archiver would. A part's inflated size and CRC-32
 * are what it states (deflatedPart states the true ones; a workbook's reader does not check them).
 */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflated ? 8 : 0, 8);
    local.writeUInt32LE(part.crc ?? 0, 14);
    local.writeUInt32LE(part.stored.length, 18);
    local.writeUInt32LE(part.size ?? 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by: version 2.0 on Unix (3) when a Unix mode is recorded, else on MS-DOS (0).
    central.writeUInt16LE(part.unixMode === undefined ? 20 : 0x0314, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.deflated ? 8 : 0, 10);
    central.writeUInt32LE(part.crc ?? 0, 16);
    central.writeUInt32LE(part.claimedCompressedSize ?? part.stored.length, 20);
    central.writeUInt32LE(part.size ?? 0, 24);
    central.writeUInt16LE(name.length, 28);
    if (part.unixMode !== undefined) central.writeUInt32LE((part.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(part.claimedOffset ?? offset, 42);
    locals.push(local, name, part.stored);
    centrals.push(central, name);
    offset += local.length + name.length + part.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
