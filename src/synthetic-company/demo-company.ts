import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../config/project-paths.js';
import { generateCompany, type CompanySize, type GeneratedCompany } from './company-generator.js';
import { writeXeroExport } from './write-xero.js';

/**
 * The company bundled for `npm run demo`: a few hundred records of every entity, as a US Xero
 * organisation exports them. Size and seed live here so the regeneration script and the test that
 * proves the committed files are current cannot drift apart.
 */
export const demoCompany = {
  size: {
    customers: 200,
    vendors: 60,
    products: 80,
    invoices: 300,
    bills: 200,
    bankTransactions: 250,
    paidShare: 0.6,
  } satisfies CompanySize,
  seed: 2026,
  format: 'xero',
  // The generator's window and currency, so the demo can configure its run without generating.
  cutoverDate: '2026-01-01',
  endDate: '2026-03-31',
  currency: 'USD',
  folder: path.join(projectRoot, 'samples', 'demo-company-xero'),
} as const;

export function generateDemoCompany(): GeneratedCompany {
  return generateCompany(demoCompany.size, demoCompany.seed);
}

/**
 * Regenerates the bundled company's export files in `folder`. The CSV files there are replaced
 * (so a renamed file cannot linger); anything else, such as the README, is left alone.
 */
export async function writeDemoCompany(
  folder: string = demoCompany.folder,
): Promise<{ company: GeneratedCompany; files: string[] }> {
  const existing = await readdir(folder).catch(() => []);
  await Promise.all(
    existing
      .filter((name) => name.toLowerCase().endsWith('.csv'))
      .map((name) => rm(path.join(folder, name))),
  );
  const company = generateDemoCompany();
  return { company, files: await writeXeroExport(company, folder) };
}
