import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The permission bits of `folder` and of everything under it, by path relative to `folder`. */
export async function modesUnder(folder: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = { '.': await modeOf(folder) };
  for (const name of await readdir(folder, { recursive: true })) {
    modes[name.split(path.sep).join('/')] = await modeOf(path.join(folder, name));
  }
  return modes;
}

async function modeOf(file: string): Promise<string> {
  const stats = await stat(file);
  return `${stats.isDirectory() ? 'folder' : 'file'} ${(stats.mode & 0o777).toString(8)}`;
}
