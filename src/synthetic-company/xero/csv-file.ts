import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { csvLine } from '../../templates/csv-line.js';

/** A row by column header; absent and undefined cells are written blank. */
export type Row = Record<string, string | undefined>;

/**
 * One CSV file written as a stream: lines are written as they come and the writer waits when the
 * stream is full, so a large company never sits in memory as text. Lines end in LF, which keeps the
 * committed sample stable under git.
 */
export class CsvFile {
  private readonly stream: WriteStream;
  /** A write error seen while nobody was waiting on the stream, thrown at the next call. */
  private failure: Error | undefined;

  constructor(
    readonly path: string,
    private readonly headers?: readonly string[],
  ) {
    this.stream = createWriteStream(path);
    this.stream.on('error', (error) => (this.failure ??= error));
    if (headers) this.stream.write(`${csvLine(headers)}\n`);
  }

  /** Writes a row under the file's headers. */
  async row(row: Row): Promise<void> {
    const headers = this.headers;
    if (!headers) throw new Error(`${this.path} has no header row to write rows under`);
    await this.line(headers.map((header) => row[header] ?? ''));
  }

  /** Writes cells as they are (report title rows, headings, totals). */
  async line(cells: readonly string[]): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(`${csvLine(cells)}\n`)) await once(this.stream, 'drain');
  }

  async close(): Promise<string> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, 'finish');
    return this.path;
  }
}
