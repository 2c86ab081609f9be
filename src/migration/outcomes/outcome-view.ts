import type { OutcomeLog } from './indexed-log.js';
import type { RowOutcome } from './row-outcome.js';

/** Read access to outcomes: the live log, or a dry run's predictions over the live log. */
export interface OutcomeView {
  get(entity: string, key: string): RowOutcome | undefined;
  idOf(entity: string, key: string): string | undefined;
}

/**
 * A dry run sees what the live runs already did, plus its own predictions: rows a previous live
 * run created count as done, exactly as they will in the next live run.
 */
export function overlay(own: OutcomeLog, live: OutcomeLog | undefined): OutcomeView {
  if (!live || live === own) return own;
  return {
    get: (entity, key) => {
      const liveOutcome = live.get(entity, key);
      if (liveOutcome && (liveOutcome.status === 'created' || liveOutcome.status === 'matched')) {
        return liveOutcome;
      }
      return own.get(entity, key) ?? liveOutcome;
    },
    idOf: (entity, key) => live.idOf(entity, key) ?? own.idOf(entity, key),
  };
}
