import type { PhaseHandler } from '../engine/phase-handler.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import { accountsCreate } from './accounts-create.js';
import { bankTransactionsCreate } from './bank-transactions-create.js';
import { billsCreate } from './bills-create.js';
import { creditsApply, vendorCreditsApply } from './credits-apply.js';
import {
  billsExchangeDifference,
  invoicesExchangeDifference,
} from './documents-exchange-difference.js';
import { invoicesCreate } from './invoices-create.js';
import { journalEntriesCreate } from './journal-entries-create.js';
import { invoicesReclassifyTax } from './invoices-reclassify-tax.js';
import { openingBalanceCutover, openingBalancePublish } from './opening-balance.js';
import { customersCreate, productsCreate, vendorsCreate } from './parties-create.js';
import {
  customersReactivate,
  productsReactivate,
  vendorsReactivate,
} from './parties-reactivate.js';
import { paymentsAssign } from './payments-assign.js';
import { paymentsCreate } from './payments-create.js';
import { paymentsSplit } from './payments-split.js';

const handlers = [
  accountsCreate,
  customersCreate,
  vendorsCreate,
  productsCreate,
  openingBalanceCutover,
  openingBalancePublish,
  invoicesCreate,
  invoicesReclassifyTax,
  billsCreate,
  bankTransactionsCreate,
  paymentsCreate,
  paymentsSplit,
  paymentsAssign,
  creditsApply,
  vendorCreditsApply,
  journalEntriesCreate,
  invoicesExchangeDifference,
  billsExchangeDifference,
  customersReactivate,
  vendorsReactivate,
  productsReactivate,
] as PhaseHandler[];

/** The handler of each step's phase (src/migration/contracts/steps.ts lists the phases). */
export function handlerFor(step: StepName, phase: PhaseName): PhaseHandler {
  const handler = handlers.find((h) => h.step === step && h.phase === phase);
  if (!handler) throw new Error(`no handler for ${step}/${phase}`);
  return handler;
}
