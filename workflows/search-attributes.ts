import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Typed search attributes a migration keeps up to date, so the Temporal UI can list and filter runs.
 * The dev server registers them at start (`--search-attribute Name=Type`); a real cluster needs
 * `temporal operator search-attribute create` once per namespace (see docs/deploy.md).
 */
export const phaseAttribute = defineSearchAttributeKey(
  'LedgerliftPhase',
  SearchAttributeType.KEYWORD,
);
export const modeAttribute = defineSearchAttributeKey(
  'LedgerliftMode',
  SearchAttributeType.KEYWORD,
);
export const rowsDoneAttribute = defineSearchAttributeKey(
  'LedgerliftRowsDone',
  SearchAttributeType.INT,
);
export const rowsFailedAttribute = defineSearchAttributeKey(
  'LedgerliftRowsFailed',
  SearchAttributeType.INT,
);

/**
 * What an execution is: `run` for a migration (migrateLedger), `step` for one of its step children
 * (migrateStep), so a saved view of `LedgerliftKind = "run"` lists the migrations without their
 * nine children each (docs/web-ui.md).
 */
export const kindAttribute = defineSearchAttributeKey(
  'LedgerliftKind',
  SearchAttributeType.KEYWORD,
);

export const ledgerliftSearchAttributes = [
  phaseAttribute,
  modeAttribute,
  rowsDoneAttribute,
  rowsFailedAttribute,
  kindAttribute,
] as const;
