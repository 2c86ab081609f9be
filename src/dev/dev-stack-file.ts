import { existsSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { localDataDir } from '../config/project-paths.js';
import {
  makePrivateFolder,
  writePrivateFile,
  isProcessAlive,
} from '../private-files/private-files.js';

/**
 * What a running `ledgerlift dev` tells the commands of the same checkout: where its Temporal and
 * Web UI are, which profile its sandbox is connected as, where its credentials and logs are. The
 * CLI uses it so that against the dev stack the README's commands need no --profile, and Ctrl-C
 * can print the run's Web UI link. Never a secret: the credentials stay in their own file.
 */
const devStackInfoSchema = z.object({
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

/**
 * The file of the stack whose Temporal frontend is at `address`, in the checkout's local folder
 * whatever the stack's --data: a command finds it by the address it talks to, and two stacks on
 * other ports never overwrite each other's.
 */
export function devStackFile(address: string, registryDir: string = localDataDir): string {
  const name = address
    .replace(/^(localhost|\[::1\]):/, '127.0.0.1:')
    .replace(/[^A-Za-z0-9.-]/g, '_');
  return path.join(registryDir, 'dev-stacks', `${name}.json`);
}

export async function writeDevStackInfo(
  info: DevStackInfo,
  registryDir: string = localDataDir,
): Promise<void> {
  const file = devStackFile(info.address, registryDir);
  await makePrivateFolder(path.dirname(file));
  await writePrivateFile(file, `${JSON.stringify(info, null, 2)}\n`);
}

export async function removeDevStackInfo(
  address: string,
  registryDir: string = localDataDir,
): Promise<void> {
  await rm(devStackFile(address, registryDir), { force: true });
}

/** The running dev stack at this Temporal address, or undefined (none, stale, or unreadable). */
export function readDevStackInfo(
  address: string,
  registryDir: string = localDataDir,
): DevStackInfo | undefined {
  const file = devStackFile(address, registryDir);
  try {
    if (!existsSync(file) || statSync(file).size > 64 * 1024) return undefined;
    const parsed = devStackInfoSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success || !isProcessAlive(parsed.data.pid)) return undefined;
    return parsed.data;
  } catch {
    return undefined;
  }
}
