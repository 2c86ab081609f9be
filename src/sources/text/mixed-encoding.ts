import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { MixedLines } from './decode-text.js';

/**
 * The one problem of a file that mixes UTF-8 and Windows-1252 lines: each line was read in its own
 * encoding, and the lines in the encoding fewer of them use are named for the consultant to check.
 */
export function mixedEncodingProblem(file: string, mixed: MixedLines): Problem {
  const [first = 1] = mixed.lines;
  const more = mixed.count > mixed.lines.length ? ', …' : '';
  const lines = `${mixed.count === 1 ? 'line' : 'lines'} ${mixed.lines.join(', ')}${more}`;
  const what =
    mixed.odd === 'windows-1252'
      ? `${mixed.count === 1 ? '1 line is' : `${mixed.count} lines are`} not valid UTF-8 like the rest of the file (${lines}); ${mixed.count === 1 ? 'it was' : 'they were'} read as Windows-1252`
      : `${mixed.count === 1 ? '1 line is' : `${mixed.count} lines are`} UTF-8 while the rest of the file is Windows-1252 (${lines}); ${mixed.count === 1 ? 'it was' : 'they were'} read as UTF-8`;
  return problemOf(
    'encoding.mixed',
    `${file}: ${what}. Check the names and text on ${mixed.count === 1 ? 'that row' : 'those rows'}, and save the file in one encoding (UTF-8) if any looks wrong.`,
    { location: { file, row: first } },
  );
}
