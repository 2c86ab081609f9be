/**
 * A reversal the API this worker talks to cannot make (an opening balance cannot go back to none,
 * docs/api-assumptions.md R37): the record is listed as not reversed with this reason.
 */
export class MissingReversalCall extends Error {
  constructor(readonly call: string) {
    super(`the Partner API has no ${call} call, so this record cannot be reversed`);
    this.name = 'MissingReversalCall';
  }
}
