const SECTOR = 512;
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;

/**
 * A minimal OLE2 compound file (the container of legacy .xls files and of encrypted .xlsx ones)
 * whose directory holds the given stream names, in version 3 layout: the header, one FAT sector,
 * then the directory's sectors chained through the FAT. The streams themselves are empty: only
 * the directory says what the file is.
 */
export function compoundFileOf(streams: readonly string[]): Buffer {
  const names = ['Root Entry', ...streams];
  const directorySectors = Math.ceil(names.length / 4);
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  for (let at = 0x4c; at < SECTOR; at += 4) header.writeUInt32LE(FREE, at);
  header.writeUInt32LE(0, 0x4c);
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  for (let index = 0; index < directorySectors; index += 1)
    fat.writeUInt32LE(index === directorySectors - 1 ? END_OF_CHAIN : index + 2, (index + 1) * 4);
  const directory = Buffer.alloc(directorySectors * SECTOR);
  names.forEach((name, index) => {
    const at = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, at);
    directory.writeUInt16LE(encoded.length, at + 0x40);
    directory.writeUInt8(index === 0 ? 5 : 2, at + 0x42);
  });
  return Buffer.concat([header, fat, directory]);
}
