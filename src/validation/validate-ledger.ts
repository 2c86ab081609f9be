import type { EntityName, Problem, LedgerItem } from '../ledger/index.js';
import {
  checkOpeningBalanceLine,
  checkTrialBalanceLine,
  finalProblems,
  openingBalanceProblems,
  parentProblems,
} from './check-balances.js';
import { checkApiRules } from './check-api-rules.js';
import { checkDocument } from './check-documents.js';
import { checkAccount, checkParty, checkProduct } from './check-master-data.js';
import {
  checkBankTransaction,
  checkCreditApplication,
  checkPayment,
} from './check-money-movements.js';
import { checkJournalEntry } from './check-journal-entry.js';
import { RecordCheck } from './record-check.js';
import { type ValidationSettings, ValidationState } from './validation-state.js';

export type { ValidationSettings } from './validation-state.js';

function check(
  item: Extract<LedgerItem, { kind: 'record' }>,
  state: ValidationState,
  settings: ValidationSettings,
): RecordCheck {
  const { record } = item;
  const context = new RecordCheck(record, state, settings);
  switch (record.entity) {
    case 'account':
      checkAccount(context, record.value);
      break;
    case 'customer':
    case 'vendor':
      checkParty(context, record.value, record.entity);
      break;
    case 'product':
      checkProduct(context, record.value);
      break;
    case 'opening-balance':
      checkOpeningBalanceLine(context, record.value);
      break;
    case 'invoice':
    case 'bill':
      checkDocument(context, record.value, record.entity);
      break;
    case 'bank-transaction':
      checkBankTransaction(context, record.value);
      break;
    case 'customer-payment':
    case 'vendor-payment':
      checkPayment(context, record.value, record.entity);
      break;
    case 'credit-application':
      checkCreditApplication(context, record.value);
      break;
    case 'journal-entry':
      checkJournalEntry(context, record.value);
      break;
    case 'trial-balance':
      checkTrialBalanceLine(context, record.value);
      break;
  }
  checkApiRules(context, record);
  return context;
}

/** Problems due when a section of the stream ends (references that may point forward within it). */
function sectionEnd(entity: EntityName | undefined, state: ValidationState): Problem[] {
  if (entity === 'account') return parentProblems(state);
  if (entity === 'opening-balance') return openingBalanceProblems(state);
  return [];
}

/**
 * Streaming cross-entity validation. Records pass through with their problems extended, and a
 * payment's or credit's reference to a document by a shared or missing number is replaced by the
 * document's key (src/validation/resolve-document.ts), so staging settles the document validation
 * matched. References point backwards thanks to the dependency order, so only key indexes and small per-document
 * summaries are kept. File-level findings (an unbalanced opening balance, receivables that disagree
 * with open invoices) come out as problem items when their section, or the stream, ends.
 */
export async function* validateLedger(
  items: AsyncIterable<LedgerItem>,
  settings: ValidationSettings,
): AsyncGenerator<LedgerItem> {
  const state = new ValidationState();
  try {
    let section: EntityName | undefined;
    for await (const item of items) {
      if (item.kind === 'problem') {
        yield item;
        continue;
      }
      const entity = item.record.entity;
      if (entity !== section) {
        for (const problem of sectionEnd(section, state)) yield { kind: 'problem', problem };
        section = entity;
      }
      const { problems, resolved } = check(item, state, settings);
      yield problems.length || resolved
        ? {
            kind: 'record',
            record: resolved ?? item.record,
            problems: [...item.problems, ...problems],
          }
        : item;
    }
    for (const problem of [...sectionEnd(section, state), ...finalProblems(state, settings)]) {
      yield { kind: 'problem', problem };
    }
  } finally {
    state.close();
  }
}
