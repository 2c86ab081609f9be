/**
 * Reads export folders through readLedger in a process of its own (started by
 * hostile-input.test.ts with --max-old-space-size=256, the worker's heap cap): one folder for each
 * line on its standard input (`<format> <folder>`), one after another, printing for each the
 * problems found as one JSON line, so a test sees both the problems and that the process survived
 * the reading. One process serves every case that leaves it standing: starting one under tsx costs
 * more than most of the readings.
 */
import { createInterface } from 'node:readline';
import { readLedger } from '../../../mappings/read-ledger.js';
import type { Problem } from '../../../src/ledger/index.js';

for await (const line of createInterface({ input: process.stdin })) {
  const space = line.indexOf(' ');
  const format = line.slice(0, space) as 'generic' | 'quickbooks-desktop-iif';
  const folder = line.slice(space + 1);
  const problems: Problem[] = [];
  let records = 0;
  for await (const item of readLedger({ folder, format, defaultCurrency: 'USD' })) {
    if (item.kind === 'record') {
      records += 1;
      problems.push(...item.problems);
    } else if (item.problem.code !== 'file.optional-missing') problems.push(item.problem);
  }
  console.log(JSON.stringify({ records, problems }));
}
