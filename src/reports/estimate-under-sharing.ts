import { DEFAULT_RUN_WEIGHT, type RunInProgress } from '../migration/contracts/fair-share.js';
import { aboutDuration, formatCount } from '../migration/contracts/shown-figures.js';

/** How long a run's calls take beside the migrations running now. */
export interface SharedRunEstimate {
  /** Minutes for all the run's calls while it shares the budget with `alongside`. */
  minutes: number;
  /** Minutes for the same calls with the whole budget. */
  minutesAlone: number;
  /** The run's weight the estimate assumed. */
  weight: number;
  /** The runs in progress it shares with (those with calls left). */
  alongside: RunInProgress[];
}

/**
 * The duration of `calls` API calls at `requestsPerMinute` shared by weight with the runs in
 * progress: while they run, each run gets its weight over the sum of the weights of the runs still
 * calling (the API queue's fairness, docs/deploy.md); when one finishes, its share goes to the
 * others. So a run beside a nearly finished one is slowed only for a while, and beside a large one
 * of twice its weight for as long as that one lasts. Assumes each run keeps calls waiting, which
 * the window scaled by weight is for (workflows/sending/unit-window.ts).
 */
export function estimateUnderSharing(
  calls: number,
  requestsPerMinute: number,
  runsInProgress: readonly RunInProgress[],
  weight: number = DEFAULT_RUN_WEIGHT,
): SharedRunEstimate {
  const alongside = runsInProgress.filter((run) => run.remainingCalls > 0 && run.weight > 0);
  const minutesAlone = roundUp(calls / requestsPerMinute);
  // Remaining calls of every run still calling, this one first; one stage per run that finishes.
  const left = [calls, ...alongside.map((run) => run.remainingCalls)];
  const weights = [weight, ...alongside.map((run) => run.weight)];
  let elapsed = 0;
  for (let stage = 0; stage <= alongside.length && (left[0] ?? 0) > 0; stage += 1) {
    const total = weights.reduce((sum, w, i) => ((left[i] ?? 0) > 0 ? sum + w : sum), 0);
    const rateOf = (i: number) => ((weights[i] ?? 0) / total) * requestsPerMinute;
    // The stage lasts until the next run (possibly this one) makes its last call.
    let stageMinutes = Infinity;
    left.forEach((remaining, i) => {
      if (remaining > 0) stageMinutes = Math.min(stageMinutes, remaining / rateOf(i));
    });
    elapsed += stageMinutes;
    left.forEach((remaining, i) => {
      if (remaining > 0) left[i] = Math.max(0, remaining - rateOf(i) * stageMinutes);
    });
    // Float residue of the run that finished this stage is not another stage.
    left.forEach((remaining, i) => {
      if (remaining < 1e-9) left[i] = 0;
    });
  }
  return { minutes: roundUp(elapsed), minutesAlone, weight, alongside };
}

/** Minutes to one decimal, rounded up: an estimate that promises no more than it can keep. */
function roundUp(minutes: number): number {
  return Math.ceil(minutes * 10) / 10;
}

/**
 * One sentence for the CLI (and, as text, the report): what the runs in progress do to the live
 * run's duration, naming each with its weight and the calls it has left.
 */
export function describeSharing(estimate: SharedRunEstimate): string {
  if (estimate.alongside.length === 0) {
    return `No other live migration is running under this client id now: the live run would take ${minutesText(estimate.minutes)}.`;
  }
  const runs = estimate.alongside
    .map(
      (run) =>
        `${run.name}: weight ${formatCount(run.weight)}, ${formatCount(Math.round(run.remainingCalls))} calls left`,
    )
    .join('; ');
  const count = estimate.alongside.length;
  return (
    `With the ${count === 1 ? 'live migration' : `${count} live migrations`} running now under this client id (${runs}), ` +
    `the live run at weight ${formatCount(estimate.weight)} would take ${minutesText(estimate.minutes)} instead of ${minutesText(estimate.minutesAlone)} alone.`
  );
}

/** The report's and the CLI's words for a duration: "about 12 min", "under 1 min". */
function minutesText(minutes: number): string {
  return aboutDuration(minutes * 60);
}
