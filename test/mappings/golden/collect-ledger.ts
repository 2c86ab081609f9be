import { entityNames, type EntityName, type Problem } from '../../../src/ledger/index.js';
import type { LedgerItem } from '../../../src/ledger/index.js';

/** A ledger read into memory for a test: records by entity (sources stripped) and all problems. */
export interface CollectedLedger {
  records: Record<EntityName, unknown[]>;
  problems: Problem[];
  order: EntityName[];
}

function stripSources(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSources);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'source')
        .map(([key, inner]) => [key, stripSources(inner)]),
    );
  }
  return value;
}

export async function collectLedger(items: AsyncIterable<LedgerItem>): Promise<CollectedLedger> {
  const records = Object.fromEntries(entityNames.map((name) => [name, [] as unknown[]])) as Record<
    EntityName,
    unknown[]
  >;
  const problems: Problem[] = [];
  const order: EntityName[] = [];
  for await (const item of items) {
    if (item.kind === 'problem') {
      problems.push(item.problem);
      continue;
    }
    problems.push(...item.problems);
    records[item.record.entity].push(stripSources(item.record.value));
    if (order.at(-1) !== item.record.entity) order.push(item.record.entity);
  }
  return { records, problems, order };
}

/** Removes `path` ("a" or "lines.b") from a record. */
export function dropField(record: Record<string, unknown>, path: string): void {
  const [head = '', ...rest] = path.split('.');
  if (rest.length === 0) {
    delete record[head];
    return;
  }
  const inner = record[head];
  const targets = Array.isArray(inner) ? inner : [inner];
  for (const target of targets) {
    if (target && typeof target === 'object')
      dropField(target as Record<string, unknown>, rest.join('.'));
  }
}

/** Records in a canonical order so formats that list them differently compare equal. */
export function sorted(records: readonly unknown[]): unknown[] {
  return [...records].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
