import { blockText } from '../migration/contracts/line-text.js';

/**
 * What the CLI prints reaches a terminal, and much of it comes from a client's exports: cell values
 * in problem messages, file names, account and contact names. A terminal acts on some characters
 * instead of showing them: an escape sequence can move the cursor and rewrite lines already printed,
 * set the window title, or (OSC 52) set the clipboard; bidirectional controls reorder what is shown.
 * So every character of that kind leaves the CLI escaped, as `\u001b`: written that way inside a
 * JSON string it is the same character, so `--json` output stays exact JSON of the same values.
 * A value printed inside a line passes through `lineText` (src/migration/contracts/line-text.ts)
 * first, so its line breaks are escaped too: this boundary keeps the CLI's own.
 */

const rawWrites = new WeakMap<NodeJS.WritableStream, NodeJS.WritableStream['write']>();

/**
 * Makes `stream` escape control characters in everything written to it (`blockText`): the CLI's
 * printing boundary, installed on stdout and stderr by src/cli/main.ts, so no command, library
 * message or error can pass a control character from the exports through.
 */
export function escapeControlsIn(stream: NodeJS.WritableStream): void {
  if (rawWrites.has(stream)) return;
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  rawWrites.set(stream, write);
  stream.write = (chunk: unknown, ...rest: unknown[]) =>
    write(
      typeof chunk === 'string'
        ? blockText(chunk)
        : chunk instanceof Uint8Array
          ? blockText(Buffer.from(chunk).toString('utf8'))
          : chunk,
      ...rest,
    );
}

/**
 * Writes a control sequence of the CLI's own (redrawing progress in place) past the boundary. Never
 * for text that holds anything from the exports.
 */
export function writeTerminalControl(stream: NodeJS.WritableStream, sequence: string): void {
  (rawWrites.get(stream) ?? stream.write.bind(stream))(sequence);
}
