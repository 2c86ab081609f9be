import { centsOf, type Cents } from '../../money/index.js';
import type { OpeningBalanceLine } from '../../ledger/index.js';
import { addDays } from '../../ledger/iso-dates.js';
import { Books, type Postings } from '../accounting/books.js';
import { CLEARING } from '../accounting/posting-keys.js';
import type { LegacyRolledForward } from '../contracts/stage-manifest.js';
import type { RolledForwardActivity } from '../contracts/workflow-types.js';

const noActivity = (): RolledForwardActivity => ({
  documents: 0,
  payments: 0,
  bankLines: 0,
  journals: 0,
});

/**
 * The legacy trial balance as at the day before the cutover, rolled forward by the activity the
 * migration posts from the cutover on: the books the legacy system holds at the end date when the
 * exports give no trial balance there (docs/accounting.md, "Verification").
 *
 * Unlike the projection, receivables and payables stay where the legacy trial balance has them
 * (the projection moves them to the clearing account and rebuilds them from the open documents),
 * so comparing the two checks the conversion against legacy figures, never against itself. Each
 * account remembers which legacy files its figure came from.
 */
export class RolledForwardBooks {
  private readonly books = new Books();
  private readonly openingFiles = new Set<string>();
  private readonly sources = new Map<string, Set<string>>();
  private readonly activityByDate = new Map<string, RolledForwardActivity>();

  /** One line of the legacy opening balance, on its own account (`key`), at the cutover. */
  opening(key: string, line: OpeningBalanceLine, cutoverDate: string): void {
    this.books.post(key, cutoverDate, centsOf(line.debit), centsOf(line.credit));
    this.openingFiles.add(line.source.file);
    this.note(key, `${line.source.file} row ${line.source.row}`);
  }

  /**
   * Where one record of activity from the cutover on posts: into `projection` and into these
   * books alike, counted as a `kind` on its `date`, its accounts noting `file`.
   */
  activity(
    projection: Postings,
    record: { kind: keyof RolledForwardActivity; date: string; file: string },
  ): Postings {
    const counts = this.activityByDate.get(record.date) ?? noActivity();
    counts[record.kind] += 1;
    this.activityByDate.set(record.date, counts);
    return {
      post: (key: string, date: string, debit: Cents, credit: Cents) => {
        projection.post(key, date, debit, credit);
        this.books.post(key, date, debit, credit);
        this.note(key, record.file);
      },
    };
  }

  /**
   * The rolled-forward books at `endDate`, or undefined when the exports hold no opening balance
   * (there is then nothing legacy to roll forward). The clearing account is left out: the legacy
   * ledger has none, so its expected balance is zero.
   */
  at(endDate: string, cutoverDate: string): LegacyRolledForward | undefined {
    if (this.openingFiles.size === 0) return undefined;
    const books = Object.fromEntries(
      Object.entries(this.books.balancesAt(endDate)).filter(([key]) => key !== CLEARING),
    );
    const activity = noActivity();
    for (const [date, counts] of this.activityByDate) {
      if (date > endDate) continue;
      for (const kind of Object.keys(activity) as (keyof RolledForwardActivity)[]) {
        activity[kind] += counts[kind];
      }
    }
    return {
      asOf: addDays(cutoverDate, -1),
      files: [...this.openingFiles].sort(),
      books,
      activity,
      expectedFrom: Object.fromEntries(
        [...this.sources].map(([key, files]) => [key, [...files].join('; ')]),
      ),
    };
  }

  private note(key: string, source: string): void {
    const sources = this.sources.get(key) ?? new Set<string>();
    sources.add(source);
    this.sources.set(key, sources);
  }
}
