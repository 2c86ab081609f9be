/**
 * Documents an undo cancelled. A posted invoice or bill cannot be deleted, and its number stays
 * taken: an undo cancels it with a correction of the opposite type numbered `<number>-U<plan>`
 * (src/migration/undo/correcting-documents.ts). A later run must neither match the cancelled
 * document (its balance is gone) nor reuse its number (the API refuses a duplicate), so the
 * document is issued again as `<number>-R2`, then `-R3` if that one was undone too, and so on.
 */

/** The correction suffix an undo adds: `-U` and six characters of the undo's plan id. */
const CORRECTION = /^(.+)-U[0-9A-Za-z]{6}$/;

/** Keeps the reissue chain finite; no one undoes and re-runs the same document this often. */
const MAX_REISSUES = 50;

/** The numbers an undo cancelled, read from the numbers of the corrections it posted. */
export function cancelledNumbers(correctionNumbers: Iterable<string>): Set<string> {
  const cancelled = new Set<string>();
  for (const number of correctionNumbers) {
    const original = CORRECTION.exec(number)?.[1];
    if (original) cancelled.add(original);
  }
  return cancelled;
}

/**
 * The number a document goes by now: its own unless an undo cancelled the document with that
 * number, else the first reissue number that no undo cancelled.
 */
export function currentNumber(number: string, cancelled: ReadonlySet<string>): string {
  if (!cancelled.has(number)) return number;
  for (let reissue = 2; reissue < MAX_REISSUES; reissue += 1) {
    const candidate = `${number}-R${reissue}`;
    if (!cancelled.has(candidate)) return candidate;
  }
  return `${number}-R${MAX_REISSUES}`;
}
