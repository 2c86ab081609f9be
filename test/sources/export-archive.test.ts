import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLedger } from '../../mappings/read-ledger.js';
import type { SourceFormat } from '../../mappings/source-formats.js';
import type { Problem } from '../../src/ledger/index.js';
import { readLedgerBeside } from '../../src/migration/staging/ledger-reader-thread.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import { collectLedger } from '../mappings/golden/collect-ledger.js';
import { readAll } from './export-folder.js';
import { deflatedPart, repeatedDeflate, zipOf, type ZipPart } from './hostile/zip-builder.js';

const golden = join(import.meta.dirname, '../fixtures/golden');
const settings = { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'USD' };
const MIB = 1024 * 1024;

/** The files of a golden fixture folder, each a deflated entry under `under/` (as an archiver saves a folder). */
async function goldenParts(format: SourceFormat, under: string): Promise<ZipPart[]> {
  const folder = join(golden, format);
  const names = (await readdir(folder)).sort();
  return Promise.all(
    names.map(async (name) => deflatedPart(`${under}${name}`, await readFile(join(folder, name)))),
  );
}

function csvPart(name: string): ZipPart {
  return deflatedPart(name, 'Code,Name,Kind\n1000,Checking,bank\n');
}

/** Scratch folders this process has left in the temporary folder. */
function ownScratch(): string[] {
  return readdirSync(tmpdir()).filter((name) =>
    name.startsWith(`ledgerlift-archive-${process.pid}-`),
  );
}

describe('a ZIP of exports given as the source', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledgerlift-archive-test-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  /** Writes `parts` as `<dir>/<name>` and returns its path. */
  async function zipAt(name: string, parts: readonly ZipPart[]): Promise<string> {
    const path = join(dir, name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, zipOf(parts));
    return path;
  }

  async function readZip(parts: readonly ZipPart[], name = 'export.zip') {
    return readAll({ folder: await zipAt(name, parts), format: 'generic', defaultCurrency: 'USD' });
  }

  const codes = (problems: readonly Problem[]) => problems.map((problem) => problem.code);

  for (const format of ['quickbooks-online', 'xero'] as const) {
    it(`reads a ${format} export ZIP (its files in a folder inside) as the same ledger as its folder`, async () => {
      const zip = await zipAt(`${format}/Harbour Lights export.zip`, [
        ...(await goldenParts(format, 'Harbour Lights/')),
      ]);
      const read = (folder: string) =>
        collectLedger(
          validateLedger(readLedger({ folder, format, defaultCurrency: 'USD' }), settings),
        );
      const fromFolder = await read(join(golden, format));
      const fromZip = await read(zip);
      const fromFolderOfZip = await read(join(dir, format));

      expect(fromZip.records).toEqual(fromFolder.records);
      expect(Object.values(fromZip.records).flat().length).toBeGreaterThan(20);
      // Each problem is the folder's own, located at the file inside the archive.
      const inArchive = 'Harbour Lights export.zip: Harbour Lights/';
      const asInFolder = (problems: Problem[]) =>
        JSON.parse(JSON.stringify(problems).replaceAll(inArchive, '')) as Problem[];
      expect(asInFolder(fromZip.problems)).toEqual(fromFolder.problems);
      expect(fromZip.problems.map((problem) => problem.location?.file)).toEqual(
        fromFolder.problems.map((problem) =>
          problem.location?.file === undefined ? undefined : `${inArchive}${problem.location.file}`,
        ),
      );
      expect(fromFolderOfZip.records).toEqual(fromFolder.records);
      expect(ownScratch()).toEqual([]);
    });
  }

  it('reads it the same in the worker, in a reader thread of its own, and removes what it extracted', async () => {
    const zip = await zipAt('thread/export.zip', await goldenParts('xero', ''));
    const options = { folder: zip, format: 'xero' as const, defaultCurrency: 'USD' };
    const here = await collectLedger(readLedger(options));
    const beside = await collectLedger(readLedgerBeside(options, 0));
    expect(beside).toEqual(here);
    expect(here.records.account.length).toBeGreaterThan(0);
    expect(ownScratch()).toEqual([]);
  });

  it('refuses an archive of more entries than an export has, naming it', async () => {
    const parts = Array.from({ length: 1001 }, (_, index) => csvPart(`file-${index}.txt`));
    const { records, problems } = await readZip(parts, 'many.zip');
    expect(records).toEqual([]);
    const refused = problems.find((problem) => problem.code === 'archive.too-large');
    expect(refused?.location).toEqual({ file: 'many.zip', row: 1 });
    expect(refused?.message).toContain('1,001 entries, more than the 1,000');
  });

  it('refuses an entry that would inflate past one export file, naming the entry', async () => {
    const { records, problems } = await readZip(
      [csvPart('accounts.csv'), { ...csvPart('Journal.csv'), size: 600 * MIB }],
      'large.zip',
    );
    expect(records).toEqual([]);
    expect(problems).toContainEqual(
      expect.objectContaining({
        code: 'archive.too-large',
        location: { file: 'large.zip: Journal.csv', row: 1 },
        message: expect.stringContaining('inflates to 600 MiB, more than the 512 MiB') as unknown,
      }),
    );
  });

  it('refuses a ZIP bomb by its ratio before inflating it', async () => {
    // 64 MiB of zeros in about 64 KiB: a real export compresses 5 to 1, this 1,000 to 1.
    const bomb: ZipPart = {
      name: 'accounts.csv',
      stored: repeatedDeflate('Code,Name,Type\n', Buffer.alloc(MIB), 64, ''),
      deflated: true,
      size: 15 + 64 * MIB,
    };
    const { records, problems } = await readZip([bomb], 'bomb.zip');
    expect(records).toEqual([]);
    expect(codes(problems)).toEqual(['archive.too-large']);
    expect(problems[0]?.location).toEqual({ file: 'bomb.zip: accounts.csv', row: 1 });
    expect(problems[0]?.message).toMatch(/inflates [\d,]+ times over, more than the 200 times/);
  });

  it('stops an entry that inflates past the size it claims', async () => {
    const liar: ZipPart = {
      name: 'accounts.csv',
      stored: repeatedDeflate('Code,Name,Type\n', Buffer.alloc(64 * 1024), 64, ''),
      deflated: true,
      size: 100,
    };
    const { records, problems } = await readZip([liar], 'liar.zip');
    expect(records).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'archive.too-large',
        location: { file: 'liar.zip: accounts.csv', row: 1 },
      }),
    ]);
  });

  it('refuses a damaged entry whose checksum is not the one stated', async () => {
    const { problems } = await readZip([{ ...csvPart('accounts.csv'), crc: 12345 }], 'damaged.zip');
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'archive.unreadable',
        location: { file: 'damaged.zip: accounts.csv', row: 1 },
        message: expect.stringContaining('Download the export again') as unknown,
      }),
    ]);
  });

  it.each([
    ['../accounts.csv', 'a ".." that climbs out of it'],
    ['exports/../../accounts.csv', 'a ".." that climbs out of it'],
    ['/etc/accounts.csv', 'an absolute path'],
    ['C:\\exports\\accounts.csv', 'a drive letter'],
  ])('refuses the whole archive when an entry is named %s', async (name, why) => {
    const { records, problems } = await readZip([csvPart('vendors.csv'), csvPart(name)], 'up.zip');
    expect(records).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'archive.unsafe-entry',
        location: { file: `up.zip: ${name}`, row: 1 },
        message: expect.stringContaining(why) as unknown,
      }),
    ]);
  });

  it('refuses an archive holding a symbolic link', async () => {
    const link: ZipPart = { ...deflatedPart('accounts.csv', '/etc/passwd'), unixMode: 0o120777 };
    const { problems } = await readZip([link], 'link.zip');
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'archive.unsafe-entry',
        location: { file: 'link.zip: accounts.csv', row: 1 },
      }),
    ]);
  });

  it('refuses two files of one name in different folders of the archive', async () => {
    const { records, problems } = await readZip(
      [csvPart('2023/accounts.csv'), csvPart('2024/accounts.csv')],
      'years.zip',
    );
    expect(records).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'archive.name-clash',
        location: { file: 'years.zip: 2024/accounts.csv', row: 1 },
      }),
    ]);
  });

  it('notes an archive inside the archive and archiver files, and reads the rest', async () => {
    const { records, problems } = await readZip(
      [
        csvPart('export/accounts.csv'),
        deflatedPart('export/older.zip', zipOf([csvPart('accounts.csv')])),
        deflatedPart('__MACOSX/export/._accounts.csv', 'resource fork'),
        deflatedPart('export/.DS_Store', 'finder'),
      ],
      'noted.zip',
    );
    expect(records.map((record) => record.entity)).toEqual(['account']);
    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([
      expect.objectContaining({
        code: 'archive.nested-archive',
        location: { file: 'noted.zip: export/older.zip', row: 1 },
      }),
    ]);
  });

  it('says what a damaged file named .zip is, and what a missing source is', async () => {
    const notZip = join(dir, 'truncated.zip');
    await writeFile(notZip, 'PK\u0003\u0004 and then nothing');
    const damaged = await readAll({ folder: notZip, format: 'generic' });
    expect(damaged.problems).toEqual([
      expect.objectContaining({
        code: 'archive.unreadable',
        location: { file: 'truncated.zip', row: 1 },
      }),
    ]);
    const missing = await readAll({ folder: join(dir, 'absent.zip'), format: 'generic' });
    expect(codes(missing.problems)).toEqual(['file.not-found']);
  });

  describe('a folder holding an export ZIP beside other files', () => {
    it('reads a file that is both extracted and in the ZIP once', async () => {
      const folder = join(dir, 'both');
      await zipAt('both/export.zip', [csvPart('accounts.csv')]);
      await writeFile(join(folder, 'accounts.csv'), 'Code,Name,Kind\n1000,Checking,bank\n');
      const { records, problems } = await readAll({ folder, format: 'generic' });
      expect(records).toHaveLength(1);
      expect(problems).toContainEqual(
        expect.objectContaining({
          code: 'archive.duplicate-file',
          location: { file: 'export.zip: accounts.csv', row: 1 },
        }),
      );
    });

    it('says which is read when the two differ', async () => {
      const folder = join(dir, 'differ');
      await zipAt('differ/export.zip', [csvPart('accounts.csv')]);
      await writeFile(join(folder, 'accounts.csv'), 'Code,Name,Kind\n2000,Savings,bank\n');
      const { records, problems } = await readAll({ folder, format: 'generic' });
      expect(records.map((record) => record.entity === 'account' && record.value.code)).toEqual([
        '2000',
      ]);
      expect(problems).toContainEqual(
        expect.objectContaining({
          code: 'archive.name-clash',
          location: { file: 'export.zip: accounts.csv', row: 1 },
        }),
      );
    });
  });
});
