import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { DocumentFactsLog } from '../outcomes/indexed-log.js';
import { isSuccess, type RowOutcome } from '../outcomes/row-outcome.js';
import { EXCHANGE_DIFFERENCE } from '../handlers/documents-exchange-difference.js';

/** One foreign document's exchange difference, as the verification report lists it. */
export interface ExchangeDifference {
  entity: 'invoice' | 'bill';
  key: string;
  currency: string;
  partyKey: string;
  /** Base currency: what the document's amount due moved by (legacy value less the workspace's). */
  amount: string;
}

/**
 * The exchange differences the run booked, per document, and what they add to each counterparty's
 * aging. The workspace's aging report values a foreign document at the workspace's rate; the
 * booked difference, a journal on the control account, names no counterparty, so it is added here
 * to the counterparty whose document it corrects before the aging is compared with the legacy one.
 */
export function bookedExchangeDifferences(
  facts: DocumentFactsLog,
  outcomes: Iterable<RowOutcome>,
): {
  documents: ExchangeDifference[];
  aging: { receivable: Map<string, Cents>; payable: Map<string, Cents> };
} {
  const documents: ExchangeDifference[] = [];
  const aging = { receivable: new Map<string, Cents>(), payable: new Map<string, Cents>() };
  for (const outcome of outcomes) {
    if (outcome.entity !== EXCHANGE_DIFFERENCE || !isSuccess(outcome) || !outcome.amount) continue;
    const [entity, ...rest] = outcome.key.split(':');
    if (entity !== 'invoice' && entity !== 'bill') continue;
    const key = rest.join(':');
    const fact = facts.get(entity, key);
    if (!fact) continue;
    const amount = centsOf(outcome.amount);
    if (amount === 0n) continue;
    documents.push({
      entity,
      key,
      currency: fact.currency,
      partyKey: fact.partyKey,
      amount: formatCents(amount),
    });
    if (centsOf(fact.dueAtEnd) === 0n) continue;
    const side = entity === 'invoice' ? aging.receivable : aging.payable;
    side.set(fact.partyKey, (side.get(fact.partyKey) ?? 0n) + amount);
  }
  return { documents, aging };
}

/**
 * The customers and vendors with a foreign document whose base value was estimated from the trial
 * balance (src/ledger/base-value.ts): a difference on their balance may be the estimate's.
 */
export function partiesWithEstimates(facts: DocumentFactsLog): {
  receivable: Set<string>;
  payable: Set<string>;
} {
  const parties = { receivable: new Set<string>(), payable: new Set<string>() };
  for (const fact of facts.values()) {
    if (fact.estimatedBaseAtCutover === undefined) continue;
    (fact.entity === 'invoice' ? parties.receivable : parties.payable).add(fact.partyKey);
  }
  return parties;
}
