import { compiledProgram, runCommand } from './processes.js';

/**
 * Runs `ledgerlift` as a consultant would: its own process, its exit code, its output. Compiled as
 * it ships, from today's sources (test/setup/compiled-programs.ts), so no build is needed.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand(process.execPath, [compiledProgram('src/cli/main.ts'), ...args], env);
}
