import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { TableRow } from '../table/table-row.js';
import type { IifRow } from './read-iif-rows.js';

/** A transaction: its TRNS row and the SPL rows up to ENDTRNS. */
export interface IifTransaction {
  kind: 'transaction';
  trns: TableRow;
  splits: TableRow[];
}

/** A list row (ACCNT, CUST, VEND, INVITEM, ...). */
export interface IifListRow {
  kind: 'list';
  type: string;
  row: TableRow;
}

/**
 * Groups IIF rows into list rows and TRNS … SPL … ENDTRNS transactions. A transaction cut off by
 * another TRNS or by the end of the file, and an SPL outside any transaction, are reported and
 * dropped. Only the current transaction is held in memory.
 */
export async function* iifBlocks(
  batches: AsyncIterable<IifRow[]>,
  onProblem: (problem: Problem) => void,
): AsyncGenerator<(IifTransaction | IifListRow)[]> {
  let open: IifTransaction | undefined;
  const unterminated = (transaction: IifTransaction, why: string) =>
    onProblem(
      problemOf(
        'iif.unterminated-transaction',
        `${transaction.trns.file} line ${transaction.trns.row}: the transaction starting here has no ENDTRNS row (${why}), so it is not read. The file may be truncated.`,
        {
          location: transaction.trns.location(),
        },
      ),
    );
  for await (const batch of batches) {
    const blocks: (IifTransaction | IifListRow)[] = [];
    for (const { type, row } of batch) {
      if (type === 'TRNS') {
        if (open) unterminated(open, `another TRNS starts on line ${row.row}`);
        open = { kind: 'transaction', trns: row, splits: [] };
      } else if (type === 'SPL') {
        if (open) open.splits.push(row);
        else {
          onProblem(
            problemOf(
              'iif.unterminated-transaction',
              `${row.file} line ${row.row}: an SPL row outside any TRNS … ENDTRNS block; it is ignored.`,
              {
                location: row.location(),
              },
            ),
          );
        }
      } else if (type === 'ENDTRNS') {
        if (open) blocks.push(open);
        open = undefined;
      } else {
        blocks.push({ kind: 'list', type, row });
      }
    }
    if (blocks.length) yield blocks;
  }
  if (open) unterminated(open, 'the file ends first');
}
