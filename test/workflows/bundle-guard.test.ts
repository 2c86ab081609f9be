import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { afterAll, describe, expect, it } from 'vitest';
import { localDataDir } from '../../src/config/project-paths.js';
import { bundleWorkflowsApart } from '../../src/worker/bundle-apart.js';
import { workflowsPath } from '../../src/code-form/code-form.js';

const silent = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

const workflowsDir = path.dirname(workflowsPath);
const scratchRoot = path.join(localDataDir, 'tmp');

describe('workflow bundle guard', () => {
  const scratch: string[] = [];
  afterAll(async () => {
    await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('bundles every workflow in workflows/ for the deterministic sandbox', async () => {
    const { code } = await bundleWorkflowCode({ workflowsPath, logger: silent });
    expect(code).toContain('smokeWorkflow');
  });

  it('bundles the same workflows in a child process, as the worker does', async () => {
    const { code } = await bundleWorkflowsApart();
    for (const name of ['migrateLedger', 'migrateStep', 'smokeWorkflow']) {
      expect(code).toContain(name);
    }
  });

  it('fails as soon as a workflow file imports node:fs (the guard is not vacuous)', async () => {
    // A copy of the real workflows/ inside the project (so packages resolve), with one file tainted.
    await mkdir(scratchRoot, { recursive: true });
    const copy = await mkdtemp(path.join(scratchRoot, 'guard-'));
    scratch.push(copy);
    await cp(workflowsDir, copy, { recursive: true });
    const tainted = path.join(copy, 'smoke.ts');
    const original = await readFile(tainted, 'utf8');
    await writeFile(
      tainted,
      `import { readFileSync } from 'node:fs';\nvoid readFileSync;\n${original}`,
    );

    const errors: string[] = [];
    const logger = { ...silent, error: (message: string) => void errors.push(message) };
    const entry = path.join(copy, path.basename(workflowsPath));
    await expect(bundleWorkflowCode({ workflowsPath: entry, logger })).rejects.toThrow(/Webpack/);
    expect(errors.join('\n')).toContain('node:fs');
    // The worker's way: the child's error reaches the worker, naming the import.
    await expect(bundleWorkflowsApart(entry)).rejects.toThrow(
      /bundling the workflows failed[^]*node:fs/,
    );
  });

  it('keeps workflows/ free of Node and I/O imports other than type-only ones', async () => {
    const allowed = /^(@temporalio\/(workflow|common)|\.{1,2}\/)/;
    const offenders: string[] = [];
    for (const name of await readdir(workflowsDir, { recursive: true })) {
      if (!name.endsWith('.ts')) continue;
      const text = await readFile(path.join(workflowsDir, name), 'utf8');
      for (const match of text.matchAll(/^import\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)) {
        const [, typeOnly, specifier = ''] = match;
        const valueImportOfActivities = !typeOnly && /\/activities(\/|$)/.test(specifier);
        if (!allowed.test(specifier) || valueImportOfActivities)
          offenders.push(`${name}: ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
