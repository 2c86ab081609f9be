import type { EntityName, Problem, RecordOf } from '../../ledger/index.js';
import type { StepName } from './steps.js';

/** A canonical record staged for a step, with everything planning needs and nothing else. */
export interface StagedRow<E extends EntityName = EntityName> {
  entity: E;
  key: string;
  record: RecordOf<E>;
}

/** The step that migrates each entity (the trial balance is only used for verification). */
export const stepOfEntity: Readonly<Record<EntityName, StepName | undefined>> = {
  account: 'accounts',
  customer: 'customers',
  vendor: 'vendors',
  product: 'products',
  'opening-balance': 'opening-balance',
  invoice: 'invoices',
  bill: 'bills',
  'bank-transaction': 'bank-transactions',
  'customer-payment': 'payments',
  'vendor-payment': 'payments',
  'credit-application': 'payments',
  'journal-entry': 'journal-entries',
  'trial-balance': undefined,
};

/** What happened to a row before any API call: reported, never sent. */
export interface StagingSkip {
  step: StepName | undefined;
  entity: EntityName | undefined;
  key: string | undefined;
  reason: 'invalid' | 'before-cutover' | 'after-end' | 'void' | 'draft' | 'settled-before-cutover';
  /** Codes of the problems that made the row invalid. */
  codes: string[];
  location: Problem['location'];
}

/** The item stream staging consumes (the readers' and validation's output shape). */
export type StagingItem =
  | { kind: 'record'; record: { entity: EntityName; value: unknown }; problems: Problem[] }
  | { kind: 'problem'; problem: Problem };
