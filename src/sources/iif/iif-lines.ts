/**
 * Line handling for IIF text. QuickBooks for Windows writes CRLF, QuickBooks for Mac and some
 * converters write CR alone, others LF: all three end a line.
 */

/**
 * Splits decoded text into complete lines plus the unfinished tail to carry into the next chunk.
 * A chunk ending in CR keeps it in the tail, so a CRLF pair cut between chunks stays one line end.
 */
export function splitIifLines(text: string, final: boolean): { lines: string[]; carry: string } {
  const held = !final && text.endsWith('\r') ? '\r' : '';
  const lines = (held ? text.slice(0, -1) : text).split(/\r\n|\r|\n/);
  if (final) return { lines, carry: '' };
  return { lines, carry: (lines.pop() ?? '') + held };
}

/** Rows that end a block and need no !header of their own. */
export const IIF_TERMINATORS = new Set(['ENDTRNS', 'ENDGRP', 'ENDTAX']);

/**
 * True for a line of an IIF file saved with commas instead of tabs (a spreadsheet's "Save as CSV"):
 * no tab, and a record type such as !TRNS or SPL before the first comma.
 */
export function isCommaDelimitedIifLine(line: string): boolean {
  return !line.includes('\t') && /^"?!?[A-Za-z]+"?,/.test(line);
}
