import { fileURLToPath } from 'node:url';

/**
 * Which form of Ledgerlift's code a process runs, decided here and nowhere else.
 *
 * Ledgerlift ships one form: the compiled code in dist/ and the workflow bundle beside it
 * (dist/workflow-bundle.js), both made by `npm run build`. `bin/ledgerlift.js`, `npm run worker`,
 * `npm run demo` and the container image run only that form, and never need tsx. The TypeScript
 * sources run only under vitest and tsx: the tests and the development scripts.
 *
 * The rule: a process starts the programs it spawns (the dev stack's worker, the workflow bundler)
 * in the form it runs in itself. A test on the sources therefore never runs yesterday's build, and
 * compiled code never reaches for a development package.
 */
export const runsCompiled = import.meta.url.endsWith('.js');

/** A project module given relative to this folder, without extension, in this process's form. */
function modulePath(relative: string): string {
  return fileURLToPath(new URL(`${relative}.${runsCompiled ? 'js' : 'ts'}`, import.meta.url));
}

/** The node arguments that start the project entry point `relative` in this process's form. */
export function nodeArgsToStart(relative: string): string[] {
  // tsx is resolved from here, wherever the process was started from.
  const loader = runsCompiled ? [] : ['--import', import.meta.resolve('tsx')];
  return [...loader, modulePath(relative)];
}

/** Entry of all workflows, in this process's form. */
export const workflowsPath = modulePath('../../workflows/index');

/** The workflow bundle `npm run build` writes beside the compiled code (dist/workflow-bundle.js). */
export const prebuiltBundlePath = fileURLToPath(
  new URL('../../workflow-bundle.js', import.meta.url),
);
