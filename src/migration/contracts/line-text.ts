// Pure: safe in workflow code. What Ledgerlift prints, renders or shows comes in part from a
// client's exports (account and contact names, cell values in problem messages, file names) and
// from whoever signals a run (a pause's reason). A line break inside such a value starts a line of
// its own, which then reads as Ledgerlift's ("Predicted verdict: will verify"); other characters
// move the cursor, set the clipboard, or reverse the text that follows. So every value that enters
// a line passes through `lineText`: the terminal (src/cli), the Web UI's details panel
// (workflows/render-details.ts) and the HTML report (src/reports/html/escape.ts) alike.

/** DEL, the C1 controls, and the characters that change the direction or the lines of shown text. */
const OTHER_CONTROLS =
  '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** Every C0 control, line feed and tab included, and the others. */
const CONTROL_OR_BREAK = new RegExp(`[\\u0000-\\u001f${OTHER_CONTROLS}]`, 'gu');
/** The C0 controls but line feed and tab, which a block of Ledgerlift's own lines uses. */
const CONTROL_IN_BLOCK = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f${OTHER_CONTROLS}]`, 'gu');

/**
 * `\u000a` for a line feed: the escape reads as what it stands for, and inside a JSON string it is
 * the very same character, so JSON output stays exact JSON of the same values.
 */
function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One value on one line: every control character, line breaks and tabs included, escaped. */
export function lineText(value: string): string {
  return value.replace(CONTROL_OR_BREAK, escaped);
}

/**
 * A block of lines Ledgerlift wrote itself (its values already through `lineText`): every control
 * character but its own line feeds and tabs escaped. The CLI's printing boundary
 * (src/cli/terminal-text.ts) passes everything through it, so nothing reaches the terminal unescaped.
 */
export function blockText(text: string): string {
  return text.replace(CONTROL_IN_BLOCK, escaped);
}
