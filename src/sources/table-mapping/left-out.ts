import { kindOf } from '../../ledger/skip-kinds.js';
import type { MappingContext } from './mapping-context.js';
import type { RowFields } from './row-fields.js';

export interface LeftOut {
  /** The transaction type as the export writes it ("" when it has none). */
  type: string;
  /**
   * Its date, read only when there is a cutover to compare it with (so a file read without one
   * reports no date problem for a transaction it leaves out anyway).
   */
  date: () => string | undefined;
  /** "books.iif line 12: EFT 1001", for the message. */
  label: string;
  /** Why Ledgerlift does not migrate it. */
  why: string;
  column?: string;
}

/**
 * Reports a transaction the books hold that Ledgerlift does not migrate. Dated before the cutover,
 * the opening balance holds it: a warning. Otherwise it would be missing from the workspace, so it
 * is an error that blocks the live run, unless its kind is one the consultant chose to skip
 * (`--skip-kind`, docs/cli.md), which is noted instead.
 */
export function reportLeftOut(
  row: Pick<RowFields, 'note' | 'fail'>,
  context: MappingContext,
  leftOut: LeftOut,
): void {
  const kind = kindOf(leftOut.type);
  const { cutoverDate } = context;
  const date = cutoverDate === undefined ? undefined : leftOut.date();
  const where = `${leftOut.label}${date ? ` of ${date}` : ''}`;
  if (date !== undefined && cutoverDate !== undefined && date < cutoverDate) {
    row.note(
      'transaction.unsupported',
      `${where} is not migrated (${leftOut.why}); it predates the cutover ${cutoverDate}, so the opening balance holds it.`,
      leftOut.column,
    );
    return;
  }
  if (context.skipKinds.has(kind)) {
    row.note(
      'transaction.skipped-kind',
      `${where} is not migrated (${leftOut.why}), as --skip-kind ${kind} asks: enter it in the workspace by hand.`,
      leftOut.column,
    );
    return;
  }
  const when = cutoverDate === undefined ? 'may fall after the cutover' : 'falls after the cutover';
  row.fail(
    'transaction.left-out',
    `${where} ${when} and is not migrated (${leftOut.why}), so the workspace would miss it. Enter it in the workspace by hand and run again with --skip-kind ${kind}, or remove it from the export.`,
    leftOut.column,
  );
}
