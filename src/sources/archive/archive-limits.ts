/**
 * What reading one export archive (a ZIP given as the source, or saved into the export folder) may
 * cost. An archive comes from a client: its entry count, sizes and names are claims, checked from
 * its directory before anything is inflated and again while each entry inflates
 * (docs/reliability.md, "Hostile input").
 */
export const ARCHIVE_LIMITS = {
  /** Entries in the directory, folders included: QuickBooks Online's "Export data" holds about 20. */
  entries: 1000,
  /** Bytes of the directory itself (1,000 entries of long names fit in far less). */
  directoryBytes: 16 * 1024 * 1024,
  /** Inflated bytes of one entry: a CSV of a million ledger rows is about 70 MiB. */
  entryBytes: 512 * 1024 * 1024,
  /** Inflated bytes of all the entries of one archive, written to a private scratch folder. */
  totalBytes: 1024 * 1024 * 1024,
  /**
   * The most an entry may inflate per compressed byte, once it inflates past `ratioFrom`: exports
   * compress about 5 to 1 (CSV) or not at all (a workbook is itself a ZIP), a ZIP bomb thousands
   * to 1.
   */
  ratio: 200,
  ratioFrom: 1024 * 1024,
} as const;
