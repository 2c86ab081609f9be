import { confineSource } from './confine-source.js';
import type { SourceReader } from './engine/stage-source.js';

/** A source reader that reads only under `root` (the worker's LEDGERLIFT_SOURCES_ROOT). */
export function confinedReader(read: SourceReader, root: string): SourceReader {
  return async function* (input) {
    const source = await confineSource(input.source, root);
    yield* read({ ...input, source });
  };
}
