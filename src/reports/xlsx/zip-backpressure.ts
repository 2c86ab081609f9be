import type ExcelJS from 'exceljs';

/** Rows a sheet writes between looks at its zip entry: about 150 KB of XML. */
export const ROWS_PER_LOOK = 500;

/** The zip entry a streaming sheet writes into, as far as waiting on it needs. */
interface ZipEntry {
  _writableState?: { needDrain?: boolean };
  once(event: string, listener: () => void): unknown;
  removeListener(event: string, listener: () => void): unknown;
}

/**
 * Waits until the zip writer has taken the XML a streaming sheet has written so far.
 *
 * exceljs's streaming sheet hands each 64 KiB of XML to its zip entry without heeding the entry's
 * backpressure, and a sheet whose rows come from a synchronous source (the ID map, read from the
 * off-heap outcome index) never yields to the event loop, so the zip compressed nothing until the
 * sheet ended: the whole ID map waited in Buffers outside the V8 heap, where the heap cap does not
 * bound it (the large live run's worker peaked at 502 MiB anonymous writing its report;
 * docs/benchmarks.md, "The large live run's report"). Waiting here lets the zip drain the entry as
 * rows are written.
 *
 * The entry is reached through the sheet's `stream` and that stream's first pipe (exceljs 4's
 * `StreamBuf`, archiver's PassThrough); if exceljs ever stops exposing them, this only yields to
 * the event loop once, which still lets the zip run.
 */
export async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: ZipEntry[] } }).stream?.pipes?.[0];
  if (entry?._writableState?.needDrain !== true) {
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      for (const event of ['drain', 'error', 'close']) entry.removeListener(event, done);
      resolve();
    };
    for (const event of ['drain', 'error', 'close']) entry.once(event, done);
  });
}
