import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { connectToSandbox, sandboxWorkspaceFor } from '../../src/dev/connect-sandbox.js';
import { migrationApiOver } from '../../src/migration/api-adapter/client-adapter.js';
import { createPartnerApiClient } from '../../src/partner-api/index.js';

describe('a sandbox workspace in another currency (ledgerlift dev --currency CAD --country CA)', () => {
  let dir: string;
  let sandbox: RunningSandbox | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-dev-workspace-'));
  });
  afterEach(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts the sandbox with these workspaces, connects to `workspaceId`, and reads it back. */
  async function connectedWorkspace(workspaceId: string, withDefault: boolean) {
    const config = defaultSandboxConfig();
    const canadian = sandboxWorkspaceFor('cad', 'ca');
    config.workspaces = withDefault ? [...config.workspaces, canadian] : [canadian];
    sandbox = await startSandbox({ port: 0, config });
    const credentialsPath = path.join(dir, 'credentials.json');
    await connectToSandbox({ baseUrl: sandbox.url, profile: 'dev', credentialsPath, workspaceId });
    const client = createPartnerApiClient({ credentialsPath, profile: 'dev', env: {} });
    try {
      return await migrationApiOver(client).getWorkspace();
    } finally {
      await client.close();
    }
  }

  it('is a CAD workspace in Canada, connected through the consent flow', async () => {
    const workspace = await connectedWorkspace(sandboxWorkspaceFor('CAD', 'CA').id, false);
    expect(workspace).toMatchObject({ currency: 'CAD', country: 'CA' });
  });

  it('is the one connected even when the data file also holds the default USD workspace', async () => {
    const workspace = await connectedWorkspace(sandboxWorkspaceFor('CAD', 'CA').id, true);
    expect(workspace).toMatchObject({ currency: 'CAD', country: 'CA' });
  });

  it('keeps one id per currency and country, so a restarted stack finds its rehearsal again', () => {
    expect(sandboxWorkspaceFor('CAD', 'CA').id).toBe(sandboxWorkspaceFor('cad', 'ca').id);
    expect(sandboxWorkspaceFor('CAD', 'CA').id).not.toBe(sandboxWorkspaceFor('GBP', 'GB').id);
    expect(() => sandboxWorkspaceFor('CA', 'CA')).toThrow(/ISO 4217/);
  });
});
