import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type {
  Account,
  BankTransaction,
  CreditApplication,
  JournalEntry,
  OpeningBalanceLine,
  Payment,
  Problem,
  PurchaseDocument,
  SalesDocument,
  TrialBalanceLine,
} from '../../ledger/index.js';
import { OffHeapMap } from '../../offheap/off-heap-map.js';
import type { RunStore } from '../../run-store/run-store.js';
import { Books } from '../accounting/books.js';
import {
  emptySettlements,
  outstandingAtCutover,
  type Settlements,
} from '../accounting/conversion.js';
import { PostingKeys } from '../accounting/posting-keys.js';
import { postJournalEntry } from '../accounting/post-journal-entry.js';
import {
  documentSign,
  postBankTransaction,
  postConversionDocument,
  postDocument,
  postOpeningBalanceLine,
  postPayment,
} from '../accounting/post-records.js';
import { stepNames, type StepName } from '../contracts/steps.js';
import type {
  DocumentFacts,
  DocumentFactsEntry,
  Projection,
  StageManifest,
} from '../contracts/stage-manifest.js';
import { partsOf } from '../accounting/payment-parts.js';
import { estimateCalls } from './call-estimate.js';
import { ChunkWriter } from './chunk-writer.js';
import { stageKeys } from './stage-keys.js';
import {
  stepOfEntity,
  type StagedRow,
  type StagingItem,
  type StagingSkip,
} from '../contracts/staged-row.js';

export interface StageSettings {
  stageId: string;
  cutoverDate: string;
  /**
   * Last day of the migration window; defaults to the legacy trial balance's date, else the latest
   * date in the ledger.
   */
  endDate?: string;
  baseCurrency: string;
  /** Rows per bulk call, for the call estimate. */
  batchSize: number;
}

/** A document's header (its lines are staged, not kept) and facts, by [entity, key], off the heap. */
type Documents = OffHeapMap<{ document: SalesDocument | PurchaseDocument; facts: DocumentFacts }>;

/** Settlements of a document as decimal text: the off-heap map keeps no bigint. */
type SettledText = Record<keyof Settlements, string>;

/**
 * Streams the validated ledger into the run store: rows per step in chunks, rows skipped before any
 * API call (with the reason), every problem, document facts, and the projected books. Rows go to
 * the store, and per-document facts and settlements to off-heap maps; the heap keeps totals per
 * account and per counterparty, and the credit groups and tax months the call estimate counts.
 */
export async function stageLedger(
  items: AsyncIterable<StagingItem> | Iterable<StagingItem>,
  store: RunStore,
  settings: StageSettings,
  onProgress: (rowsRead: number) => void = () => undefined,
): Promise<StageManifest> {
  const keys = stageKeys(settings.stageId);
  const writers = new Map<StepName, ChunkWriter<StagedRow>>(
    stepNames.map((step) => [step, new ChunkWriter<StagedRow>(store, keys.rows(step))]),
  );
  const skipCounts = Object.fromEntries(stepNames.map((step) => [step, 0])) as Record<
    StepName,
    number
  >;
  const problems = new BufferedLog<Problem>(store, keys.problems);
  const skips = new BufferedLog<StagingSkip>(store, keys.skips);
  const legacyTrialBalance = new ChunkWriter<TrialBalanceLine>(store, keys.legacyTrialBalance);
  const problemCounts = { error: 0, warning: 0, info: 0 };

  const postingKeys = new PostingKeys();
  const documents: Documents = OffHeapMap.create();
  const settlements = OffHeapMap.create<SettledText>();
  const books = new Books();
  let latestDate = settings.cutoverDate;
  let legacyAsOf = '';
  let rowsRead = 0;
  const estimate = { systemAccounts: 0, payments: 0, splitPayments: 0, allocations: 0 };
  const creditGroups = new Set<string>();
  const vendorCreditGroups = new Set<string>();
  const taxMonths = new Set<string>();

  const skip = async (entry: StagingSkip) => {
    if (entry.step) skipCounts[entry.step] += 1;
    await skips.add(entry);
  };
  const settle = (documentKey: string, entity: 'invoice' | 'bill', date: string, amount: Cents) => {
    const id = [entity, documentKey];
    const entry = settledOf(settlements.get(id));
    if (date < settings.cutoverDate) entry.beforeCutover += amount;
    else entry.fromCutover += amount;
    if (settings.endDate !== undefined && date > settings.endDate) entry.afterEnd += amount;
    settlements.set(id, settledText(entry));
  };
  const seeDate = (date: string) => {
    if (date > latestDate) latestDate = date;
  };

  for await (const item of items) {
    if (item.kind === 'problem') {
      problemCounts[item.problem.severity] += 1;
      await problems.add(item.problem);
      continue;
    }
    rowsRead += 1;
    if (rowsRead % 5000 === 0) onProgress(rowsRead);
    const { entity, value } = item.record;
    const step = stepOfEntity[entity];
    for (const problem of item.problems) {
      problemCounts[problem.severity] += 1;
      await problems.add(problem);
    }
    const key = (value as { key?: string }).key;
    const location = (value as { source?: Problem['location'] }).source;
    const errors = item.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) {
      await skip({
        step,
        entity,
        key,
        reason: 'invalid',
        codes: errors.map((e) => e.code),
        location,
      });
      continue;
    }
    const stage = async (rowKey: string) => {
      if (step) await writers.get(step)?.add({ entity, key: rowKey, record: value } as StagedRow);
    };

    switch (entity) {
      case 'account': {
        const account = value as Account;
        postingKeys.registerAccount(account.key, account.systemRole);
        if (account.systemRole) estimate.systemAccounts += 1;
        await stage(account.key);
        break;
      }
      case 'customer':
      case 'vendor':
      case 'product':
        await stage((value as { key: string }).key);
        break;
      case 'opening-balance': {
        const line = value as OpeningBalanceLine;
        await writers.get('opening-balance')?.add({ entity, key: line.accountKey, record: line });
        postOpeningBalanceLine(books, postingKeys, line, settings.cutoverDate);
        break;
      }
      case 'invoice':
      case 'bill': {
        const document = value as SalesDocument | PurchaseDocument;
        seeDate(document.date);
        if (document.status === 'void') {
          await skip({ step, entity, key: document.key, reason: 'void', codes: [], location });
          break;
        }
        if (document.status === 'draft' && document.date < settings.cutoverDate) {
          // Never posted in the legacy books, so not part of what was open at the cutover.
          const reason = 'draft-before-cutover';
          await skip({ step, entity, key: document.key, reason, codes: [], location });
          break;
        }
        documents.set([entity, document.key], {
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
          },
        });
        if (document.date >= settings.cutoverDate) {
          postDocument(books, postingKeys, document);
          const taxed = document.lines.some((line) => centsOf(line.taxAmount) !== 0n);
          if (entity === 'invoice' && taxed && document.status !== 'draft') {
            taxMonths.add(document.date.slice(0, 7));
          }
        }
        await stage(document.key);
        break;
      }
      case 'bank-transaction': {
        const line = value as BankTransaction;
        seeDate(line.date);
        if (line.date < settings.cutoverDate) {
          await skip({
            step,
            entity,
            key: line.key,
            reason: 'before-cutover',
            codes: [],
            location,
          });
          break;
        }
        postBankTransaction(books, postingKeys, line);
        await stage(line.key);
        break;
      }
      case 'customer-payment':
      case 'vendor-payment': {
        const payment = value as Payment;
        seeDate(payment.date);
        const documentEntity = entity === 'customer-payment' ? 'invoice' : 'bill';
        for (const allocation of payment.allocations) {
          settle(allocation.documentKey, documentEntity, payment.date, centsOf(allocation.amount));
        }
        if (payment.date < settings.cutoverDate) {
          await skip({
            step,
            entity,
            key: payment.key,
            reason: 'before-cutover',
            codes: [],
            location,
          });
          break;
        }
        postPayment(books, postingKeys, payment, entity);
        estimate.payments += 1;
        estimate.allocations += payment.allocations.length;
        if (partsOf({ kind: entity, payment }).length > 1) estimate.splitPayments += 1;
        await stage(payment.key);
        break;
      }
      case 'credit-application': {
        const application = value as CreditApplication;
        seeDate(application.date);
        const documentEntity = application.kind === 'customer-credit' ? 'invoice' : 'bill';
        const amount = centsOf(application.amount);
        settle(application.creditKey, documentEntity, application.date, amount);
        settle(application.documentKey, documentEntity, application.date, amount);
        if (application.date < settings.cutoverDate) {
          await skip({
            step,
            entity,
            key: application.key,
            reason: 'before-cutover',
            codes: [],
            location,
          });
          break;
        }
        if (application.kind === 'customer-credit') creditGroups.add(application.creditKey);
        else vendorCreditGroups.add(application.documentKey);
        await stage(application.key);
        break;
      }
      case 'journal-entry': {
        const entry = value as JournalEntry;
        seeDate(entry.date);
        if (entry.date < settings.cutoverDate) {
          await skip({
            step,
            entity,
            key: entry.key,
            reason: 'before-cutover',
            codes: [],
            location,
          });
          break;
        }
        postJournalEntry(books, postingKeys, entry);
        await stage(entry.key);
        break;
      }
      case 'trial-balance': {
        const line = value as TrialBalanceLine;
        if (line.asOf > legacyAsOf) legacyAsOf = line.asOf;
        await legacyTrialBalance.add(line);
        break;
      }
    }
  }

  // Without --end, the legacy trial balance's date is the end date, so the verification has the
  // legacy figures to compare with (validation blocks a trial balance older than the activity).
  const endDate = settings.endDate ?? (legacyAsOf > latestDate ? legacyAsOf : latestDate);
  const facts = new BufferedLog<DocumentFactsEntry>(store, keys.documentFacts);
  const { aging, settledBeforeCutover } = await settleDocuments(
    documents,
    settlements,
    books,
    settings.cutoverDate,
    (entry) => facts.add(entry),
  );
  documents.clear();
  settlements.clear();
  await facts.flush();

  for (const writer of writers.values()) await writer.flush();
  await legacyTrialBalance.flush();
  await problems.flush();
  await skips.flush();

  const projection: Projection = {
    endDate,
    books: books.balancesAt(endDate),
    roles: postingKeys.toJSON(),
    aging,
  };
  const manifest: StageManifest = {
    stageId: settings.stageId,
    cutoverDate: settings.cutoverDate,
    endDate,
    baseCurrency: settings.baseCurrency,
    steps: Object.fromEntries(
      stepNames.map((step) => [
        step,
        { rows: writers.get(step)?.count ?? 0, skipped: skipCounts[step] },
      ]),
    ) as StageManifest['steps'],
    estimatedCalls: estimateCalls(
      {
        rows: Object.fromEntries(
          stepNames.map((step) => [step, writers.get(step)?.count ?? 0]),
        ) as Record<StepName, number>,
        ...estimate,
        settledBeforeCutover,
        creditGroups: creditGroups.size,
        vendorCreditGroups: vendorCreditGroups.size,
        taxMonths: taxMonths.size,
      },
      settings.batchSize,
    ),
    problems: problemCounts,
    blocking: problemCounts.error > 0,
    hasLegacyTrialBalance: legacyTrialBalance.count > 0,
  };
  await store.putDocuments([
    [keys.projection, projection],
    [keys.manifest, manifest],
  ]);
  onProgress(rowsRead);
  return manifest;
}

/**
 * Decides each document's conversion amount (open at the cutover) and what should be due at the
 * end date, posts conversion documents, sums the expected aging per counterparty, and gives each
 * document's completed facts to `write`.
 */
async function settleDocuments(
  documents: Documents,
  settlements: OffHeapMap<SettledText>,
  books: Books,
  cutoverDate: string,
  write: (entry: DocumentFactsEntry) => Promise<void>,
): Promise<{
  aging: Projection['aging'];
  settledBeforeCutover: { invoices: number; bills: number };
}> {
  const aging = { receivable: new Map<string, Cents>(), payable: new Map<string, Cents>() };
  const settledBeforeCutover = { invoices: 0, bills: 0 };
  for (const [id, { document, facts }] of documents.entries()) {
    const settled = settledOf(settlements.get(id));
    let open: Cents;
    if (document.date < cutoverDate) {
      const { outstanding } = outstandingAtCutover(document, settled);
      facts.outstandingAtCutover = formatCents(outstanding);
      if (outstanding > 0n) postConversionDocument(books, document, outstanding);
      else settledBeforeCutover[facts.entity === 'invoice' ? 'invoices' : 'bills'] += 1;
      open = outstanding - (settled.fromCutover - settled.afterEnd);
    } else {
      open =
        document.status === 'draft'
          ? 0n
          : centsOf(document.total) - (settled.fromCutover - settled.afterEnd);
    }
    facts.dueAtEnd = formatCents(open);
    const side = facts.entity === 'invoice' ? aging.receivable : aging.payable;
    side.set(facts.partyKey, (side.get(facts.partyKey) ?? 0n) + documentSign(document) * open);
    await write({ ...facts, key: document.key });
  }
  const asText = (map: Map<string, Cents>) =>
    Object.fromEntries([...map].filter(([, v]) => v !== 0n).map(([k, v]) => [k, formatCents(v)]));
  return {
    aging: { receivable: asText(aging.receivable), payable: asText(aging.payable) },
    settledBeforeCutover,
  };
}

function settledOf(text: SettledText | undefined): Settlements {
  if (!text) return emptySettlements();
  return {
    beforeCutover: centsOf(text.beforeCutover),
    fromCutover: centsOf(text.fromCutover),
    afterEnd: centsOf(text.afterEnd),
  };
}

function settledText(settled: Settlements): SettledText {
  return {
    beforeCutover: formatCents(settled.beforeCutover),
    fromCutover: formatCents(settled.fromCutover),
    afterEnd: formatCents(settled.afterEnd),
  };
}

/** Appends to a run store log in batches, so staging a million rows is not a million writes. */
class BufferedLog<T> {
  private buffer: T[] = [];
  constructor(
    private readonly store: RunStore,
    private readonly log: string,
  ) {}
  async add(entry: T): Promise<void> {
    this.buffer.push(entry);
    if (this.buffer.length >= 500) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const entries = this.buffer;
    this.buffer = [];
    await this.store.appendLog(this.log, entries);
  }
}
