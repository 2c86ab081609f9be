/**
 * The export formats Ledgerlift reads, on their own: the command line names them in its options
 * without loading the readers and mappings behind them (mappings/read-ledger.ts picks one), so a
 * command that reads no exports starts without them.
 */
export const sourceFormats = [
  'generic',
  'xero',
  'quickbooks-desktop-iif',
  'quickbooks-online',
] as const;
export type SourceFormat = (typeof sourceFormats)[number];
