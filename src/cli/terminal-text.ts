/**
 * What the CLI prints reaches a terminal, and much of it comes from a client's exports: cell values
 * in problem messages, file names, account and contact names. A terminal acts on some characters
 * instead of showing them: an escape sequence can move the cursor and rewrite lines already printed,
 * set the window title, or (OSC 52) set the clipboard; bidirectional controls reorder what is shown.
 * So every character of that kind leaves the CLI escaped, as `\u001b`: written that way inside a
 * JSON string it is the same character, so `--json` output stays exact JSON of the same values.
 */

/** DEL, the C1 controls, and the characters that change the direction or the lines of shown text. */
const OTHER_CONTROLS =
  '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** The C0 controls but line feed and tab, which the CLI's own output uses, and the others. */
const TERMINAL_CONTROL = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f${OTHER_CONTROLS}]`, 'gu');
/** Also the line feed and the tab: for one value that must stay on its line. */
const TERMINAL_CONTROL_OR_BREAK = new RegExp(`[\\u0000-\\u001f${OTHER_CONTROLS}]`, 'gu');

function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` as the terminal may show it: every control character but line feed and tab escaped. */
function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, escaped);
}

/** One value from the exports on one line: line feeds and tabs escaped too. */
export function terminalValue(text: string): string {
  return text.replace(TERMINAL_CONTROL_OR_BREAK, escaped);
}

const rawWrites = new WeakMap<NodeJS.WritableStream, NodeJS.WritableStream['write']>();

/**
 * Makes `stream` escape control characters in everything written to it (`terminalText`): the CLI's
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
        ? terminalText(chunk)
        : chunk instanceof Uint8Array
          ? terminalText(Buffer.from(chunk).toString('utf8'))
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
