// `npm run temporal:start`: the embedded Temporal dev server, persisted under .ledgerlift/, with the
// Web UI, one task-queue partition and Ledgerlift's search attributes. Runs until Ctrl-C.
import path from 'node:path';
import { localDataDir } from '../src/config/project-paths.js';
import { ensureTemporalCli } from '../src/dev/temporal-cli.js';
import { startDevServer } from '../src/dev/temporal-dev-server.js';

const port = Number(process.env.TEMPORAL_PORT ?? 7233);
const uiPort = Number(process.env.TEMPORAL_UI_PORT ?? port + 1000);
const server = await startDevServer(await ensureTemporalCli(), {
  port,
  uiPort,
  dbFile: path.join(localDataDir, 'temporal', 'dev.db'),
});
console.log(
  `Temporal dev server on ${server.address}; Web UI at ${server.uiUrl}. Ctrl-C stops it.`,
);

const stop = () => void server.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
