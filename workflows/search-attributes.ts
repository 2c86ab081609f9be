import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Typed search attributes a migration keeps up to date, so the Temporal UI can list and filter runs.
 * The dev server registers them at start (`--search-attribute Name=Type`); a real cluster needs
 * `temporal operator search-attribute create` once per namespace (see docs/deploy.md).
 */
const keyword = (name: string) => defineSearchAttributeKey(name, SearchAttributeType.KEYWORD);
const int = (name: string) => defineSearchAttributeKey(name, SearchAttributeType.INT);

export const phaseAttribute = keyword('LedgerliftPhase');
export const modeAttribute = keyword('LedgerliftMode');
export const rowsDoneAttribute = int('LedgerliftRowsDone');
export const rowsFailedAttribute = int('LedgerliftRowsFailed');

/**
 * What an execution is: `run` for a migration (migrateLedger), `step` for one of its step children
 * (migrateStep), so a saved view of `LedgerliftKind = "run"` lists the migrations without their
 * nine children each (docs/web-ui.md).
 */
export const kindAttribute = keyword('LedgerliftKind');

export const ledgerliftSearchAttributes = [
  phaseAttribute,
  modeAttribute,
  rowsDoneAttribute,
  rowsFailedAttribute,
  kindAttribute,
] as const;
