import {
  ledgerRecordSchema,
  type LedgerRecord,
  type Problem,
  recordKey,
} from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { LedgerItem } from '../../ledger/index.js';
import type { LedgerIndex } from './ledger-index.js';
import type { AnyMapped } from './table-spec.js';

/**
 * Turns a mapping's output into ledger items: problems get the record's entity, key and location;
 * the record is checked against the canonical schema (a mapping bug or an odd value becomes a
 * record.invalid problem, never a malformed record) and indexed for later references.
 */
export function toItems(mapped: AnyMapped, index: LedgerIndex): LedgerItem[] {
  const key =
    mapped.value === undefined
      ? mapped.key
      : recordKey({ entity: mapped.entity, value: mapped.value } as LedgerRecord);
  const problems = mapped.problems.map((problem) => {
    const located: Problem = { ...problem };
    located.location ??= mapped.location;
    located.entity ??= mapped.entity;
    if (key !== undefined) located.key ??= key;
    return located;
  });
  if (mapped.value === undefined) return problems.map((problem) => ({ kind: 'problem', problem }));
  const parsed = ledgerRecordSchema.safeParse({ entity: mapped.entity, value: mapped.value });
  if (!parsed.success) {
    const reasons = parsed.error.issues
      .map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`)
      .join('; ');
    problems.push(
      problemOf(
        'record.invalid',
        `The ${mapped.entity} "${key ?? '?'}" cannot be built: ${reasons}.`,
        {
          location: mapped.location,
          entity: mapped.entity,
          key,
        },
      ),
    );
    return problems.map((problem) => ({ kind: 'problem', problem }));
  }
  const record: LedgerRecord = parsed.data;
  index.add(record, mapped.aliases);
  return [{ kind: 'record', record, problems }];
}
