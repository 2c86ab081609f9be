import path from 'node:path';
import { validateLedger } from '../../validation/validate-ledger.js';
import type { StagingItem } from '../contracts/staged-row.js';
import type { StageInput } from '../contracts/workflow-types.js';
import { readLedgerBeside } from './ledger-reader-thread.js';

/** Reads the exports (readers, mapping and validation) as the item stream staging consumes. */
export type ExportsReader = (input: StageInput) => AsyncIterable<StagingItem>;

/**
 * The exports of a run, read, mapped and validated: the item stream staging consumes. Large exports
 * are read and mapped in a thread of their own while this one validates and stages (see
 * `readLedgerBeside`).
 */
export function readValidatedExports(input: StageInput): AsyncIterable<StagingItem> {
  const items = readLedgerBeside({
    folder: path.resolve(input.source.folder),
    format: input.source.format,
    ...(input.source.overridesFile
      ? { overridesFile: path.resolve(input.source.overridesFile) }
      : {}),
    defaultCurrency: input.currency,
    ...(input.source.skipKinds ? { skipKinds: input.source.skipKinds } : {}),
    cutoverDate: input.cutoverDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
  });
  return validateLedger(items, {
    cutoverDate: input.cutoverDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
    baseCurrency: input.currency,
  });
}
