import { basename } from 'node:path';
import { genericExports } from './generic/export-checklist.js';
import { genericMapping } from './generic/index.js';
import { loadOverrides, parseOverrides } from '../src/sources/overrides/load-overrides.js';
import type {
  MappingOverrides,
  MappingOverridesInput,
} from '../src/sources/overrides/mapping-overrides.js';
import { quickBooksDesktopExports } from './quickbooks-desktop-iif/export-checklist.js';
import { quickBooksDesktopIifMapping } from './quickbooks-desktop-iif/index.js';
import { quickBooksOnlineExports } from './quickbooks-online/export-checklist.js';
import { quickBooksOnlineMapping } from './quickbooks-online/index.js';
import type { FormatChecklist } from './shared/export-checklist.js';
import { xeroExports } from './xero/export-checklist.js';
import { xeroMapping } from './xero/index.js';
import type { LedgerItem } from '../src/ledger/index.js';
import type { TableMapping } from '../src/sources/table-mapping/table-spec.js';
import { readMappedTables } from '../src/sources/read-mapped-tables.js';
import { openExportFolder, type OpenedSource } from '../src/sources/archive/export-folder.js';
import { FolderListing } from '../src/sources/table/locate-table.js';
import type { SourceFormat } from './source-formats.js';

export type { LedgerItem } from '../src/ledger/index.js';

/**
 * What a consultant exports for each format (`ledgerlift template --format`, docs/mappings.md):
 * each format's list lives beside its mapping, which names from it the exports that are missing.
 */
export const exportChecklists: Record<SourceFormat, FormatChecklist> = {
  generic: genericExports,
  xero: xeroExports,
  'quickbooks-desktop-iif': quickBooksDesktopExports,
  'quickbooks-online': quickBooksOnlineExports,
};

export interface ReadLedgerOptions {
  /**
   * A folder of export files, a ZIP of them, or a folder holding such a ZIP
   * (src/sources/archive/export-folder.ts); SourceLocation.file is relative to it, an archive's
   * files named "<archive>: <entry>".
   */
  folder: string;
  /**
   * The source as another thread opened it (`readLedgerBeside`): its files are read, and that
   * thread removes what it extracted. Absent, `readLedger` opens and closes the source itself.
   */
  opened?: OpenedSource;
  format: SourceFormat;
  /** Overrides already loaded (checked like a file; bare file names allowed). */
  overrides?: MappingOverridesInput;
  /** Or the path of an override file (JSON) to load; its problems name the file and JSON path. */
  overridesFile?: string;
  /**
   * Currency of documents and payments whose export carries none (QuickBooks Desktop, single-currency
   * Xero and QuickBooks Online files): usually the base currency. The override file's
   * "defaultCurrency" wins over it.
   */
  defaultCurrency?: string;
  /**
   * The first day of activity in the workspace. With it, every trial balance in the folder (found by
   * name or by content) takes its role from its date: the day before is the opening balance.
   */
  cutoverDate?: string;
  /** The verification date: a trial balance at it gives the end-date figures. */
  endDate?: string;
  /** Kinds of transaction left out on purpose (`--skip-kind`): noted, not blocking. */
  skipKinds?: readonly string[];
}

const tableMappings: Record<Exclude<SourceFormat, 'quickbooks-desktop-iif'>, TableMapping> = {
  generic: genericMapping,
  xero: xeroMapping,
  'quickbooks-online': quickBooksOnlineMapping,
};

/**
 * Streams canonical records in entity dependency order (see entityNames), plus the problems found
 * while reading and mapping. Rows are streamed and document lines grouped from consecutive rows, so
 * memory stays flat as files grow. Never throws for bad input: an unreadable file or override file
 * becomes a located problem.
 */
export async function* readLedger(options: ReadLedgerOptions): AsyncGenerator<LedgerItem> {
  if (options.opened) {
    yield* readOpened(options, options.opened);
    return;
  }
  const own = await openExportFolder(options.folder);
  try {
    yield* readOpened(options, own);
  } finally {
    await own.close();
  }
}

async function* readOpened(
  options: ReadLedgerOptions,
  source: OpenedSource,
): AsyncGenerator<LedgerItem> {
  for (const problem of source.problems) yield { kind: 'problem', problem };
  if (!source.readable) return;
  let overrides: MappingOverrides = {};
  if (options.overridesFile !== undefined) {
    const loaded = await loadOverrides(options.overridesFile, basename(options.overridesFile));
    for (const problem of loaded.problems) yield { kind: 'problem', problem };
    if (!loaded.overrides) return;
    overrides = loaded.overrides;
  }
  if (options.overrides !== undefined) {
    const given = parseOverrides(JSON.stringify(options.overrides), 'overrides option');
    for (const problem of given.problems) yield { kind: 'problem', problem };
    if (!given.overrides) return;
    overrides = { ...overrides, ...given.overrides };
  }
  const settings = {
    listing: new FolderListing(source.files),
    overrides,
    defaultCurrency: overrides.defaultCurrency ?? options.defaultCurrency,
    cutoverDate: options.cutoverDate,
    endDate: options.endDate,
    skipKinds: options.skipKinds,
  };
  const batches =
    options.format === 'quickbooks-desktop-iif'
      ? quickBooksDesktopIifMapping(settings)
      : readMappedTables(tableMappings[options.format], settings);
  // Readers hand over batches (one await per batch); consumers get one item at a time.
  for await (const batch of batches) yield* batch;
}
