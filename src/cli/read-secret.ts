import { CliError } from './exit-codes.js';

/** Far more than any client secret: more is a mistake (a file piped in), not a secret. */
const MAX_SECRET_BYTES = 4096;

/**
 * A secret piped on standard input (`--client-secret-stdin`): its first line, without the line
 * ending. Unlike a flag, it shows neither in the shell history nor in `ps`.
 */
export async function readSecretFromStdin(
  input: NodeJS.ReadableStream = process.stdin,
  what = 'the client secret',
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += buffer.length;
    if (size > MAX_SECRET_BYTES) {
      throw new CliError(
        `Standard input holds more than ${MAX_SECRET_BYTES} bytes: pipe only ${what}.`,
      );
    }
    chunks.push(buffer);
  }
  const secret = (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
  if (secret === '') {
    throw new CliError(
      `Standard input is empty: pipe ${what}, for example from a password manager.`,
    );
  }
  return secret;
}
