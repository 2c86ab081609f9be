import { existsSync, readFileSync, statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a running `ledgerlift dev` tells the commands of the same checkout: where its Temporal and
 * Web UI are, which profile its sandbox is connected as, where its credentials and logs are. The
 * CLI uses it so that against the dev stack the README's commands need no --profile, and Ctrl-C
 * can print the run's Web UI link. Never a secret: the credentials stay in their own file.
 */
export const devStackInfoSchema = z.object({
  address: z.string().max(300),
  namespace: z.string().max(300),
  taskQueue: z.string().max(300),
  uiUrl: z.string().max(300).optional(),
  profile: z.string().max(128),
  credentialsPath: z.string().max(4096),
  runsDir: z.string().max(4096),
  logFile: z.string().max(4096),
  pid: z.number().int(),
});

export type DevStackInfo = z.infer<typeof devStackInfoSchema>;

/** The file in the stack's data folder. */
export function devStackFile(dataDir: string): string {
  return path.join(dataDir, 'dev-stack.json');
}

export async function writeDevStackInfo(dataDir: string, info: DevStackInfo): Promise<void> {
  await writeFile(devStackFile(dataDir), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
}

export async function removeDevStackInfo(dataDir: string): Promise<void> {
  await rm(devStackFile(dataDir), { force: true });
}

/** True while the process is alive (a stack killed without Ctrl-C leaves its file behind). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running dev stack of this data folder, or undefined (none, stale, or unreadable). */
export function readDevStackInfo(dataDir: string): DevStackInfo | undefined {
  const file = devStackFile(dataDir);
  try {
    if (!existsSync(file) || statSync(file).size > 64 * 1024) return undefined;
    const parsed = devStackInfoSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success || !isAlive(parsed.data.pid)) return undefined;
    return parsed.data;
  } catch {
    return undefined;
  }
}
