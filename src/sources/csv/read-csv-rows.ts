import { CsvError, Parser } from 'csv-parse';
import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { RawRow } from '../cell.js';
import { openTextFile, mixedEncodingProblem } from '../text/decode-text.js';
import type { TextEncoding } from '../text/detect-encoding.js';
import { detectDelimiter, type CsvDelimiter } from './detect-delimiter.js';

/** A record larger than this is a runaway quoted value: stop before it eats the memory. */
const MAX_RECORD_BYTES = 1024 * 1024;
/**
 * csv-parse counts a record's size in field characters, so a line of empty cells (40 MB of commas)
 * passes that check while it builds a 40-million-cell row. Excel's own width is the cap, checked
 * after every FEED_CHARS fed, so a row never grows more than that past it.
 */
const MAX_CELLS = 16_384;
const FEED_CHARS = 64 * 1024;
const SAMPLE_CHARS = 32 * 1024;

class TooManyCells extends Error {}

/** The synchronous parser inside csv-parse's stream (`parser.api`). */
interface CsvCore {
  /**
   * The record being built (its cells so far), and the cell count a record is expected to have: a
   * record of another count builds a CsvError even under `relax_column_count` (a stack trace and a
   * JSON copy of the parser's options and state, about 60 µs), and then drops it.
   */
  state: { record: unknown[]; expectedRecordLength: number };
  /** Ends the record in `state.record`: checks its cell count, then pushes it. */
  __onRecord(push: (record: string[]) => void): Error | undefined;
  parse(
    chunk: Buffer | undefined,
    end: boolean,
    push: (record: string[]) => void,
    close: () => void,
  ): Error | undefined;
}

export interface CsvReadOptions {
  path: string;
  /** The file name as reported to the consultant (relative to the export folder). */
  file: string;
  delimiter?: CsvDelimiter | undefined;
  encoding?: TextEncoding | undefined;
  /** Scores how much a row of cells looks like the expected header, to detect the delimiter. */
  scoreHeader: (cells: string[]) => number;
  onProblem: (problem: Problem) => void;
}

export interface CsvFacts {
  delimiter: CsvDelimiter;
  encoding: TextEncoding;
  /** False when the file does not end with a line break (it may have been cut off). */
  endsWithLineBreak: boolean;
}

/**
 * Streams the physical rows of a CSV file through csv-parse, in batches (one per decoded chunk, so
 * the pipeline above pays for one await per batch rather than per row). Structural errors (an unterminated
 * quote, a stray quote, a runaway record) end the file with one located problem, after every row
 * before it has been yielded; they never throw.
 */
export async function* readCsvRows(
  options: CsvReadOptions,
  facts: Partial<CsvFacts> = {},
): AsyncGenerator<RawRow[]> {
  const text = await openTextFile(options.path, options.encoding);
  facts.encoding = text.encoding;
  const first = await readSample(text.chunks);
  const delimiter = options.delimiter ?? detectDelimiter(first, options.scoreHeader);
  facts.delimiter = delimiter;
  let lastChar = first.at(-1) ?? '\n';

  const ready: RawRow[] = [];
  let previousEndLine = 0;
  const parser = new Parser({
    delimiter,
    // Every line end outside quotes ends a record, whichever kind the file starts with, as the
    // decoder counts lines (src/sources/text/decode-text.ts): csv-parse alone would take the
    // first kind it meets and glue every row ended another way onto the one before.
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
  });
  // csv-parse's synchronous core, which every Parser carries: records arrive in order with the
  // live line count, and an error comes back as a value after the records before it.
  const core = (parser as unknown as { api: CsvCore }).api;
  // Each record is expected to have the cells it has: csv-parse expects the first record's count,
  // so in a report whose headings, totals and blank lines each have their own, every change of
  // count would build (and drop) an error. Ragged rows are read as they are either way.
  const endRecord = core.__onRecord.bind(core);
  core.__onRecord = (push) => {
    core.state.expectedRecordLength = core.state.record.length;
    return endRecord(push);
  };
  const collect = (record: string[]) => {
    const row = previousEndLine + 1;
    previousEndLine = parser.info.lines;
    ready.push(
      previousEndLine > row
        ? { row, cells: record, lastRow: previousEndLine }
        : { row, cells: record },
    );
  };
  const feedPiece = (piece: string | undefined, end: boolean) => {
    const error = core.parse(
      piece === undefined ? undefined : Buffer.from(piece),
      end,
      collect,
      () => undefined,
    );
    if (error) throw error;
    if (core.state.record.length > MAX_CELLS) throw new TooManyCells();
  };
  const feed = (chunk: string | undefined, end: boolean) => {
    if (chunk === undefined || chunk.length <= FEED_CHARS) return feedPiece(chunk, end);
    let at = 0;
    while (at < chunk.length) {
      let cut = Math.min(at + FEED_CHARS, chunk.length);
      // Never between the two halves of a surrogate pair (Buffer.from would spoil both).
      if (cut < chunk.length && isHighSurrogate(chunk.charCodeAt(cut - 1))) cut -= 1;
      feedPiece(chunk.slice(at, cut), end && cut === chunk.length);
      at = cut;
    }
  };

  // Said once, when the whole file has been decoded: which encoding is the odd one out.
  const reportMixed = () => {
    const mixed = text.mixedLines();
    if (mixed) options.onProblem(mixedEncodingProblem(options.file, mixed));
  };

  try {
    feed(first, false);
    if (ready.length) yield ready.splice(0);
    for await (const chunk of text.chunks) {
      lastChar = chunk.at(-1) ?? lastChar;
      feed(chunk, false);
      if (ready.length) yield ready.splice(0);
    }
    feed(undefined, true);
    if (ready.length) yield ready.splice(0);
    reportMixed();
  } catch (error) {
    if (ready.length) yield ready.splice(0);
    reportMixed();
    options.onProblem(csvProblem(error, options.file, previousEndLine + 1));
  } finally {
    facts.endsWithLineBreak = lastChar === '\n' || lastChar === '\r';
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

async function readSample(chunks: AsyncGenerator<string>): Promise<string> {
  let sample = '';
  while (sample.length < SAMPLE_CHARS) {
    const next = await chunks.next();
    if (next.done) break;
    sample += next.value;
  }
  return sample;
}

function csvProblem(error: unknown, file: string, recordStartLine: number): Problem {
  const location = { file, row: recordStartLine };
  if (error instanceof TooManyCells) {
    return problemOf(
      'csv.too-many-cells',
      `${file}: the row starting at row ${recordStartLine} has more than ${MAX_CELLS.toLocaleString('en-US')} cells, so the file cannot be read past it. Check that it is the right export and that the row is not a runaway line of separators; delete that row or export the file again.`,
      { location },
    );
  }
  if (error instanceof CsvError) {
    switch (error.code) {
      case 'CSV_QUOTE_NOT_CLOSED':
        return problemOf(
          'csv.unterminated-quote',
          `${file}: the quoted value that starts on row ${recordStartLine} is never closed, so the file cannot be read past it. Add the missing closing quote (") or remove the stray one.`,
          { location },
        );
      case 'CSV_MAX_RECORD_SIZE':
        return problemOf(
          'csv.record-too-large',
          `${file}: the row starting at row ${recordStartLine} runs on for more than 1 MiB, which almost always means a quote (") is never closed. Check the quotes on that row.`,
          { location },
        );
      case 'CSV_INVALID_CLOSING_QUOTE':
      case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE': {
        const row = typeof error.lines === 'number' ? error.lines : recordStartLine;
        return problemOf(
          'csv.invalid-quote',
          `${file} row ${row}: a closing quote (") is followed by more text in the same cell, so the file cannot be read past it. Quote the whole cell and double any quote inside it ("").`,
          { location: { file, row } },
        );
      }
      default:
        break;
    }
    return problemOf(
      'csv.invalid-quote',
      `${file} row ${recordStartLine}: the CSV cannot be read further (${error.message}).`,
      { location },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return problemOf('file.unreadable', `${file} could not be read: ${message}`, {
    location: { file, row: 1 },
  });
}
