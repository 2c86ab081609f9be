import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * The project's root: the nearest folder above this file with a package.json, so the same answer
 * comes from the sources (src/config/) and from the compiled code (dist/src/config/).
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start, '../..');
  }
}

/** The repository root, resolved from this file so scripts work from any working directory. */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Tools the project builds for itself (the Temporal CLI); never committed. */
export const localToolsBin = path.join(projectRoot, '.tools', 'bin');

/** Local state of the embedded stack: Temporal's SQLite file, runs, credentials. Never committed. */
export const localDataDir = path.join(projectRoot, '.ledgerlift');
