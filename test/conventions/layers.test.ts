import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';

const run = promisify(execFile);
const depcruise = path.join(projectRoot, 'node_modules', '.bin', 'depcruise');
const config = path.join(projectRoot, '.dependency-cruiser.cjs');

/** Runs the lint step's layer check in `cwd`; answers the rule names it reported. */
async function violations(cwd: string, folders: string[]): Promise<string[]> {
  const result = await run(depcruise, [...folders, '--config', config, '-T', 'err'], {
    cwd,
  }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  return [...result.matchAll(/error ([a-z-]+):/g)].map((match) => match[1] ?? '');
}

describe('the layer check of npm run lint', () => {
  let fixture: string;
  const files: Record<string, string> = {
    // A cycle of two files.
    'src/migration/engine/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
    'src/migration/engine/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    // The engine reaching into a step's handler.
    'src/migration/engine/runs-a-handler.ts':
      "import { handler } from '../handlers/some-step.js';\nexport const run = handler;\n",
    'src/migration/handlers/some-step.ts': 'export const handler = 1;\n',
    // A reader importing validation, and the sandbox importing pipeline code.
    'src/sources/reader.ts':
      "import { rule } from '../validation/rule.js';\nexport const r = rule;\n",
    'src/validation/rule.ts': 'export const rule = 1;\n',
    'sandbox/route.ts':
      "import { handler } from '../src/migration/handlers/some-step.js';\nexport const h = handler;\n",
    // Workflow code importing engine code (a type import of an activity would be allowed).
    'workflows/flow.ts':
      "import { handler } from '../src/migration/handlers/some-step.js';\nexport const f = handler;\n",
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
    }),
  };

  beforeAll(async () => {
    fixture = await mkdtemp(path.join(tmpdir(), 'ledgerlift-layers-'));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(fixture, name)), { recursive: true });
      await writeFile(path.join(fixture, name), text);
    }
  });
  afterAll(async () => {
    await rm(fixture, { recursive: true, force: true });
  });

  it('fails on a cycle and on each forbidden import, naming the rule', async () => {
    const found = await violations(fixture, ['src', 'sandbox', 'workflows']);
    expect(new Set(found)).toEqual(
      new Set([
        'no-cycle',
        'engine-never-imports-a-handler',
        'readers-below-mappings-and-validation',
        'sandbox-imports-only-money-and-json',
        'workflows-import-only-contracts',
      ]),
    );
  });
});
