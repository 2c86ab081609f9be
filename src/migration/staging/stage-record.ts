import { centsOf } from '../../money/index.js';
import {
  salesLineAccepts,
  type EntityName,
  type Problem,
  type RecordOf,
} from '../../ledger/index.js';
import { partsOf } from '../accounting/payment-parts.js';
import {
  postBankTransaction,
  postDocument,
  postOpeningBalanceLine,
  postPayment,
  postJournalEntry,
} from '../accounting/post-records.js';
import { PAYABLE, RECEIVABLE } from '../accounting/posting-keys.js';
import type { StagedRow, StagingSkip } from '../contracts/staged-row.js';
import type { StepName } from '../contracts/steps.js';
import type { StageOutputs } from './stage-outputs.js';
import type { StagedBooks } from './staged-books.js';

/** Where a record goes: the stage's outputs and books, for its entity's step. */
interface StagingPlace {
  entity: EntityName;
  value: unknown;
  /** The step that migrates the entity; none for the trial balance. */
  step: StepName | undefined;
  location: Problem['location'];
  out: StageOutputs;
  staged: StagedBooks;
  cutoverDate: string;
}

/** One valid record on its way to the stage, with what staging keeps beside the rows. */
export interface RecordToStage<E extends EntityName> extends StagingPlace {
  entity: E;
  value: RecordOf<E>;
}

type Stager<E extends EntityName> = (record: RecordToStage<E>) => Promise<void>;

/** How each kind of ledger record is staged: as a row for its step, a skip, or books only. */
export const stagers: { readonly [E in EntityName]: Stager<E> } = {
  account: async (record) => {
    const account = record.value;
    record.staged.postingKeys.registerAccount(account.key, account.systemRole);
    if (!salesLineAccepts(account.kind)) record.staged.refusedOnSalesLines.add(account.key);
    if (account.systemRole) record.staged.estimate.systemAccounts += 1;
    await stageRow(record, account.key);
  },
  customer: (record) => stageRow(record, record.value.key),
  vendor: (record) => stageRow(record, record.value.key),
  product: (record) => stageRow(record, record.value.key),
  'opening-balance': async (record) => {
    const line = record.value;
    await record.out.row('opening-balance', {
      entity: record.entity,
      key: line.accountKey,
      record: line,
    });
    const { staged } = record;
    postOpeningBalanceLine(staged.books, staged.postingKeys, line, record.cutoverDate);
    const role = staged.postingKeys.of(line.accountKey);
    staged.rolledForward.opening(role, line, record.cutoverDate);
    const net = centsOf(line.debit) - centsOf(line.credit);
    if (role === RECEIVABLE) staged.openingControl.receivable += net;
    if (role === PAYABLE) staged.openingControl.payable -= net;
  },
  invoice: (record) => stageDocument(record),
  bill: (record) => stageDocument(record),
  'bank-transaction': (record) => stagePosted(record, 'bankLines', postBankTransaction),
  'customer-payment': (record) => stagePayment(record),
  'vendor-payment': (record) => stagePayment(record),
  'credit-application': async (record) => {
    const application = record.value;
    const { staged } = record;
    staged.seeDate(application.date);
    const documentEntity = application.kind === 'customer-credit' ? 'invoice' : 'bill';
    const amount = centsOf(application.amount);
    staged.settle(application.creditKey, documentEntity, application.date, amount);
    staged.settle(application.documentKey, documentEntity, application.date, amount);
    if (application.date < record.cutoverDate) return skipBeforeCutover(record, application.key);
    if (application.kind === 'customer-credit') staged.creditGroups.add(application.creditKey);
    else staged.vendorCreditGroups.add(application.documentKey);
    await stageRow(record, application.key);
  },
  'journal-entry': (record) => stagePosted(record, 'journals', postJournalEntry),
  'trial-balance': async (record) => {
    const line = record.value;
    if (line.asOf > record.staged.legacyAsOf) record.staged.legacyAsOf = line.asOf;
    await record.out.legacyTrialBalance.add(line);
  },
};

/** Stages a record as its step's row under `key` (the trial balance has no step: not staged). */
async function stageRow(record: StagingPlace, key: string): Promise<void> {
  const { step, entity, value } = record;
  if (step) await record.out.row(step, { entity, key, record: value } as StagedRow);
}

function skip(record: StagingPlace, key: string, reason: StagingSkip['reason']): Promise<void> {
  const { step, entity, location } = record;
  return record.out.skip({ step, entity, key, reason, codes: [], location });
}

function skipBeforeCutover(record: StagingPlace, key: string): Promise<void> {
  return skip(record, key, 'before-cutover');
}

/** A bank line or a manual journal entry: posted and staged if from the cutover on, else skipped. */
async function stagePosted<T extends { key: string; date: string; source: { file: string } }>(
  record: StagingPlace & { value: T },
  kind: 'bankLines' | 'journals',
  post: (
    books: ReturnType<StagedBooks['activity']>,
    keys: StagedBooks['postingKeys'],
    value: T,
  ) => void,
): Promise<void> {
  const { value, staged } = record;
  staged.seeDate(value.date);
  if (value.date < record.cutoverDate) return skipBeforeCutover(record, value.key);
  post(staged.activity(kind, value.date, value.source.file), staged.postingKeys, value);
  await stageRow(record, value.key);
}

/** An invoice or a bill: its facts kept off the heap, its posting if from the cutover on. */
async function stageDocument(
  record: RecordToStage<'invoice'> | RecordToStage<'bill'>,
): Promise<void> {
  const { entity, value: document, staged, cutoverDate } = record;
  staged.seeDate(document.date);
  if (document.status === 'void') return skip(record, document.key, 'void');
  // Never posted in the legacy books (a draft or awaiting approval): nothing of it is in the
  // legacy trial balance, so it is not migrated (validation's note document.draft names it).
  if (document.status === 'draft') return skip(record, document.key, 'draft');
  staged.documents.set([entity, document.key], {
    document: { ...document, lines: [] },
    facts: {
      entity,
      type: document.type,
      partyKey: 'customerKey' in document ? document.customerKey : document.vendorKey,
      date: document.date,
      currency: document.currency,
      total: document.total,
      status: document.status,
      dueAtEnd: '0.00',
      ...(document.dueDate ? { dueDate: document.dueDate } : {}),
    },
  });
  if (document.date >= cutoverDate) {
    const books = staged.activity('documents', document.date, document.source.file);
    postDocument(books, staged.postingKeys, document, staged.baseCurrency);
    const taxed = document.lines.some((line) => centsOf(line.taxAmount) !== 0n);
    const month = document.date.slice(0, 7);
    if (entity === 'invoice' && taxed) staged.taxMonths.add(month);
    if (entity === 'invoice') {
      for (const line of document.lines)
        if (staged.refusedOnSalesLines.has(line.accountKey))
          staged.taxMonths.add(`${month}@${line.accountKey}`);
    }
  }
  staged.documentCurrencies.add(document.currency);
  await stageRow(record, document.key);
}

/** A customer's or a vendor's payment: what it settles, and its posting if from the cutover on. */
async function stagePayment(
  record: RecordToStage<'customer-payment'> | RecordToStage<'vendor-payment'>,
): Promise<void> {
  const { entity, value: payment, staged } = record;
  staged.seeDate(payment.date);
  const documentEntity = entity === 'customer-payment' ? 'invoice' : 'bill';
  for (const allocation of payment.allocations) {
    staged.settle(allocation.documentKey, documentEntity, payment.date, centsOf(allocation.amount));
  }
  if (payment.date < record.cutoverDate) return skipBeforeCutover(record, payment.key);
  postPayment(
    staged.activity('payments', payment.date, payment.source.file),
    staged.postingKeys,
    payment,
    entity,
  );
  staged.estimate.payments += 1;
  staged.estimate.allocations += payment.allocations.length;
  if (partsOf({ kind: entity, payment }).length > 1) staged.estimate.splitPayments += 1;
  await stageRow(record, payment.key);
}
