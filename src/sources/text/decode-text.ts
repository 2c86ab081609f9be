import { createReadStream } from 'node:fs';
import { detectEncoding, isValidUtf8, type TextEncoding } from './detect-encoding.js';

const SAMPLE_BYTES = 64 * 1024;
/** A line longer than this is decoded without waiting for its end, so memory stays bounded. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
const LF = 0x0a;

export interface TextSource {
  encoding: TextEncoding;
  /** The decoded text, chunk by chunk, BOM removed. */
  chunks: AsyncGenerator<string>;
}

/**
 * Opens a text file for streaming: detects (or takes) the encoding from the first 64 KiB and
 * decodes the rest chunk by chunk. In UTF-8 files, a line that is not valid UTF-8 is decoded as
 * Windows-1252 instead and `onWindows1252Line` is told its 1-based line number (files edited on two
 * machines mix encodings line by line).
 */
export async function openTextFile(
  path: string,
  forced?: TextEncoding,
  onWindows1252Line?: (line: number) => void,
): Promise<TextSource> {
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
  const chunks =
    encoding === 'utf-8'
      ? decodeUtf8WithFallback(rest(), onWindows1252Line ?? (() => undefined))
      : decodeWith(rest(), encoding);
  return { encoding, chunks };
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

async function* decodeUtf8WithFallback(
  bytes: AsyncIterable<Buffer>,
  onWindows1252Line: (line: number) => void,
): AsyncGenerator<string> {
  const fast = new TextDecoder('utf-8', { fatal: true });
  const lenient = new TextDecoder('utf-8');
  const windows1252 = new TextDecoder('windows-1252');
  let pending: Buffer = Buffer.alloc(0);
  let linesBefore = 0;

  function decodeLines(block: Buffer): string {
    try {
      return fast.decode(block);
    } catch {
      let text = '';
      let start = 0;
      let line = linesBefore + 1;
      while (start < block.length) {
        const lf = block.indexOf(LF, start);
        const end = lf < 0 ? block.length : lf + 1;
        const bytes = block.subarray(start, end);
        if (isValidUtf8(bytes)) text += lenient.decode(bytes);
        else {
          onWindows1252Line(line);
          text += windows1252.decode(bytes);
        }
        start = end;
        line += 1;
      }
      return text;
    }
  }

  for await (const chunk of bytes) {
    const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const cut = data.lastIndexOf(LF);
    if (cut < 0 && data.length < MAX_PENDING_BYTES) {
      pending = data;
      continue;
    }
    const end = cut < 0 ? data.length : cut + 1;
    const block = data.subarray(0, end);
    yield decodeLines(block);
    linesBefore += countLf(block);
    pending = data.subarray(end);
  }
  if (pending.length) yield decodeLines(pending);
}

function countLf(bytes: Uint8Array): number {
  let count = 0;
  let index = bytes.indexOf(LF);
  while (index >= 0) {
    count += 1;
    index = bytes.indexOf(LF, index + 1);
  }
  return count;
}
