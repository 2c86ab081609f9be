import { open, type FileHandle } from 'node:fs/promises';

/** The first bytes of an OLE2 compound file: legacy .xls, and encrypted .xlsx too. */
const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEADER_BYTES = 512;
const DIRECTORY_ENTRY_BYTES = 128;
/** Sector numbers at and above this mark ends of chains and special sectors. */
const LAST_REGULAR_SECTOR = 0xfffffffa;
/** A real directory of a workbook takes a few sectors; a longer chain is a loop or a lie. */
const MOST_DIRECTORY_SECTORS = 256;
/** The FAT sectors the header lists itself (more need the DIFAT chain, never for a directory). */
const HEADER_FAT_SECTORS = 109;

/**
 * What a file that is not a ZIP archive is, when it is an OLE2 compound file: a workbook
 * encrypted with a password (Office keeps the real .xlsx in an `EncryptedPackage` stream), or a
 * legacy binary one (Excel 97-2003 .xls, or another Office file). Undefined for anything else.
 */
export type CompoundFileKind = 'encrypted' | 'legacy';

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Reads the compound file's directory, following its chain through the file allocation table, and
 * looks for the stream an encrypted workbook holds. Every sector number is checked against the
 * file's size and the chain's length is bounded, so a crafted file cannot loop or read far; a
 * directory that cannot be followed leaves the file "legacy" (it is still no .xlsx).
 */
export async function compoundFileKind(path: string): Promise<CompoundFileKind | undefined> {
  const file = await open(path, 'r');
  try {
    const header = await readAt(file, 0, HEADER_BYTES);
    if (header.length < HEADER_BYTES || !header.subarray(0, 8).equals(SIGNATURE)) return undefined;
    const names = await directoryNames(file, header);
    return names.includes('EncryptedPackage') ? 'encrypted' : 'legacy';
  } finally {
    await file.close();
  }
}

async function directoryNames(file: FileHandle, header: Buffer): Promise<string[]> {
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return [];
  const sectorBytes = 1 << shift;
  const { size } = await file.stat();
  const sectors = Math.floor((size - sectorBytes) / sectorBytes);
  const fatSectors = Math.min(header.readUInt32LE(0x2c), HEADER_FAT_SECTORS);
  const entriesPerFat = sectorBytes / 4;
  const nextOf = async (sector: number): Promise<number> => {
    const fatIndex = Math.floor(sector / entriesPerFat);
    if (fatIndex >= fatSectors) return LAST_REGULAR_SECTOR + 1;
    const fatSector = header.readUInt32LE(0x4c + fatIndex * 4);
    if (fatSector >= sectors) return LAST_REGULAR_SECTOR + 1;
    const entry = await readAt(
      file,
      (fatSector + 1) * sectorBytes + (sector % entriesPerFat) * 4,
      4,
    );
    return entry.length === 4 ? entry.readUInt32LE(0) : LAST_REGULAR_SECTOR + 1;
  };
  const names: string[] = [];
  let sector = header.readUInt32LE(0x30);
  for (let read = 0; read < MOST_DIRECTORY_SECTORS && sector < sectors; read += 1) {
    const directory = await readAt(file, (sector + 1) * sectorBytes, sectorBytes);
    for (let at = 0; at + DIRECTORY_ENTRY_BYTES <= directory.length; at += DIRECTORY_ENTRY_BYTES) {
      const length = Math.min(directory.readUInt16LE(at + 0x40), 64);
      if (length >= 2) names.push(directory.toString('utf16le', at, at + length - 2));
    }
    sector = await nextOf(sector);
  }
  return names;
}
