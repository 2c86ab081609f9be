// The defaults a command takes from a running `ledgerlift dev`, and only from one at its address.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseProfile } from '../../src/cli/default-profile.js';
import { devStackTarget } from '../../src/cli/dev-stack-target.js';
import { webUiBase } from '../../src/cli/web-ui-link.js';
import { writeDevStackInfo, type DevStackInfo } from '../../src/dev/dev-stack-file.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function registry(info: Partial<DevStackInfo> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-devreg-'));
  dirs.push(dir);
  await writeDevStackInfo(
    {
      address: '127.0.0.1:7233',
      namespace: 'default',
      taskQueue: 'ledgerlift',
      uiUrl: 'http://127.0.0.1:8234',
      profile: 'sandbox',
      credentialsPath: path.join(dir, 'credentials.json'),
      runsDir: path.join(dir, 'runs'),
      logFile: path.join(dir, 'logs', 'worker.log'),
      pid: process.pid,
      ...info,
    },
    dir,
  );
  return dir;
}

describe('defaults against the dev stack', () => {
  it('uses the sandbox profile and UI of the dev stack the command talks to', async () => {
    const dir = await registry();
    const dev = devStackTarget({ address: 'localhost:7233' }, dir);
    expect(chooseProfile(undefined, dev, {})).toBe('sandbox');
    expect(webUiBase({ address: '127.0.0.1:7233' }, dev, {})).toBe('http://127.0.0.1:8234');
  });

  it('takes nothing from a stack at another address, or one no longer running', async () => {
    const other = await registry();
    expect(devStackTarget({ address: '10.0.0.5:7233' }, other)).toBeUndefined();
    const stale = await registry({ pid: 2 ** 22 + 12345 });
    expect(devStackTarget({ address: '127.0.0.1:7233' }, stale)).toBeUndefined();
    expect(chooseProfile(undefined, undefined, {})).toBe('default');
    expect(webUiBase({ address: 'temporal.internal:7233' }, undefined, {})).toBe(
      'http://temporal.internal:8233',
    );
  });

  it('lets --profile, then LEDGERLIFT_PROFILE, then TEMPORAL_UI_URL win', async () => {
    const dev = devStackTarget({ address: '127.0.0.1:7233' }, await registry());
    expect(chooseProfile('acme', dev, { LEDGERLIFT_PROFILE: 'other' })).toBe('acme');
    expect(chooseProfile(undefined, dev, { LEDGERLIFT_PROFILE: 'other' })).toBe('other');
    expect(
      webUiBase({ address: '127.0.0.1:7233' }, dev, { TEMPORAL_UI_URL: 'http://ui:8080/' }),
    ).toBe('http://ui:8080');
  });
});
