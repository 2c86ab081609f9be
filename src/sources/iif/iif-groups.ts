import { cellText } from '../cell.js';
import type { IifRow } from './read-iif-rows.js';

/** Item types whose following INVITEM rows list their members, and the row that closes the list. */
const GROUP_ENDS = new Map([
  ['GRP', 'ENDGRP'],
  ['COMPTAX', 'ENDTAX'],
]);

/** A group longer than this is not a group: its rows are passed on as ordinary items. */
const MAX_MEMBERS = 1_000;

/**
 * Drops the member rows of group items and sales tax groups. QuickBooks lists a group item (GRP)
 * or a sales tax group (COMPTAX) as an INVITEM row followed by one INVITEM row per member (an item
 * listed on its own elsewhere in the file) and an ENDGRP or ENDTAX row; read as items, the members
 * would be duplicates. The rows after a group item are held until its closing row proves them
 * members; any other row, a long run, or the end of the file releases them as ordinary items.
 */
export async function* withoutGroupMembers(
  batches: AsyncIterable<IifRow[]>,
): AsyncGenerator<IifRow[]> {
  let held: IifRow[] = [];
  let closing: string | undefined;
  for await (const batch of batches) {
    const out: IifRow[] = [];
    for (const row of batch) {
      if (closing !== undefined) {
        if (row.type === closing) {
          out.push(held[0] as IifRow, row);
          held = [];
          closing = undefined;
          continue;
        }
        if (row.type === 'INVITEM' && held.length <= MAX_MEMBERS) {
          held.push(row);
          continue;
        }
        out.push(...held);
        held = [];
        closing = undefined;
      }
      const end = row.type === 'INVITEM' ? GROUP_ENDS.get(itemType(row).toUpperCase()) : undefined;
      if (end !== undefined) {
        held = [row];
        closing = end;
      } else out.push(row);
    }
    if (out.length) yield out;
  }
  if (held.length) yield held;
}

function itemType(row: IifRow): string {
  return cellText(row.row.cell('INVITEMTYPE'));
}
