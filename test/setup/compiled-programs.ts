import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, stop } from 'esbuild';
import ts from 'typescript';
import { projectRoot } from '../../src/config/project-paths.js';

/**
 * The programs tests start in processes of their own (the CLI, the worker, the sandbox, the dev
 * stack) run compiled, as Ledgerlift ships them (src/code-form/code-form.ts), but compiled from
 * today's sources when the test run starts, so a test never runs yesterday's build. Through tsx,
 * each such process spent about a second more CPU loading the sources than the compiled code
 * needs, and a test run starts over a hundred of them (docs/benchmarks.md, "The test suite").
 */

/**
 * Under node_modules, so that the compiled code resolves the project's packages as dist/ does, and
 * its project root (src/config/project-paths.ts) is still the repository's.
 */
const programsParent = path.join(projectRoot, 'node_modules', '.cache', 'ledgerlift-test-programs');

export interface CompiledPrograms {
  /** Mirrors the project's layout: `<root>/src/cli/main.js` is src/cli/main.ts compiled. */
  root: string;
  remove(): Promise<void>;
}

/** Compiles the sources into a folder of this test run's own; `remove` deletes it. */
export async function compilePrograms(): Promise<CompiledPrograms> {
  await removeAbandoned();
  const root = path.join(programsParent, `run-${process.pid}`);
  await rm(root, { recursive: true, force: true });
  await build({
    entryPoints: buildFiles(),
    absWorkingDir: projectRoot,
    outdir: root,
    outbase: '.',
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise stay for the whole test run.
  await stop();
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The files `npm run build` compiles, as tsconfig.build.json names them. */
function buildFiles(): string[] {
  const configFile = path.join(projectRoot, 'tsconfig.build.json');
  const read = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  return ts.parseJsonConfigFileContent(read.config as object, ts.sys, projectRoot).fileNames;
}

/** A test run killed before its teardown leaves its folder; the next run removes it. */
async function removeAbandoned(): Promise<void> {
  let names: string[];
  try {
    names = await readdir(programsParent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/-(\d+)$/.exec(name)?.[1]);
    if (Number.isInteger(pid) && !isRunning(pid))
      await rm(path.join(programsParent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
