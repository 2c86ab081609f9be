import { describe, expect, it } from 'vitest';
import { splitIifLines } from '../../src/sources/iif/read-iif-rows.js';

/** Feeds text in the given chunks the way readIifRows does, and returns the lines. */
function linesOf(chunks: string[]): string[] {
  const lines: string[] = [];
  let carry = '';
  for (const chunk of chunks) {
    const split = splitIifLines(carry + chunk, false);
    lines.push(...split.lines);
    carry = split.carry;
  }
  if (carry !== '') lines.push(...splitIifLines(carry, true).lines);
  return lines;
}

describe('IIF line ends', () => {
  it('ends lines at CRLF, CR alone and LF alone', () => {
    expect(linesOf(['A\r\nB\rC\nD'])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('keeps a CRLF pair cut between two chunks as one line end', () => {
    expect(linesOf(['A\tx\r', '\nB\ty\r', '\nC'])).toEqual(['A\tx', 'B\ty', 'C']);
  });

  it('ends a line at a CR that closes the last chunk', () => {
    expect(linesOf(['A\r', 'B'])).toEqual(['A', 'B']);
  });
});
