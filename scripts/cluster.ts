// `npm run cluster`: a real Temporal cluster on this machine without Docker (docs/deploy.md,
// "A cluster without Docker"): private PostgreSQL, Temporal server built with Go, N workers on the
// PostgreSQL run store. Runs until Ctrl-C; the next start reuses the same folder's data.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { localDataDir } from '../src/config/project-paths.js';
import { startCluster } from '../src/dev/cluster/start-cluster.js';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: '7233' },
    'postgres-port': { type: 'string', default: '5433' },
    data: { type: 'string', default: path.join(localDataDir, 'cluster') },
  },
});
const whole = (name: string, text: string, min: number, max: number) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got "${text}")`);
    process.exit(2);
  }
  return value;
};

const cluster = await startCluster({
  folder: values.data,
  workers: whole('workers', values.workers, 0, 16),
  port: whole('port', values.port, 1, 65535),
  postgresPort: whole('postgres-port', values['postgres-port'], 1, 65535),
  log: (line) => console.log(line),
});
console.log(
  `Cluster ready: TEMPORAL_ADDRESS=${cluster.address}, ${cluster.workers.length} workers. ` +
    `Start runs with \`ledgerlift run --address ${cluster.address} ... --weight N\`. Ctrl-C stops it.`,
);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void cluster.stop().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
