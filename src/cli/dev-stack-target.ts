import { localDataDir } from '../config/project-paths.js';
import type { TemporalSettings } from '../config/temporal-settings.js';
import { readDevStackInfo, type DevStackInfo } from '../dev/dev-stack-file.js';

/**
 * The running `ledgerlift dev` of this checkout when the command talks to its Temporal, else
 * undefined: a command aimed at another cluster never takes the dev stack's defaults.
 */
export function devStackTarget(
  settings: Pick<TemporalSettings, 'address'>,
  dataDir: string = localDataDir,
): DevStackInfo | undefined {
  const info = readDevStackInfo(dataDir);
  return info && sameAddress(info.address, settings.address) ? info : undefined;
}

function sameAddress(a: string, b: string): boolean {
  const loopback = (address: string) => address.replace(/^(localhost|\[::1\]):/, '127.0.0.1:');
  return loopback(a) === loopback(b);
}
