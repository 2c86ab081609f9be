import { localDataDir } from '../config/project-paths.js';
import type { TemporalSettings } from '../config/temporal-settings.js';
import { readDevStackInfo, type DevStackInfo } from '../dev/dev-stack-file.js';

/**
 * The running `ledgerlift dev` of this checkout when the command talks to its Temporal, else
 * undefined: a command aimed at another cluster never takes the dev stack's defaults.
 */
export function devStackTarget(
  settings: Pick<TemporalSettings, 'address'>,
  registryDir: string = localDataDir,
): DevStackInfo | undefined {
  return readDevStackInfo(settings.address, registryDir);
}
