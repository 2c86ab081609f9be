// `npm run bench:staging-memory [-- large]`
//
// The live heap while a company is staged (read, validated and written to the run store), sampled
// after a full garbage collection every 10,000 rows read. bench:memory measures between phases,
// when staging's indexes are already gone; this measures what staging holds while it runs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stageExports } from '../activities/staging-activities.js';
import { workerSettings } from '../src/config/worker-settings.js';
import { companySizes, generateCompany } from '../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../src/synthetic-company/write-generic-csv.js';
import { createMigrationDeps } from '../src/worker/migration-deps.js';
import { MemoryProbe, megabytes } from './memory-probe.js';

const size = (process.argv[2] ?? 'large') as keyof typeof companySizes;
const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-staging-memory-'));
try {
  const folder = path.join(dir, 'exports');
  const { cutoverDate, endDate, records } = await (async () => {
    const company = generateCompany(companySizes[size], 7);
    await writeGenericCsv(company.records, folder);
    return { ...company, records: company.records.length };
  })();
  const deps = createMigrationDeps({
    ...workerSettings({
      LEDGERLIFT_RUNS_DIR: path.join(dir, 'runs'),
      LEDGERLIFT_SOURCES_ROOT: dir,
    }),
    rateLimited: false,
    credentialsPath: path.join(dir, 'credentials.json'),
  });
  const probe = new MemoryProbe();
  let sampledAt = 0;
  const onProgress = (rowsRead: number) => {
    if (rowsRead - sampledAt < 10_000) return;
    sampledAt = rowsRead;
    probe.sampleLive();
  };
  const started = performance.now();
  const input = { runName: 'staging-memory', stageId: 'staging-memory', currency: 'USD' };
  await stageExports(
    deps,
    { ...input, source: { folder, format: 'generic' }, cutoverDate, endDate, batchSize: 25 },
    onProgress,
  );
  probe.sampleLive();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${size}: ${records} records staged in ${seconds} s; live heap while staging grew by at most ` +
      `${megabytes(probe.liveHeapGrowth)}`,
  );
  await deps.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
