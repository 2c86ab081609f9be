import { describe, expect, it } from 'vitest';
import { readFiles, realProblems } from '../export-folder.js';
import { compoundFileOf } from './compound-file-builder.js';

describe('a workbook that is no .xlsx is said for what it is, with what to do', () => {
  it('an encrypted (password-protected) workbook', async () => {
    const { problems } = await readFiles({
      'accounts.xlsx': compoundFileOf(['\u0006DataSpaces', 'EncryptionInfo', 'EncryptedPackage']),
    });
    expect(realProblems(problems)).toEqual([
      expect.objectContaining({
        code: 'xlsx.encrypted',
        severity: 'error',
        location: { file: 'accounts.xlsx', row: 1 },
      }),
    ]);
    expect(realProblems(problems)[0]?.message).toMatch(/password/);
    expect(realProblems(problems)[0]?.message).not.toMatch(/truncated/);
  });

  it('a legacy Excel 97-2003 workbook saved as .xlsx', async () => {
    const { problems } = await readFiles({
      'accounts.xlsx': compoundFileOf(['Workbook', '\u0005SummaryInformation']),
    });
    expect(realProblems(problems)).toEqual([
      expect.objectContaining({
        code: 'xlsx.legacy-xls',
        location: { file: 'accounts.xlsx', row: 1 },
      }),
    ]);
    expect(realProblems(problems)[0]?.message).toMatch(/save it as "Excel Workbook \(\.xlsx\)"/);
  });

  it('a legacy .xls named for its table is found and refused with what to do, not skipped', async () => {
    const { problems } = await readFiles({
      'accounts.xls': compoundFileOf(['Workbook']),
    });
    expect(realProblems(problems)).toEqual([
      expect.objectContaining({
        code: 'xlsx.legacy-xls',
        location: { file: 'accounts.xls', row: 1 },
      }),
    ]);
  });

  it('a directory chain that loops ends, still said to be no .xlsx', async () => {
    const looping = compoundFileOf(['Workbook']);
    // The directory sector's FAT entry points back at itself.
    looping.writeUInt32LE(1, 512 + 4);
    const { problems } = await readFiles({ 'accounts.xlsx': looping });
    expect(realProblems(problems).map((problem) => problem.code)).toEqual(['xlsx.legacy-xls']);
  });
});
