/** Delimiters found in legacy CSV exports, in the order they are preferred on a tie. */
const csvDelimiters = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

const SAMPLE_LINES = 50;

/**
 * Picks the delimiter under which some line of the sample looks most like the expected header
 * (`scoreHeader` counts expected column names among the cells). When no line scores, it falls back to
 * the delimiter that splits the sample into the most consistent number of cells.
 */
export function detectDelimiter(
  sample: string,
  scoreHeader: (cells: string[]) => number,
): CsvDelimiter {
  const lines = sample.split(/\r\n|\r|\n/).slice(0, SAMPLE_LINES);
  let best: { delimiter: CsvDelimiter; score: number; consistency: number } | undefined;
  for (const delimiter of csvDelimiters) {
    const splits = lines
      .filter((line) => line.trim() !== '')
      .map((line) => splitLine(line, delimiter));
    const score = Math.max(0, ...splits.map(scoreHeader));
    const consistency = consistencyOf(splits.map((cells) => cells.length));
    if (!best || score > best.score || (score === best.score && consistency > best.consistency)) {
      best = { delimiter, score, consistency };
    }
  }
  return best?.delimiter ?? ',';
}

/** How many lines share the most common cell count, when that count is above one. */
function consistencyOf(counts: number[]): number {
  const frequency = new Map<number, number>();
  for (const count of counts) if (count > 1) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  return Math.max(0, ...frequency.values());
}

/** Splits one line on a delimiter, honouring double quotes (enough to score a sample). */
export function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
