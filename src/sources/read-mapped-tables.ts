import type { LedgerItem } from '../ledger/index.js';
import { RowFields } from './table-mapping/row-fields.js';
import { isTableSpec, type TableMapping } from './table-mapping/table-spec.js';
import { SourceEnvironment, type SourceSettings } from './source-environment.js';

export type { SourceSettings } from './source-environment.js';

/**
 * Reads a folder of CSV/XLSX exports through a table mapping, table by table in entity order,
 * streaming rows and grouping consecutive document rows. Yields records and located problems.
 */
export async function* readMappedTables(
  mapping: TableMapping,
  settings: SourceSettings,
): AsyncGenerator<LedgerItem[]> {
  const environment = SourceEnvironment.open(settings);
  const specs = mapping.tables.filter(isTableSpec);
  environment.samples = (file) => environment.tableSamples(specs, file);
  if (mapping.prepare) {
    await mapping.prepare(async (tableId, visit) => {
      const spec = specs.find((candidate) => candidate.id === tableId);
      if (!spec) return;
      for await (const row of environment.quietRows(spec))
        visit(new RowFields(row, environment.context, []));
    }, environment.context);
  }
  for (const step of mapping.tables) {
    yield* isTableSpec(step) ? environment.readSpec(step) : environment.readDerived(step);
  }
  yield environment.unusedColumnProblems();
}
