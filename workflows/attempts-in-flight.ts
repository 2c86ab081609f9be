/**
 * The attempts a sliding window has in flight (the step's unit window, the undo's reversal
 * window): each settles with its unit and how it ended, taken one at a time in the order they land.
 */
export class AttemptsInFlight<Unit, Outcome> {
  private readonly attempts = new Set<Promise<Landed<Unit, Outcome>>>();

  constructor(private readonly attempt: (unit: Unit) => Promise<Outcome>) {}

  get size(): number {
    return this.attempts.size;
  }

  /** Starts an attempt at the unit (again, when an earlier one paused). */
  launch(unit: Unit): void {
    const landing: Promise<Landed<Unit, Outcome>> = this.attempt(unit).then((outcome) => ({
      unit,
      outcome,
      landing,
    }));
    this.attempts.add(landing);
  }

  /** The next attempt to land, no longer in flight. */
  async next(): Promise<{ unit: Unit; outcome: Outcome }> {
    const landed = await Promise.race(this.attempts);
    this.attempts.delete(landed.landing);
    return landed;
  }
}

interface Landed<Unit, Outcome> {
  unit: Unit;
  outcome: Outcome;
  landing: Promise<Landed<Unit, Outcome>>;
}
