import { extname } from 'node:path';
import { problemOf } from '../ledger/problem-catalog.js';
import { cellText } from './cell.js';
import { iifBlocks } from './iif/iif-blocks.js';
import { withoutGroupMembers } from './iif/iif-groups.js';
import type { IifMapping, IifPass, IifTransactionScanner } from './iif/iif-mapping.js';
import { readIifRows } from './iif/read-iif-rows.js';
import type { LedgerItem } from '../ledger/index.js';
import { RowFields } from './table-mapping/row-fields.js';
import type { AnyMapped } from './table-mapping/table-spec.js';
import {
  SCAN_ROWS,
  SourceEnvironment,
  type CellSample,
  type SourceSettings,
} from './source-environment.js';

/** The IIF files of the folder: the override file's "files" → "iif" entry, else every *.iif file. */
function iifFiles(environment: SourceEnvironment): string[] {
  const override = environment.settings.overrides.files?.iif;
  if (override !== undefined) return [override.file];
  return environment.listing.files.filter((file) => extname(file).toLowerCase() === '.iif');
}

/**
 * Reads a QuickBooks Desktop IIF export (plus its reports) in entity order. Every pass streams the
 * file again, so memory stays flat whatever its size; structural problems are reported by the
 * first pass only.
 */
export async function* readMappedIif(
  mapping: IifMapping,
  settings: SourceSettings,
): AsyncGenerator<LedgerItem[]> {
  const environment = SourceEnvironment.open(settings);
  // QuickBooks Desktop writes IIF amounts with a decimal point only (US, Canadian, UK editions).
  environment.numbers.formatMark = '.';
  const files = iifFiles(environment).filter((file) => environment.listing.files.includes(file));
  const encoding = settings.overrides.encoding;
  const tables = mapping.passes.flatMap((pass) => (pass.kind === 'table' ? [pass.spec] : []));
  environment.samples = async function* (only?: string): AsyncGenerator<CellSample> {
    for (const file of files) {
      if (only !== undefined && only !== environment.listing.shownName(file)) continue;
      let rows = 0;
      for await (const batch of readIifRows({
        path: environment.listing.pathOf(file),
        file: environment.listing.shownName(file),
        encoding,
      })) {
        for (const { type, row } of batch) {
          if (type === 'TRNS' || type === 'SPL')
            yield {
              kind: 'date',
              text: cellText(row.cell('DATE')),
              location: row.location('DATE'),
            };
        }
        if ((rows += batch.length) > SCAN_ROWS) break;
      }
    }
    yield* environment.tableSamples(tables, only);
  };
  if (files.length === 0) {
    yield [
      {
        kind: 'problem',
        problem: problemOf(
          'file.not-found',
          'No .iif file in the export folder. Export the lists from QuickBooks Desktop (File → Utilities → Export → Lists to IIF Files), or name the file under "files" → "iif" in the override file.',
          {},
        ),
      },
    ];
  }
  if (mapping.prepare)
    await mapping.prepare(transactionScanner(environment, files), environment.context);
  let firstPass = true;
  for (const pass of mapping.passes) {
    if (pass.kind === 'table') {
      yield* environment.readSpec(pass.spec);
      continue;
    }
    if (pass.kind === 'derived') {
      yield* environment.readDerived(pass.step);
      continue;
    }
    for (const file of files) yield* readPass(environment, pass, file, firstPass);
    firstPass = false;
  }
  yield environment.unusedColumnProblems();
}

/** Reads the TRNS rows of the files ahead of the passes, quietly: the passes report problems. */
function transactionScanner(environment: SourceEnvironment, files: readonly string[]) {
  const scan: IifTransactionScanner = async (visit) => {
    for (const file of files) {
      for await (const batch of readIifRows({
        path: environment.listing.pathOf(file),
        file: environment.listing.shownName(file),
        encoding: environment.settings.overrides.encoding,
      })) {
        for (const { type, row } of batch)
          if (type === 'TRNS') visit(new RowFields(row, environment.context, []));
      }
    }
  };
  return scan;
}

async function* readPass(
  environment: SourceEnvironment,
  pass: Extract<IifPass, { kind: 'list' | 'transaction' }>,
  file: string,
  reportStructure: boolean,
): AsyncGenerator<LedgerItem[]> {
  const { context } = environment;
  context.table = { file: environment.listing.shownName(file), titleLines: [] };
  const onProblem = reportStructure
    ? (problem: Parameters<typeof context.report>[0]) => context.report(problem)
    : () => undefined;
  const rows = readIifRows({
    path: environment.listing.pathOf(file),
    file: environment.listing.shownName(file),
    encoding: environment.settings.overrides.encoding,
    onProblem,
  });
  for await (const blocks of iifBlocks(withoutGroupMembers(rows), onProblem)) {
    const items = environment.drain();
    for (const block of blocks) {
      if (pass.kind === 'list') {
        if (block.kind !== 'list' || block.type !== pass.rowType) continue;
        items.push(
          ...(await environment.mapGroup([block.row], { dates: [] }, ([row]) =>
            row ? pass.map(row, context) : [],
          )),
        );
      } else if (block.kind === 'transaction') {
        const map = ([trns, ...splits]: Parameters<typeof pass.map>[1][number][]): AnyMapped[] =>
          trns ? pass.map(trns, splits, context) : [];
        items.push(
          ...environment.drain(),
          ...(await environment.mapGroup([block.trns, ...block.splits], { dates: ['DATE'] }, map)),
        );
      }
    }
    yield items;
  }
  yield [...environment.drain(), ...environment.unreadValues(environment.listing.shownName(file))];
}
