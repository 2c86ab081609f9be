import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A scratch folder PostgreSQL's own OS user can reach: as root, the cluster runs it as `postgres`
 * (src/dev/cluster/private-postgres.ts), which must pass through this folder to its data.
 */
export async function scratchFolderForPostgres(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}
