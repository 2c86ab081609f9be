import { z } from 'zod';
import {
  accountKindSchema,
  currencySchema,
  isoDateSchema,
  systemRoleSchema,
} from '../../ledger/index.js';

/**
 * The consultant's override file: a small JSON document that adapts a mapping to one client's export
 * without touching code. Every field is optional; docs/mappings.md documents each with an example.
 */

type Delimiter = ',' | ';' | '\t' | '|';
const delimiterNames = {
  ',': ',',
  ';': ';',
  '\t': '\t',
  '|': '|',
  tab: '\t',
  comma: ',',
  semicolon: ';',
  pipe: '|',
} as const satisfies Record<string, Delimiter>;
/** A delimiter, written as the character or its name ("tab" reads better in JSON than "\t"). */
const delimiterSchema = z
  .enum(Object.keys(delimiterNames) as [keyof typeof delimiterNames])
  .transform((name): Delimiter => delimiterNames[name]);

const encodingSchema = z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']);

/** Where one table of the mapping lives, when the default file names do not fit. */
const fileOverrideSchema = z.preprocess(
  // A bare file name is shorthand for { "file": name }.
  (value) => (typeof value === 'string' ? { file: value } : value),
  z
    .object({
      /** File name relative to the export folder. */
      file: z.string().min(1),
      /** Sheet name, for a workbook. */
      sheet: z.string().min(1).optional(),
      delimiter: delimiterSchema.optional(),
      encoding: encodingSchema.optional(),
      /** 1-based row of the header, when detection picks the wrong row. */
      headerRow: z.number().int().positive().optional(),
    })
    .strict(),
);
export type FileOverride = z.infer<typeof fileOverrideSchema>;

const accountOverrideSchema = z
  .object({
    kind: accountKindSchema.optional(),
    /** A system role, or null to say the account has none. */
    systemRole: systemRoleSchema.nullable().optional(),
    /** Book foreign documents' exchange differences on this account (docs/accounting.md). */
    exchangeDifferences: z.literal(true).optional(),
  })
  .strict();

export const mappingOverridesSchema = z
  .object({
    /** Table id (e.g. "invoices") → file name or file options. */
    files: z.record(z.string(), fileOverrideSchema).optional(),
    /** Table id → { expected column name → the column's header in this export }. */
    columns: z.record(z.string(), z.record(z.string(), z.string().min(1))).optional(),
    /** Order of day, month and year in dates; separators and year width are free. */
    dateFormat: z.enum(['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD']).optional(),
    /** The decimal mark of amounts, when "1,234" must not be guessed. */
    decimalSeparator: z.enum(['.', ',']).optional(),
    /** Forces the delimiter of every CSV file (per file: under "files"). */
    delimiter: delimiterSchema.optional(),
    /** Forces the encoding of every text file (per file: under "files"). */
    encoding: encodingSchema.optional(),
    /** Legacy account type label → canonical kind, added to (or replacing) the mapping's table. */
    accountTypes: z.record(z.string(), accountKindSchema).optional(),
    /** Legacy account (key, code or name) → kind and/or system role. */
    accounts: z.record(z.string(), accountOverrideSchema).optional(),
    /** Currency of documents and payments whose export carries none. */
    defaultCurrency: currencySchema.optional(),
    /** Xero: contact name → whether it is a customer, a vendor or both. */
    contactRoles: z.record(z.string(), z.enum(['customer', 'vendor', 'both'])).optional(),
    /** Xero bank statements: the bank account (code or name) of statement files without one. */
    bankAccount: z.string().min(1).optional(),
    /** As-of date of the closing trial balance when the export does not print it. */
    trialBalanceDate: isoDateSchema.optional(),
  })
  .strict();
export type MappingOverrides = z.infer<typeof mappingOverridesSchema>;
/** Overrides as written (file names may be bare strings); readLedger checks and normalises them. */
export type MappingOverridesInput = z.input<typeof mappingOverridesSchema>;
