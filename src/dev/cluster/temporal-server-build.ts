import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../config/project-paths.js';

/** The server the cluster runs: the release the Temporal CLI's dev server embeds (docs/deploy.md). */
const TEMPORAL_SERVER_VERSION = '1.29.1';

export interface TemporalServerTools {
  /** `temporal-server`: every service in one process. */
  server: string;
  /** `temporal-sql-tool`: creates and upgrades the schemas (PostgreSQL's are built in). */
  sqlTool: string;
}

/** Where the binaries are cached: `.tools/temporal-server-<version>/` (never committed). */
function temporalServerToolsDir(root = projectRoot): string {
  return path.join(root, '.tools', `temporal-server-${TEMPORAL_SERVER_VERSION}`);
}

/**
 * The server and the sql tool, built with Go on first use (minutes on two cores) and cached. Go
 * fetches the modules through its proxy (GOPROXY), or builds offline from a filled module cache.
 */
export async function ensureTemporalServer(
  log: (line: string) => void = () => {},
): Promise<TemporalServerTools> {
  const dir = temporalServerToolsDir();
  const tools = { server: path.join(dir, 'server'), sqlTool: path.join(dir, 'sql') };
  if (existsSync(tools.server) && existsSync(tools.sqlTool)) return tools;
  log(
    `Building Temporal server ${TEMPORAL_SERVER_VERSION} and its sql tool with Go into ${dir}...`,
  );
  const packages = ['cmd/server', 'cmd/tools/sql'].map(
    (pkg) => `go.temporal.io/server/${pkg}@v${TEMPORAL_SERVER_VERSION}`,
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('go', ['install', ...packages], {
      env: { ...process.env, GOBIN: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', (error) =>
      reject(
        new Error(
          `Go is needed to build the Temporal server (https://go.dev/dl/): ${error.message}`,
        ),
      ),
    );
    child.once('exit', resolve);
  });
  if (code !== 0 || !existsSync(tools.server) || !existsSync(tools.sqlTool)) {
    throw new Error(
      `go install of the Temporal server failed (exit ${code}); see the output above.`,
    );
  }
  return tools;
}
