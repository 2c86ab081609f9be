import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { openRunStores } from '../../../src/run-store/open-run-store.js';
import { readWholeLog } from '../../../src/run-store/run-store.js';

/** Every entry of a run's live outcome log (docs/run-layout.md), in the order appended. */
export async function liveOutcomes(runsDir: string, runName: string): Promise<RowOutcome[]> {
  const stores = openRunStores({ runsDir });
  try {
    return (await readWholeLog(await stores.open(runName), 'outcomes/live')) as RowOutcome[];
  } finally {
    await stores.close();
  }
}

/** Rows that an ambiguous write left unknown and reconciliation found in the workspace. */
export function reconciled(outcomes: readonly RowOutcome[]): RowOutcome[] {
  return outcomes.filter((o) => o.status === 'matched' && o.code === 'reconciled');
}

/** The rows whose latest outcome is a failure, as text for a failure message. */
export async function describeFailedRows(runsDir: string, runName: string): Promise<string> {
  const latest = new Map<string, RowOutcome>();
  for (const outcome of await liveOutcomes(runsDir, runName)) {
    latest.set(`${outcome.entity}/${outcome.key}`, outcome);
  }
  const failed = [...latest.values()].filter((outcome) => outcome.status === 'failed');
  return `failed rows (${failed.length}):${failed.map((o) => `\n    ${JSON.stringify(o)}`).join('')}`;
}
