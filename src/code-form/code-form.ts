import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Which form of Ledgerlift's code a process runs, decided here and nowhere else.
 *
 * Ledgerlift ships one form: the compiled code in dist/ and the workflow bundle beside it
 * (dist/workflow-bundle.js), both made by `npm run build`. `bin/ledgerlift.js`, `npm run worker`,
 * `npm run demo` and the container image run only that form, and never need tsx. The TypeScript
 * sources run only under vitest and tsx: the tests and the development scripts. The programs a
 * test starts in a process of its own run compiled too, from the sources compiled when the test
 * run starts (test/setup/compiled-programs.ts), never from dist/.
 *
 * The rule: a process starts the programs and threads it spawns (the dev stack's worker, the
 * workflow bundler, the exports' reader thread) in the form it runs in itself. A test therefore
 * never runs yesterday's build, and compiled code never reaches for a development package.
 */
export const runsCompiled = import.meta.url.endsWith('.js');

/**
 * A project module in this process's form: `module` is its URL without extension, made relative
 * to the caller (`new URL('./main', import.meta.url)`).
 */
function modulePath(module: URL): string {
  return fileURLToPath(`${module.href}.${runsCompiled ? 'js' : 'ts'}`);
}

/** The node arguments that start the project entry point `module` in this process's form. */
export function nodeArgsToStart(module: URL): string[] {
  // tsx is resolved from here, wherever the process was started from.
  const loader = runsCompiled ? [] : ['--import', import.meta.resolve('tsx')];
  return [...loader, modulePath(module)];
}

/**
 * A worker thread running the project module `module` in this process's form. The sources' form
 * registers tsx in the thread before importing the module: a thread does not inherit the loader
 * of the process, and Node 20 ignores `--import` in a thread's arguments.
 */
export function startThread(module: URL, options: WorkerOptions): Worker {
  if (runsCompiled) return new Worker(modulePath(module), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = `${module.href}.ts`;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/** Entry of all workflows, in this process's form. */
export const workflowsPath = modulePath(new URL('../../workflows/index', import.meta.url));

/** The workflow bundle `npm run build` writes beside the compiled code (dist/workflow-bundle.js). */
export const prebuiltBundlePath = fileURLToPath(
  new URL('../../workflow-bundle.js', import.meta.url),
);
