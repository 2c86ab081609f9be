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

interface CruiseSummary {
  totalCruised: number;
  violations: Array<{ rule: { name: string; severity: string } }>;
}

/**
 * Runs the lint step's layer check in `cwd`; answers the rule names it reported as errors. The JSON
 * summary also says how many modules were cruised, so a cruise that read nothing fails here with
 * depcruise's own words instead of passing as "no violations".
 */
async function violations(cwd: string, folders: string[], files: number): Promise<string[]> {
  const output = await run(depcruise, [...folders, '--config', config, '-T', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ stdout, stderr }),
    (error: { stdout?: string; stderr?: string; message?: string }) => {
      // A violation exits non-zero with the report on stdout; anything else is depcruise failing.
      if (error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? '' };
      throw new Error(`depcruise failed: ${error.stderr || error.message}`);
    },
  );
  const { summary } = JSON.parse(output.stdout) as { summary: CruiseSummary };
  if (summary.totalCruised < files)
    throw new Error(
      `depcruise read ${summary.totalCruised} of the ${files} fixture files: ${output.stderr}`,
    );
  return summary.violations
    .filter((violation) => violation.rule.severity === 'error')
    .map((violation) => violation.rule.name);
}

describe('the layer check of npm run lint', () => {
  let fixture: string;
  /** A file that imports `target` (relative to the file) and exports one value. */
  const importing = (target: string) => `import { v } from '${target}';\nexport const w = v;\n`;
  const leaf = 'export const v = 1;\n';
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
    // One import against each folder of the migration, each reaching a folder above it.
    'src/migration/contracts/c.ts': importing('../engine/e.js'),
    'src/migration/engine/e.ts': leaf,
    'src/migration/accounting/a.ts': importing('../outcomes/leaf.js'),
    'src/migration/outcomes/leaf.ts': leaf,
    'src/migration/outcomes/o.ts': importing('../planning/leaf.js'),
    'src/migration/planning/leaf.ts': leaf,
    'src/migration/staging/s.ts': importing('../outcomes/leaf.js'),
    'src/migration/planning/p.ts': importing('../sending/leaf.js'),
    'src/migration/sending/leaf.ts': leaf,
    'src/migration/sending/s.ts': importing('../verification/leaf.js'),
    'src/migration/verification/leaf.ts': leaf,
    'src/migration/handlers/h.ts': importing('../sending/leaf.js'),
    'src/migration/api-adapter/a.ts': importing('../handlers/some-step.js'),
    'src/migration/call-log/c.ts': importing('../engine/e.js'),
    'src/migration/workspace/w.ts': importing('../undo/leaf.js'),
    'src/migration/undo/leaf.ts': leaf,
    'src/migration/verification/v.ts': importing('../reporting/leaf.js'),
    'src/migration/reporting/leaf.ts': leaf,
    'src/migration/undo/u.ts': importing('../../reports/leaf.js'),
    'src/reports/leaf.ts': leaf,
    'src/migration/replay-history/r.ts': importing('../staging/leaf.js'),
    'src/migration/staging/leaf.ts': leaf,
    // The upward imports once fixed: reporting into the workflows, the reports into storage.
    'src/migration/reporting/r.ts': importing('../../../workflows/leaf.js'),
    'workflows/leaf.ts': leaf,
    'src/reports/r.ts': importing('../migration/outcomes/leaf.js'),
    'src/migration/root.ts': importing('./engine/e.js'),
    // The migration importing the activities that run it; the CLI importing what the worker
    // registers.
    'src/migration/sending/wraps-itself.ts': importing('../../../activities/leaf.js'),
    'activities/leaf.ts': leaf,
    'src/cli/runs-an-activity.ts': importing('../../activities/leaf.js'),
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
    const sources = Object.keys(files).filter((name) => name.endsWith('.ts')).length;
    const found = await violations(fixture, ['src', 'sandbox', 'workflows', 'activities'], sources);
    expect(new Set(found)).toEqual(
      new Set([
        'no-cycle',
        'engine-is-the-port-of-the-steps',
        'readers-import-only-foundations',
        'sandbox-imports-only-money-and-json',
        'workflows-import-only-contracts',
        'contracts-import-only-the-ledger',
        'accounting-is-pure',
        'outcomes-sit-below-every-step',
        'staging-imports-intake-not-the-steps',
        'planning-never-sends',
        'sending-runs-planned-units',
        'handlers-plug-into-the-engine',
        'api-adapter-imports-the-client-and-the-port',
        'call-log-imports-only-contracts',
        'workspace-reads-through-sending',
        'verification-reads-what-the-steps-wrote',
        'undo-reverses-through-the-steps',
        'replay-history-reads-outcomes',
        'reporting-reads-the-run',
        'reports-read-through-the-read-model',
        'migration-root-imports-only-contracts',
        'migration-sits-below-the-activities-and-reports',
        'only-the-worker-registers-activities',
      ]),
    );
    // Both the undo's report import and the sending file's activity import break the rule.
    expect(
      found.filter((rule) => rule === 'migration-sits-below-the-activities-and-reports'),
    ).toHaveLength(2);
  });
});
