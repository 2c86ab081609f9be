import { inspect } from 'node:util';
import { CommanderError } from 'commander';
import { CliError, exitCodes } from './exit-codes.js';
import { buildProgram } from './program.js';
import { escapeControlsIn } from './terminal-text.js';

// The `ledgerlift` entry point: runs one command and exits with its code.

// Whatever any command prints, control characters from the exports reach the terminal escaped.
escapeControlsIn(process.stdout);
escapeControlsIn(process.stderr);

// `ledgerlift validate | head` closes the pipe early: that is the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

let exitCode: number = exitCodes.ok;
const program = buildProgram((code) => {
  exitCode = code;
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end here with code 0; usage mistakes with 2.
    exitCode = error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
  } else if (error instanceof CliError) {
    console.error(error.message);
    exitCode = error.exitCode;
  } else {
    // Without colours: their escape sequences would be escaped like anyone else's.
    console.error(inspect(error, { colors: false }));
    exitCode = exitCodes.unavailable;
  }
}
process.exit(exitCode);
