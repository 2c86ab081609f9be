/** Exit codes scripts can rely on (listed in `ledgerlift --help` and docs/cli.md). */
export const exitCodes = {
  /** Done, and nothing needs attention. */
  ok: 0,
  /** Done, but something needs the consultant: errors in the exports, failed rows, books to review. */
  needsAttention: 1,
  /** The command line was wrong. */
  usage: 2,
  /** Temporal, the API or a file could not be reached or read. */
  unavailable: 3,
  /** Ctrl-C while following a run (128 + SIGINT, as shells report it); the run goes on. */
  interrupted: 130,
} as const;

/** An error whose message is meant for the consultant, with the exit code it should end with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
