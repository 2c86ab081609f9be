// Regenerates the company `npm run demo` migrates: `npx tsx scripts/make-demo-company.ts [folder]`
// (default: samples/demo-company-xero). Deterministic: the same bytes on every run. Prints the counts
// per entity and the file sizes, which samples/demo-company-xero/README.md quotes.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { demoCompany, writeDemoCompany } from '../src/synthetic-company/demo-company.js';

const folder = path.resolve(process.argv[2] ?? demoCompany.folder);
const { company, files } = await writeDemoCompany(folder);

const counts = new Map<string, number>();
for (const record of company.records)
  counts.set(record.entity, (counts.get(record.entity) ?? 0) + 1);
console.log(`Wrote ${folder} (cutover ${company.cutoverDate}, end ${company.endDate})`);
for (const [entity, count] of counts) console.log(`  ${entity.padEnd(20)} ${count}`);
let total = 0;
for (const file of files) {
  const { size } = await stat(file);
  total += size;
  console.log(`  ${path.basename(file).padEnd(30)} ${size} bytes`);
}
console.log(`  ${'total'.padEnd(30)} ${total} bytes`);
