import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { cellText } from '../cell.js';
import type { TableRow } from '../table/table-row.js';

/**
 * Leaves out the template's own sample row when it was left in the export: in a file with every
 * column of the template, a row equal to the sample in each (blank where the sample is blank). A
 * real row that only resembles it, or a file laid out otherwise, is read.
 */
export async function* withoutSampleRows(
  batches: AsyncIterable<TableRow[]>,
  sample: Readonly<Record<string, string>> | undefined,
  report: (problem: Problem) => void,
): AsyncGenerator<TableRow[]> {
  if (sample === undefined) {
    yield* batches;
    return;
  }
  const entries = Object.entries(sample);
  const filled = entries.filter(([, text]) => text !== '').map(([column]) => column);
  for await (const batch of batches) {
    const [first] = batch;
    if (!first || !entries.every(([column]) => first.has(column))) {
      yield batch;
      continue;
    }
    yield batch.filter((row) => {
      if (
        !entries.every(([column, text]) => !row.has(column) || cellText(row.cell(column)) === text)
      )
        return true;
      report(
        problemOf(
          'row.template-sample',
          `${row.file} row ${row.row} is the template's own sample row (${filled
            .slice(0, 3)
            .map((column) => `"${sample[column] ?? ''}"`)
            .join(', ')}, …), left in the export: it was not read. Delete it.`,
          { location: row.location() },
        ),
      );
      return false;
    });
  }
}
