import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isExportArchive } from '../../sources/archive/export-folder.js';
import type { StageInput } from '../contracts/workflow-types.js';
import type { ExportsReader } from './validated-exports.js';

/**
 * A source outside the worker's sources root: a run started from the Temporal UI names any path,
 * and the worker would otherwise read whatever it can (its own credentials, other clients' files).
 */
export class SourceOutsideRoot extends Error {
  override readonly name = 'SourceOutsideRoot';
}

/**
 * A source folder that is not there, or neither a folder nor a ZIP of exports: a run started from the Temporal UI with a
 * mistyped folder would otherwise read nothing, stage nothing, and end as if it had migrated.
 */
export class SourceFolderMissing extends Error {
  override readonly name = 'SourceFolderMissing';
}

/**
 * Why `folder` cannot be read as a folder of exports, in the words `validate` uses for it
 * (mappings/read-ledger.ts), or undefined when it can: the worker asks before a run reads the
 * workspace, and `ledgerlift ui-input` before it prints a run's input.
 */
export async function sourceFolderProblem(folder: string): Promise<string | undefined> {
  try {
    if ((await stat(folder)).isDirectory() || (await isExportArchive(folder))) return undefined;
    return `The export folder ${folder} is a file, not a folder of exports or a ZIP of them`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `The export folder ${folder} ${code === 'ENOENT' || code === 'ENOTDIR' ? 'does not exist' : 'cannot be read'}`;
  }
}

/** The real path of `target` (symlinks followed), or its plain absolute form when it does not exist. */
async function realOrResolved(target: string): Promise<string> {
  try {
    return await realpath(target);
  } catch {
    return path.resolve(target);
  }
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The source with its folder and overrides file replaced by their real paths, once both are known
 * to lie under `root` (itself resolved the same way); a path outside, directly or through a
 * symlink, throws SourceOutsideRoot naming the path, the root and the setting that moves it.
 */
export async function confineSource(
  source: StageInput['source'],
  root: string,
): Promise<StageInput['source']> {
  const realRoot = await realOrResolved(root);
  const check = async (what: string, given: string) => {
    const real = await realOrResolved(given);
    if (isInside(realRoot, real)) return real;
    const via = real === path.resolve(given) ? '' : ` (it leads to ${real})`;
    throw new SourceOutsideRoot(
      `The ${what} ${given}${via} is outside this worker's sources root ${realRoot}: put the exports under that folder, or have the operator set LEDGERLIFT_SOURCES_ROOT to a folder that holds them.`,
    );
  };
  const folder = await check('source folder', source.folder);
  const overridesFile =
    source.overridesFile === undefined
      ? undefined
      : await check('overrides file', source.overridesFile);
  return { ...source, folder, ...(overridesFile ? { overridesFile } : {}) };
}

/** A source reader that reads only under `root` (the worker's LEDGERLIFT_SOURCES_ROOT). */
export function confinedReader(read: ExportsReader, root: string): ExportsReader {
  return async function* (input) {
    const source = await confineSource(input.source, root);
    yield* read({ ...input, source });
  };
}
