/** Text encodings found in legacy exports. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** Bytes of byte-order mark to skip. */
  bomLength: number;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Detects the encoding from the first bytes of a file: a BOM decides; UTF-16 without a BOM shows as
 * NUL bytes in every other position; otherwise UTF-8 when any line holds valid non-ASCII UTF-8
 * (lines that are not valid UTF-8 are then read as Windows-1252 one by one), else Windows-1252 when
 * some bytes are not UTF-8, else UTF-8 (plain ASCII).
 */
export function detectEncoding(sample: Uint8Array): DetectedEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) {
    return { encoding: 'utf-8', bomLength: 3 };
  }
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf16 = utf16WithoutBom(sample);
  if (utf16) return { encoding: utf16, bomLength: 0 };
  let validNonAscii = false;
  let invalid = false;
  for (const line of linesOf(sample)) {
    if (line.every((byte) => byte < 0x80)) continue;
    if (isValidUtf8(line)) validNonAscii = true;
    else invalid = true;
  }
  if (invalid && !validNonAscii) return { encoding: 'windows-1252', bomLength: 0 };
  return { encoding: 'utf-8', bomLength: 0 };
}

function utf16WithoutBom(sample: Uint8Array): TextEncoding | undefined {
  const pairs = Math.min(sample.length >> 1, 512);
  if (pairs < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (sample[2 * i] === 0) evenZeros += 1;
    if (sample[2 * i + 1] === 0) oddZeros += 1;
  }
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** Complete lines of the sample; the last, possibly cut, line is left out unless it is the only one. */
function linesOf(sample: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < sample.length; i += 1) {
    if (sample[i] === LF || sample[i] === CR) {
      lines.push(sample.subarray(start, i));
      start = i + 1;
    }
  }
  if (lines.length === 0) lines.push(trimCutSequence(sample));
  return lines;
}

/** Drops a multi-byte sequence cut off by the end of the sample. */
function trimCutSequence(bytes: Uint8Array): Uint8Array {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = bytes[end - back] ?? 0;
    if (byte >= 0xc0) return bytes.subarray(0, end - back);
    if (byte < 0x80) break;
  }
  return bytes.subarray(0, end);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
