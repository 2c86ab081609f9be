import { confineSource } from './confine-source.js';
import type { ExportsReader } from './validated-exports.js';

/** A source reader that reads only under `root` (the worker's LEDGERLIFT_SOURCES_ROOT). */
export function confinedReader(read: ExportsReader, root: string): ExportsReader {
  return async function* (input) {
    const source = await confineSource(input.source, root);
    yield* read({ ...input, source });
  };
}
