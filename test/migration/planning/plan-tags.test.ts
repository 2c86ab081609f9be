import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import { planTagOf } from '../../../src/migration/planning/plan-tags.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';
import { planIdOf } from '../../../workflows/planning/plan-ids.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const first: RunScope = {
  runName: 'r',
  mode: 'live',
  stageId: 'live-0b7c3a52-1d2e-4f60-9a8b-7c6d5e4f3a21',
  profile: 'p',
};
const later: RunScope = { ...first, stageId: 'live-5e1f0c9d-2a3b-4c5d-8e7f-60a1b2c3d4e5' };

async function storeDeps() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-ids-'));
  dirs.push(dir);
  const store = new FileRunStore(dir);
  return { store, deps: { openStore: () => Promise.resolve(store) } as Partial<EngineDeps> };
}

describe('plan ids of an execution', () => {
  it('keeps the plain ids for the first execution of a run name, and tags a later one', async () => {
    const { store, deps } = await storeDeps();
    expect(await planTagOf(deps as EngineDeps, { scope: first })).toEqual({});
    expect(planIdOf(0, undefined)).toBe('main');
    expect(planIdOf(2, undefined)).toBe('replay-2');

    // The first execution planned a phase: a later execution (a re-run after an undo) plans afresh
    // under its own ids instead of answering those stored plans.
    await store.putDocument(scopeKeys(first).unitPlan('main', 'payments', 'split'), { units: 0 });
    const { tag } = await planTagOf(deps as EngineDeps, { scope: later });
    expect(tag).toBe('60a1b2c3d4e5');
    expect(planIdOf(0, tag)).toBe('main-60a1b2c3d4e5');
    expect(planIdOf(1, tag)).toBe('replay-1-60a1b2c3d4e5');
    // Asked again (a retried activity), the same execution gets the same tag.
    expect(await planTagOf(deps as EngineDeps, { scope: later })).toEqual({ tag });
  });

  it('reads only the live plans: a dry run never makes a live run plan afresh', async () => {
    const { store, deps } = await storeDeps();
    const dry: RunScope = { ...first, mode: 'dry-run', stageId: 'dry-run-1' };
    await store.putDocument(scopeKeys(dry).unitPlan('main', 'customers', 'create'), { units: 0 });
    expect(await planTagOf(deps as EngineDeps, { scope: first })).toEqual({});
  });
});
