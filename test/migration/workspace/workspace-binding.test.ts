import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  MigrationApi,
  WorkspaceInfo,
} from '../../../src/migration/contracts/migration-api.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import {
  bindWorkspace,
  readAndCheckWorkspace,
  readWorkspaceBinding,
  WorkspaceBindingRefused,
} from '../../../src/migration/workspace/workspace-binding.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const BASE_URL = 'http://127.0.0.1:4010';
const A = '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b';
const B = '3f9a6c1e-8b2d-4e57-a1c4-00000000000b';
const scope = (profile: string): RunScope => ({
  runName: 'acme',
  mode: 'live',
  stageId: 'live-1',
  profile,
});

/** A run store, and an API per profile that answers its workspace read and its connection. */
async function fixture(
  workspaces: Record<string, { read: WorkspaceInfo; granted: string | null }>,
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'workspace-binding-'));
  dirs.push(dir);
  const store = new FileRunStore(dir);
  const deps: Partial<EngineDeps> = {
    openStore: () => Promise.resolve(store),
    api: (profile) => {
      const workspace = workspaces[profile];
      if (!workspace) throw new Error(`no profile ${profile}`);
      return Promise.resolve({
        getWorkspace: () => Promise.resolve(workspace.read),
        connection: () =>
          Promise.resolve({ baseUrl: BASE_URL, grantedWorkspaceId: workspace.granted }),
      } as Partial<MigrationApi> as MigrationApi);
    },
  };
  return { store, deps: deps as EngineDeps };
}

describe('the workspace a run name belongs to', () => {
  it('is the first one a live run records; another is refused, naming both and what to do', async () => {
    const { store, deps } = await fixture({
      pa: { read: { id: A }, granted: A },
      pb: { read: { id: B }, granted: B },
    });
    const first = await readAndCheckWorkspace(deps, { scope: scope('pa'), use: 'run' });
    expect(first).toEqual({ profile: 'pa', baseUrl: BASE_URL, workspaceId: A });
    await bindWorkspace(store, 'acme', first, new Date('2026-11-27T04:00:00Z'));

    const refusal = readAndCheckWorkspace(deps, { scope: scope('pb'), use: 'undo' });
    await expect(refusal).rejects.toBeInstanceOf(WorkspaceBindingRefused);
    await expect(refusal).rejects.toThrow(
      `Run "acme" belongs to workspace ${A} at ${BASE_URL} (profile "pa")`,
    );
    await expect(refusal).rejects.toThrow(`This undo would use workspace ${B}`);
    await expect(refusal).rejects.toThrow('--name acme-pb');

    // A later bind of another workspace keeps the first: the run's outcomes hold its record ids.
    await expect(
      bindWorkspace(
        store,
        'acme',
        { profile: 'pb', baseUrl: BASE_URL, workspaceId: B },
        new Date(),
      ),
    ).rejects.toBeInstanceOf(WorkspaceBindingRefused);
    expect(await readWorkspaceBinding(store)).toMatchObject({ workspaceId: A, profile: 'pa' });
  });

  it('is the same workspace through another profile, or in another letter case', async () => {
    const { store, deps } = await fixture({
      pa: { read: { id: A }, granted: null },
      again: { read: { id: A.toUpperCase() }, granted: null },
    });
    await bindWorkspace(
      store,
      'acme',
      await readAndCheckWorkspace(deps, { scope: scope('pa'), use: 'run' }),
      new Date(),
    );
    await expect(
      readAndCheckWorkspace(deps, { scope: scope('again'), use: 'replay' }),
    ).resolves.toMatchObject({ profile: 'again' });
  });

  it("takes the grant's workspace id when the API's read leaves it out, and refuses when neither says", async () => {
    const { deps } = await fixture({
      granted: { read: {}, granted: B },
      unknown: { read: {}, granted: null },
    });
    await expect(
      readAndCheckWorkspace(deps, { scope: scope('granted'), use: 'run' }),
    ).resolves.toMatchObject({ workspaceId: B });
    await expect(
      readAndCheckWorkspace(deps, { scope: scope('unknown'), use: 'run' }),
    ).rejects.toThrow('does not say which workspace it reaches');
  });
});
