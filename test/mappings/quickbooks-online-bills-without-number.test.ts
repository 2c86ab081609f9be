import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFiles } from '../sources/export-folder.js';

const golden = path.resolve(import.meta.dirname, '../fixtures/golden/quickbooks-online');

async function goldenFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(golden))
    files[name] = await readFile(path.join(golden, name), 'utf8');
  return files;
}

describe('QuickBooks Online bills without a number', () => {
  it('are read as bills of their supplier and date, and paid by payments naming none', async () => {
    const files = await goldenFiles();
    // QuickBooks Online writes CRLF line ends; the rows added keep them.
    const newline = '\r\n';
    files['Bills.csv'] = [
      (files['Bills.csv'] ?? '').trimEnd(),
      ',Landlord LLC,01/20/2024,01/20/2024,,,,Rent,Storage,150.00,,0.00,USD,,,',
      ',Landlord LLC,01/20/2024,01/20/2024,,,,Rent,Parking,50.00,,0.00,USD,,,',
      ',Initech,01/20/2024,01/20/2024,,,,Rent,Storage,80.00,,0.00,USD,,,',
    ].join(newline);
    files['Bill Payments.csv'] = [
      (files['Bill Payments.csv'] ?? '').trimEnd(),
      'BP-3,Landlord LLC,01/25/2024,Business Checking,,200.00,,USD',
    ].join(newline);
    const { records, problems } = await validateFiles(files, 'quickbooks-online', {
      cutoverDate: '2024-01-01',
      endDate: '2024-01-31',
      baseCurrency: 'USD',
    });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const bills = records
      .filter((record) => record.entity === 'bill' && record.value.type === 'bill')
      .map((record) => record.value);
    expect(bills.slice(-2)).toMatchObject([
      {
        key: '(no number) | Landlord LLC | 2024-01-20 | 200.00',
        legacyNumber: '(no number)',
        total: '200.00',
        lines: [{ description: 'Storage' }, { description: 'Parking' }],
      },
      { key: '(no number) | Initech | 2024-01-20 | 80.00', total: '80.00' },
    ]);
    const payment = records.find(
      (record) => record.entity === 'vendor-payment' && record.value.key === 'BP-3',
    );
    expect(payment?.value).toMatchObject({
      allocations: [{ documentKey: '(no number) | Landlord LLC | 2024-01-20 | 200.00' }],
    });
  });
});
