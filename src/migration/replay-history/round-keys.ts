/**
 * A live run's rounds are kept per execution chain: the main stage id, which every replay round's
 * stage id extends (`<main>-replay-<n>`, workflows/migrate-ledger.ts).
 */
export function chainOf(stageId: string): string {
  return stageId.replace(/-replay-\d+$/, '');
}

export function roundsPrefix(chain: string): string {
  return `rounds/live/${chain}/`;
}

export function roundKey(chain: string, round: number): string {
  return `${roundsPrefix(chain)}${String(round).padStart(4, '0')}`;
}
