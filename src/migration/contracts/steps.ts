// Pure definitions shared by workflows and activities: no imports, no I/O, safe in workflow code.

/** Migration steps, in dependency order. */
export const stepNames = [
  'accounts',
  'customers',
  'vendors',
  'products',
  'opening-balance',
  'invoices',
  'bills',
  'bank-transactions',
  'payments',
  'journal-entries',
] as const;
export type StepName = (typeof stepNames)[number];

/**
 * What each step needs finished first. Steps whose needs are met run at the same time; they share
 * one rate budget, so overlap only keeps the budget busy while another step waits on a dependency.
 */
export const stepDependencies: Readonly<Record<StepName, readonly StepName[]>> = {
  accounts: [],
  customers: [],
  vendors: [],
  products: ['accounts'],
  'opening-balance': ['accounts'],
  invoices: ['accounts', 'customers', 'products'],
  bills: ['accounts', 'vendors', 'products'],
  'bank-transactions': ['accounts', 'customers', 'vendors'],
  payments: ['accounts', 'invoices', 'bills'],
  'journal-entries': ['accounts', 'opening-balance'],
};

/**
 * A step's phases run in order; each phase is a list of units, and each unit is one API call
 * (a bulk call of up to the batch size, or one record on routes without bulk).
 */
export const stepPhases = {
  accounts: ['create'],
  // `reactivate`: records an undo of the run set inactive, matched again (parties-reactivate.ts).
  customers: ['create', 'reactivate'],
  vendors: ['create', 'reactivate'],
  products: ['create', 'reactivate'],
  'opening-balance': ['cutover', 'publish'],
  invoices: ['create', 'reclassify-tax', 'exchange-difference'],
  bills: ['create', 'exchange-difference'],
  'bank-transactions': ['create'],
  payments: ['create', 'split', 'assign', 'apply-credit', 'apply-vendor-credit'],
  'journal-entries': ['create'],
} as const satisfies Record<StepName, readonly string[]>;
export type PhaseName = (typeof stepPhases)[StepName][number];

/** Workspace listings read before planning, to match records that already exist. */
export type SnapshotResource =
  | 'chart-of-accounts'
  | 'account-sub-types'
  | 'customers'
  | 'vendors'
  | 'products'
  | 'invoices'
  | 'bills'
  | 'opening-balance'
  /** Journal entries: the opening balance step looks for an undo's reversing entry. */
  | 'journal-entries'
  /** The workspace itself (currency, country): read by the workspace pre-check. */
  | 'workspace';

/** Reads of the workspace a step needs before planning, to match records that already exist. */
export const snapshotsOfStep: Readonly<Record<StepName, readonly SnapshotResource[]>> = {
  accounts: ['account-sub-types', 'chart-of-accounts'],
  customers: ['customers'],
  vendors: ['vendors'],
  products: ['products'],
  'opening-balance': ['opening-balance', 'journal-entries'],
  invoices: ['invoices'],
  bills: ['bills'],
  'bank-transactions': [],
  payments: [],
  'journal-entries': [],
};

export function isStepName(value: string): value is StepName {
  return (stepNames as readonly string[]).includes(value);
}

export type RunMode = 'dry-run' | 'live';

/** Identifies one unit of work: one API call. */
export interface UnitRef {
  step: StepName;
  phase: PhaseName;
  /** The plan this unit belongs to: the main pass or a replay round. */
  planId: string;
  index: number;
}

/** Stable text form of a unit, used in run store keys and logs. */
export function unitId(unit: UnitRef): string {
  return `${unit.planId}/${unit.step}/${unit.phase}/${String(unit.index).padStart(6, '0')}`;
}
