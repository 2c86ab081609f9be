/**
 * How many items of one code a list keeps in memory and shows (the run report's problems, the
 * HTML page, `ledgerlift validate`): the first ones point the consultant at the fault, and a
 * crafted or broken export can give millions of the same code. The full lists stream into
 * report.xlsx and report.json (docs/reports.md).
 */
export const KEPT_PER_CODE = 100;

/**
 * Counts items per code and keeps the first `limit` of each, in the order they came: memory grows
 * with the number of codes, not of items.
 */
export class FirstPerCode<T> {
  private readonly counts = new Map<string, number>();
  private readonly items: T[] = [];

  constructor(
    private readonly codeOf: (item: T) => string,
    readonly limit: number = KEPT_PER_CODE,
  ) {}

  /** Counts the item; true when it is among the first `limit` of its code (and so kept). */
  add(item: T): boolean {
    const code = this.codeOf(item);
    const count = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, count);
    if (count > this.limit) return false;
    this.items.push(item);
    return true;
  }

  /** The items kept, in the order they came. */
  get kept(): T[] {
    return this.items;
  }

  /** How many items each code had, kept or not, in the order codes first came. */
  get countsByCode(): ReadonlyMap<string, number> {
    return this.counts;
  }
}
