import type { EntityName } from '../../../src/ledger/index.js';
import type { ProblemCode } from '../../../src/ledger/problem-catalog.js';

/**
 * What each IIF file of test/fixtures/real-world holds, counted from the file itself (rows by type,
 * transactions by TRNSTYPE with their TRNS line, TRNS amounts summed in cents) without Ledgerlift's
 * reader, and what the reader makes of it today. Where the two disagree, `gap` says why and
 * docs/real-world-corpus.md lists it under "Known gaps".
 */
export interface IifGolden {
  folder: string;
  file: string;
  holds: {
    /** List rows by type (ACCNT, CUST, ...). */
    lists?: Partial<Record<string, number>>;
    /** TRNS line numbers by TRNSTYPE ("" when the file has no TRNSTYPE column). */
    transactions?: Record<string, number[]>;
    /** The TRNS amounts of the file, summed, in cents. */
    trnsTotalCents?: number;
  };
  /** Records read, by entity. */
  reads: Partial<Record<EntityName, number>>;
  /** Bank transactions read: their amounts summed, in cents. */
  bankTotalCents?: number;
  /** Journal entries read: their debits summed, in cents. */
  journalDebitCents?: number;
  /** Problems reported (besides "optional file missing"), by code: the rows they point at. */
  drops: Partial<Record<ProblemCode, number[]>>;
  /** Why what is read differs from what the file holds (a finding), when it does. */
  gap?: string;
  /**
   * What is read, and dropped, when the file is read with the rest of its folder as one export,
   * where that differs (other files' dates settle an order this file's dates leave open).
   */
  inFolder?: Pick<IifGolden, 'reads' | 'drops'>;
}

const PARTY_DROPPED =
  'journal lines name a customer or vendor, which the workspace journal line cannot carry (journal.party-dropped)';
const AMBIGUOUS_DATE =
  'its one date (day and month both 12 or less) fits MM/DD and DD/MM: reading it needs "dateFormat" in the override file';
const NO_TYPE =
  'PayPal downloads have no TRNSTYPE column; their transactions, which may fall after the cutover, are left out and block the live run (transaction.left-out) unless skipped with --skip-kind untyped';

const range = (first: number, step: number, count: number) =>
  Array.from({ length: count }, (_, index) => first + index * step);

const paypal = (file: string, lines: number[], trnsTotalCents: number): IifGolden => ({
  folder: 'bsensale-qp-iif-utility',
  file,
  holds: { transactions: { '': lines }, trnsTotalCents },
  reads: {},
  drops: { 'transaction.left-out': lines },
  gap: NO_TYPE,
});

/** A file of general journal entries, each read as one journal entry with its debits summed. */
const journals = (
  file: string,
  lines: number[],
  trnsTotalCents: number,
  journalDebitCents: number,
  extra: Partial<IifGolden> = {},
): IifGolden => ({
  folder: 'minimul-iif-parser',
  file,
  holds: { transactions: { 'GENERAL JOURNAL': lines }, trnsTotalCents },
  reads: { 'journal-entry': lines.length },
  journalDebitCents,
  drops: {},
  ...extra,
});

/** A journal file whose entries cannot be read as they are: located errors, nothing read. */
const unreadJournals = (
  file: string,
  lines: number[],
  trnsTotalCents: number,
  drops: IifGolden['drops'],
  gap: string,
): IifGolden => ({
  folder: 'minimul-iif-parser',
  file,
  holds: { transactions: { 'GENERAL JOURNAL': lines }, trnsTotalCents },
  reads: {},
  drops,
  gap,
});

/**
 * Journals whose dates are ambiguous alone, and read in the order the folder's other files show,
 * with a note saying so.
 */
const ambiguousJournals = (file: string, lines: number[], trnsTotalCents: number): IifGolden => ({
  ...unreadJournals(
    file,
    lines,
    trnsTotalCents,
    { 'date.ambiguous-format': [lines[0] ?? 0] },
    AMBIGUOUS_DATE,
  ),
  inFolder: {
    reads: { 'journal-entry': lines.length },
    drops: { 'date.order-assumed': [lines[0] ?? 0] },
  },
});

const commaDelimited = (file: string, holds: IifGolden['holds']): IifGolden => ({
  folder: 'minimul-iif-parser',
  file,
  holds,
  reads: {},
  drops: { 'iif.not-tab-delimited': [1] },
  gap: 'comma-delimited, not an IIF QuickBooks reads: reported once, nothing read',
});

export const iifCorpus: IifGolden[] = [
  {
    folder: 'gitpan-Finance-IIF',
    file: 'sample.iif',
    holds: {
      lists: {
        HDR: 1,
        ACCNT: 52,
        CTYPE: 2,
        VTYPE: 4,
        SHIPMETH: 5,
        PAYMETH: 6,
        INVMEMO: 5,
        TERMS: 6,
      },
    },
    reads: { account: 52 },
    drops: {},
  },
  paypal('donation.iif', [4, 8, 12, 16], 49_276),
  paypal('fundraiser.iif', [4, 8, 12], 15_712),
  paypal('mixed.iif', [4, 8, 12, 15, 19, 23, 27], 63_365),
  paypal('newReport.iif', [4, 8, 12], -113_775),
  paypal('paymentComplete.iif', [4], 7_738),
  paypal('seasub.iif', [4], 14_535),
  paypal('show.iif', [4], 21_332),
  {
    folder: 'gtolle-stripe-iiftoqbo',
    file: 'basic.iif',
    holds: {
      transactions: { CHECK: [4], DEPOSIT: [10, 25], 'GENERAL JOURNAL': [7, 13, 17, 21, 28] },
      trnsTotalCents: -29_940,
    },
    // The CHECK and DEPOSITs name their bank account only on their TRNS line (the file has no
    // ACCNT list): it is taken as the bank account. Validation asks for the chart of accounts.
    reads: { 'bank-transaction': 3, 'journal-entry': 5 },
    bankTotalCents: -3_515,
    journalDebitCents: 38_425,
    drops: {},
  },
  {
    folder: 'gtolle-stripe-iiftoqbo',
    file: 'empty.iif',
    holds: {},
    reads: {},
    drops: { 'iif.no-rows': [1] },
  },
  journals('alpha-accounts-multi.iif', [4, 11], 300_160, 380_360),
  journals('alpha-accounts-single.iif', [4], 100_075, 130_175),
  {
    folder: 'minimul-iif-parser',
    file: 'blank-date.iif',
    holds: { transactions: { EFT: [4] }, trnsTotalCents: 100_075 },
    reads: {},
    drops: { 'transaction.left-out': [4] },
    gap: 'EFT is not a QuickBooks TRNSTYPE: left out, and, undated, it blocks the live run unless skipped with --skip-kind eft',
  },
  commaDelimited('blank-rows-and-comma-header-blanks.iif', {
    transactions: { 'GENERAL JOURNAL': [5, 13] },
    trnsTotalCents: 859_183,
  }),
  commaDelimited('comma-delim-squish.iif', {
    transactions: { 'GENERAL JOURNAL': [4] },
    trnsTotalCents: 7_500,
  }),
  commaDelimited('comma-delim.iif', {
    lists: { CUST: 2 },
    transactions: { 'CASH SALE': [6, 15] },
    trnsTotalCents: 22_200,
  }),
  ambiguousJournals('commas-in-amounts.iif', [4], -571_293),
  journals('dos-carriage-returns.iif', range(4, 3, 13), 513_023, 1_072_817, {
    drops: { 'journal.party-dropped': range(4, 3, 13) },
    gap: PARTY_DROPPED,
  }),
  journals('header-quotes.iif', [4], -30_292_344, 55_427_607),
  commaDelimited('liberal-parsing.iif', {
    transactions: { 'GENERAL JOURNAL': [4, 6] },
    trnsTotalCents: 694_929,
  }),
  ambiguousJournals('many-dist-lines.iif', [4], -3_335),
  unreadJournals(
    'memo-quotes.iif',
    [4],
    0,
    { 'value.required': [4, 5] },
    'the TRNS line and the first split have no AMOUNT: reported where they are, the entry is not read',
  ),
  {
    folder: 'minimul-iif-parser',
    file: 'no-matching-header-for-value.iif',
    holds: { lists: { ACCNT: 1 }, transactions: { DEPOSIT: [6] }, trnsTotalCents: 2_000_000 },
    // The DEPOSIT (its type column spelled TRANSTYPE) names its bank account only on its TRNS line.
    reads: { account: 1, 'bank-transaction': 1 },
    bankTotalCents: 2_000_000,
    drops: {},
  },
  journals('num-accounts-multi.iif', [4, 11], 300_160, 380_360),
  journals('quoted-amounts.iif', [4, 19], 211_486, 2_626_653),
  ambiguousJournals('repeating-endtrans-another-example.iif', [9], -1_622_159),
  {
    folder: 'minimul-iif-parser',
    file: 'repeating-endtrans.iif',
    holds: {
      transactions: { CHECK: range(4, 3, 9), 'GENERAL JOURNAL': [39, 52, 65, 76] },
      trnsTotalCents: -6_648_898,
    },
    // No ACCNT list: the CHECKs' TRNS line names their bank account.
    reads: { 'bank-transaction': 9, 'journal-entry': 4 },
    bankTotalCents: -6_649_398,
    journalDebitCents: 6_981_683,
    drops: {},
  },
  // The file's TRNS line (-625.91) is not matched by its splits, which cancel among themselves.
  unreadJournals(
    'spaces.iif',
    [4],
    -62_591,
    { 'journal.not-balanced': [4] },
    'the entry does not balance (its TRNS line is matched by no split), and the workspace takes only balanced journal entries',
  ),
  {
    ...ambiguousJournals('sub-entities.iif', [4, 8], 250_000),
    inFolder: {
      reads: { 'journal-entry': 2 },
      drops: { 'journal.party-dropped': [4, 8], 'date.order-assumed': [4] },
    },
  },
  {
    ...paypal('tab-delim-all-quoted.iif', [4, 8, 11, 14, 17], -22_000),
    folder: 'minimul-iif-parser',
  },
  commaDelimited('vtype.iif', {
    lists: { TODO: 1, VEND: 2, CLASS: 1, ACCNT: 1, INVITEM: 3, CUST: 3 },
    transactions: { 'CASH SALE': [26] },
    trnsTotalCents: 10_800,
  }),
  {
    folder: 'minimul-iif-parser',
    file: 'windows-1252.iif',
    holds: {
      lists: { ACCNT: 9 },
      transactions: { DEPOSIT: [15], 'GENERAL JOURNAL': [18, 22] },
      trnsTotalCents: -3_359,
    },
    reads: { account: 9, 'bank-transaction': 1, 'journal-entry': 2 },
    bankTotalCents: 941,
    journalDebitCents: 4_300,
    drops: { 'journal.party-dropped': [18, 22] },
    gap: PARTY_DROPPED,
  },
];
