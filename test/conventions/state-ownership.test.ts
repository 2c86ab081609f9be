import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';

const workflows = path.join(projectRoot, 'workflows');

/** Each workflow's state module, its writable form, and the top-level function's file that owns it. */
const owners = [
  {
    state: 'ledger-run/run-state.ts',
    writable: 'RunState',
    owner: 'migrate-ledger.ts',
  },
  {
    state: 'step-run/step-state.ts',
    writable: 'StepState',
    owner: 'migrate-step.ts',
  },
  {
    state: 'undo/undo-state.ts',
    writable: 'UndoState',
    owner: 'undo-run.ts',
  },
];

async function workflowFiles(folder = workflows): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return workflowFiles(full);
      return Promise.resolve(entry.name.endsWith('.ts') ? [full] : []);
    }),
  );
  return nested.flat();
}

/** The names a file imports from `target` (an absolute path without extension). */
function namesImported(source: string, file: string, target: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const [, list = '', from = ''] = match;
    const resolved = path.resolve(path.dirname(file), from).replace(/\.js$/, '');
    if (resolved !== target) continue;
    for (const part of list.split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** The functions a state module exports after its "The transitions" marker: its writes. */
function transitionsOf(source: string): string[] {
  const start = source.indexOf('// The transitions');
  if (start < 0) return [];
  return [...source.slice(start).matchAll(/export function (\w+)/g)].map((m) => m[1] ?? '');
}

// docs/conventions.md, "State": a workflow's top-level function owns its state; the parts it calls
// take values and return (or yield) what happened, so none of them may apply a transition.
describe('the state of each workflow', () => {
  it.each(owners)(
    'changes only in $owner, the top-level function that owns $state',
    async ({ state, writable, owner }) => {
      const statePath = path.join(workflows, state);
      const transitions = transitionsOf(await readFile(statePath, 'utf8'));
      expect(transitions.length).toBeGreaterThan(3);
      const target = statePath.replace(/\.ts$/, '');
      const writers: string[] = [];
      for (const file of await workflowFiles()) {
        if (file === statePath || file === path.join(workflows, owner)) continue;
        const imported = namesImported(await readFile(file, 'utf8'), file, target);
        const writes = imported.filter((name) => transitions.includes(name) || name === writable);
        if (writes.length > 0)
          writers.push(`${path.relative(workflows, file)}: ${writes.join(', ')}`);
      }
      expect(writers).toEqual([]);
    },
  );
});
