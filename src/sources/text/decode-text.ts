import { isAscii } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { detectEncoding, isValidUtf8, type TextEncoding } from './detect-encoding.js';
import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';

const SAMPLE_BYTES = 64 * 1024;
/** A line longer than this is decoded without waiting for its end, so memory stays bounded. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;
/** How many line numbers of each encoding a mixed file's problem names. */
const LINES_NAMED = 5;

/** The lines of a file in the encoding fewer of its lines use, when it mixes UTF-8 and Windows-1252. */
export interface MixedLines {
  /** The encoding of the odd lines (the rest of the file is in the other). */
  odd: 'utf-8' | 'windows-1252';
  count: number;
  /** The first few odd lines, 1-based, counting every line end (CR, LF or CRLF). */
  lines: number[];
}

export interface TextSource {
  encoding: TextEncoding;
  /** The decoded text, chunk by chunk, BOM removed. */
  chunks: AsyncGenerator<string>;
  /** Once the chunks are read: the odd lines when the file mixes UTF-8 and Windows-1252. */
  mixedLines(): MixedLines | undefined;
}

/**
 * Opens a text file for streaming: a BOM, or NUL bytes (UTF-16), decide the encoding from the first
 * 64 KiB, as does the override file. Otherwise the encoding is decided line by line over the whole
 * file as it streams: a line that is valid UTF-8 is UTF-8, any other Windows-1252, so neither a
 * Windows-1252 line in a UTF-8 file nor a UTF-8 line after 64 KiB of Windows-1252 becomes
 * mojibake. Lines end at CR, LF or CRLF alike, in every file, and no line is ever cut inside a
 * character: a line longer than 4 MiB is decoded in pieces cut between characters.
 */
export async function openTextFile(path: string, forced?: TextEncoding): Promise<TextSource> {
  const bytes = createReadStream(path, { highWaterMark: SAMPLE_BYTES })[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < SAMPLE_BYTES) {
    const next = (await bytes.next()) as IteratorResult<Buffer>;
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const sample = Buffer.concat(head);
  const detected = detectEncoding(sample);
  const encoding = forced ?? detected.encoding;
  const bomLength = forced && forced !== detected.encoding ? 0 : detected.bomLength;
  async function* rest(): AsyncGenerator<Buffer> {
    yield sample.subarray(bomLength);
    if (done) return;
    for (;;) {
      const next = (await bytes.next()) as IteratorResult<Buffer>;
      if (next.done) return;
      yield next.value;
    }
  }
  if (encoding !== 'utf-8' && (encoding !== 'windows-1252' || forced === 'windows-1252')) {
    return { encoding, chunks: decodeWith(rest(), encoding), mixedLines: () => undefined };
  }
  const lines = new LineEncodings();
  return { encoding, chunks: decodeByLine(rest(), lines), mixedLines: () => lines.mixed() };
}

async function* decodeWith(bytes: AsyncIterable<Buffer>, encoding: TextEncoding) {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

/** How many lines were read in each encoding, and the first of each. */
class LineEncodings {
  /** Lines before the block being decoded. */
  linesBefore = 0;
  utf8 = 0;
  windows1252 = 0;
  readonly firstUtf8: number[] = [];
  readonly firstWindows1252: number[] = [];

  sawUtf8(line: number): void {
    this.utf8 += 1;
    if (this.firstUtf8.length < LINES_NAMED) this.firstUtf8.push(line);
  }

  sawWindows1252(line: number): void {
    this.windows1252 += 1;
    if (this.firstWindows1252.length < LINES_NAMED) this.firstWindows1252.push(line);
  }

  /** The lines in the encoding fewer lines use (Windows-1252 on a tie), when both are used. */
  mixed(): MixedLines | undefined {
    if (this.utf8 === 0 || this.windows1252 === 0) return undefined;
    return this.windows1252 <= this.utf8
      ? { odd: 'windows-1252', count: this.windows1252, lines: this.firstWindows1252 }
      : { odd: 'utf-8', count: this.utf8, lines: this.firstUtf8 };
  }
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

async function* decodeByLine(
  bytes: AsyncIterable<Buffer>,
  counts: LineEncodings,
): AsyncGenerator<string> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of bytes) {
    const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let cut = afterLastLineEnd(data);
    if (cut < 0) {
      if (data.length < MAX_PENDING_BYTES) {
        pending = data;
        continue;
      }
      cut = characterBoundary(data);
    }
    const block = data.subarray(0, cut);
    yield decodeBlock(block, counts);
    pending = data.subarray(cut);
  }
  if (pending.length) yield decodeBlock(pending, counts);
}

/**
 * Where the last complete line of the data ends, -1 when none does. A CR as the last byte may be
 * the first half of a CRLF: the line before it is the last complete one then.
 */
function afterLastLineEnd(data: Buffer): number {
  let end = Math.max(data.lastIndexOf(LF), data.lastIndexOf(CR));
  if (end === data.length - 1 && data[end] === CR) {
    end = end > 0 ? Math.max(data.lastIndexOf(LF, end - 1), data.lastIndexOf(CR, end - 1)) : -1;
  }
  return end < 0 ? -1 : end + 1;
}

/** The end of the data, moved back before a UTF-8 sequence the data cuts short. */
function characterBoundary(data: Buffer): number {
  let start = data.length - 1;
  while (start > 0 && data.length - start < 4 && ((data[start] ?? 0) & 0xc0) === 0x80) start -= 1;
  const lead = data[start] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return data.length - start < length ? start : data.length;
}

/** Decodes a block of whole lines (or a piece of one over-long line), each in its own encoding. */
function decodeBlock(block: Buffer, counts: LineEncodings): string {
  const first = counts.linesBefore + 1;
  counts.linesBefore += lineEnds(block);
  if (isAscii(block)) return block.toString('latin1');
  let whole: string | undefined;
  try {
    whole = fatalUtf8.decode(block);
  } catch {
    whole = undefined;
  }
  let text = '';
  let line = first;
  const ends = new LineEndFinder(block);
  for (let start = 0; start < block.length; line += 1) {
    const end = ends.nextLineStart(start);
    const bytes = block.subarray(start, end);
    if (!isAscii(bytes)) {
      if (whole !== undefined || isValidUtf8(bytes)) counts.sawUtf8(line);
      else counts.sawWindows1252(line);
    }
    if (whole === undefined)
      text += isValidUtf8(bytes) ? bytes.toString('utf8') : windows1252.decode(bytes);
    start = end;
  }
  return whole ?? text;
}

/** Finds line ends in order, each kind searched once past the last found (never quadratic). */
class LineEndFinder {
  private lf = -1;
  private cr = -1;

  constructor(private readonly block: Buffer) {}

  /** Where the line starting at `start` ends, past its CR, LF or CRLF. */
  nextLineStart(start: number): number {
    const { block } = this;
    if (this.lf !== block.length && this.lf < start) {
      const at = block.indexOf(LF, start);
      this.lf = at < 0 ? block.length : at;
    }
    if (this.cr !== block.length && this.cr < start) {
      const at = block.indexOf(CR, start);
      this.cr = at < 0 ? block.length : at;
    }
    if (this.cr < this.lf) return block[this.cr + 1] === LF ? this.cr + 2 : this.cr + 1;
    return this.lf < block.length ? this.lf + 1 : block.length;
  }
}

/** Line ends in a block: each LF, and each CR not followed by an LF. */
function lineEnds(block: Buffer): number {
  let count = 0;
  for (let at = block.indexOf(LF); at >= 0; at = block.indexOf(LF, at + 1)) count += 1;
  for (let at = block.indexOf(CR); at >= 0; at = block.indexOf(CR, at + 1)) {
    if (block[at + 1] !== LF) count += 1;
  }
  return count;
}

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
