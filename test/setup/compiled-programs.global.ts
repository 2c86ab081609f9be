import type { TestProject } from 'vitest/node';
import { compilePrograms } from './compiled-programs.js';
import './provided-context.js';

/** The unit tests' programs (the CLI, the sandbox), compiled once for the run. */
export default async function setup(project: TestProject) {
  const programs = await compilePrograms();
  project.provide('programsRoot', programs.root);
  return () => programs.remove();
}
