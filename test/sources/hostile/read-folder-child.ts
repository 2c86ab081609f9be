/**
 * Reads an export folder through readLedger in a process of its own (started by
 * hostile-input.test.ts with --max-old-space-size=256, the worker's heap cap) and prints the
 * problems found as one JSON line, so a test sees both the problems and that the process survived.
 */
import { readLedger } from '../../../mappings/read-ledger.js';
import type { Problem } from '../../../src/ledger/index.js';

const [folder = '', format = 'generic'] = process.argv.slice(2);
const problems: Problem[] = [];
let records = 0;
for await (const item of readLedger({
  folder,
  format: format as 'generic' | 'quickbooks-desktop-iif',
  defaultCurrency: 'USD',
})) {
  if (item.kind === 'record') {
    records += 1;
    problems.push(...item.problems);
  } else if (item.problem.code !== 'file.optional-missing') problems.push(item.problem);
}
console.log(JSON.stringify({ records, problems }));
