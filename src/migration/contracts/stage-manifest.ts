// What staging leaves in the run store for the steps, verification and reports to read: shared
// contracts, so readers of a stage need not import the staging code.
import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import type { StepName } from './steps.js';
import type { RolledForwardActivity } from './workflow-types.js';

/** Facts about a document that planning, payments and verification need without its lines. */
export interface DocumentFacts {
  entity: 'invoice' | 'bill';
  type: SalesDocument['type'] | PurchaseDocument['type'];
  partyKey: string;
  date: string;
  currency: string;
  total: string;
  status: SalesDocument['status'];
  /** Set for documents dated before the cutover: the amount still open at the cutover. */
  outstandingAtCutover?: string;
  /**
   * A foreign document open at the cutover that no export values: the base value of its
   * `outstandingAtCutover`, estimated from the trial balance (src/ledger/base-value.ts).
   */
  estimatedBaseAtCutover?: string;
  /** The amount the workspace should show as due at the end date. */
  dueAtEnd: string;
  /** When the document falls due, if the export says: the report ages what is due at the end by it. */
  dueDate?: string;
}

export interface StageManifest {
  stageId: string;
  cutoverDate: string;
  endDate: string;
  baseCurrency: string;
  steps: Record<StepName, { rows: number; skipped: number }>;
  /** Write calls each step needs at the batch size (see call-estimate.ts). */
  estimatedCalls: Record<StepName, number>;
  problems: { error: number; warning: number; info: number };
  /** Errors remain: a live run refuses to start unless told to skip the rows. */
  blocking: boolean;
  /**
   * Transactions from the cutover on that are not migrated: they block a live run even with
   * skipInvalidRows (src/ledger/own-skip-errors.ts). Absent in manifests staged before it existed.
   */
  leftOut?: number;
  hasLegacyTrialBalance: boolean;
  /**
   * The currencies of the staged invoices and bills, in order: the accounts step adds an exchange
   * difference account when one is not the base currency. Absent in manifests staged before it
   * existed (the accounts step then reads the documents).
   */
  documentCurrencies?: string[];
}

/** The books the workspace should show at the end date, by posting key (see PostingKeys). */
export interface Projection {
  endDate: string;
  books: Record<string, string>;
  roles: Record<string, string>;
  /** Expected amount due per customer (receivable) and vendor (payable) at the end date. */
  aging: { receivable: Record<string, string>; payable: Record<string, string> };
  /**
   * The legacy files those amounts due come from: the files of the documents still open at the end
   * date, per side. Absent in projections staged before it existed.
   */
  agingFrom?: { receivable: string[]; payable: string[] };
  /**
   * The legacy opening balance rolled forward by the migrated activity: what the verification
   * compares with when the exports hold no trial balance at the end date. Absent without an opening
   * balance, and in projections staged before it existed.
   */
  legacyRolledForward?: LegacyRolledForward;
}

/** The legacy trial balance as at the day before the cutover, rolled forward to the end date. */
export interface LegacyRolledForward {
  /** The opening balance's date: the day before the cutover. */
  asOf: string;
  /** The legacy files the opening balance was read from. */
  files: string[];
  /** Balances at the end date by posting key (debit positive), the clearing account left out. */
  books: Record<string, string>;
  /** The activity rolled forward, up to the end date. */
  activity: RolledForwardActivity;
  /** Per posting key: the legacy file and row of its opening line, and the files of its activity. */
  expectedFrom: Record<string, string>;
}

/** Facts of one document as staging writes them to the stage's document-facts log. */
export type DocumentFactsEntry = DocumentFacts & { key: string };
