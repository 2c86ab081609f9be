import { openAtCutover as openAtCutoverOf } from '../ledger/open-at-cutover.js';
import type { Problem, RecordOf } from '../ledger/index.js';
import { centsOf, proRata, type Cents } from '../money/index.js';
import { problemOf } from '../ledger/problem-catalog.js';
import { money, type RecordCheck } from './record-check.js';
import type { ValidationSettings, ValidationState } from './validation-state.js';
import type { ReadSummary } from './document-summaries.js';

export function checkOpeningBalanceLine(
  check: RecordCheck,
  line: RecordOf<'opening-balance'>,
): void {
  check.unique();
  check.account(line.accountKey, 'An opening balance line is for account');
  const debit = centsOf(line.debit);
  const credit = centsOf(line.credit);
  if (debit !== 0n && credit !== 0n) {
    check.add(
      'balance.both-sides',
      `The opening balance of account "${line.accountKey}" has both a debit (${money(debit)}) and a credit (${money(credit)}); the net is used.`,
    );
  }
  const balance = check.state.openingBalance;
  balance.debit += debit;
  balance.credit += credit;
  balance.lines += 1;
  balance.first ??= line.source;
  balance.last = line.source;
  const kind = check.state.accounts.get(line.accountKey);
  if (kind === 'receivable') balance.receivable += debit - credit;
  if (kind === 'payable') balance.payable += credit - debit;
}

export function checkTrialBalanceLine(check: RecordCheck, line: RecordOf<'trial-balance'>): void {
  const { state, settings } = check;
  if (state.register('trial-balance', `${line.asOf}\u0000${line.accountKey}`, line.source)) {
    check.add(
      'key.duplicate',
      `Account "${line.accountKey}" appears twice in the trial balance as of ${line.asOf}.`,
    );
  }
  check.account(line.accountKey, 'A trial balance line is for account');
  state.trialBalance.debit += centsOf(line.debit);
  state.trialBalance.credit += centsOf(line.credit);
  state.trialBalance.lines += 1;
  if (!state.trialBalance.asOf.has(line.asOf)) {
    const mismatch = trialDateMismatch(line.asOf, settings.endDate, state.latestActivity);
    if (mismatch) check.add('balance.trial-date-mismatch', mismatch);
  }
  state.trialBalance.asOf.add(line.asOf);
}

/** Once the opening balance section is over: it must balance. */
export function openingBalanceProblems(state: ValidationState): Problem[] {
  const { debit, credit, lines, first, last } = state.openingBalance;
  if (lines === 0 || debit === credit) return [];
  // The whole section is off, not one cell: point at its first row and name the rows it spans.
  const start = first && {
    file: first.file,
    ...(first.sheet ? { sheet: first.sheet } : {}),
    row: first.row,
  };
  const span = !start
    ? ''
    : last && last.file === start.file && last.row !== start.row
      ? ` (${start.file} rows ${start.row} to ${last.row})`
      : ` (${start.file})`;
  return [
    problemOf(
      'balance.opening-unbalanced',
      `The opening balance does not balance: debits ${money(debit)}, credits ${money(credit)} (difference ${money(debit - credit)})${span}. Check the opening balance export is complete, or book the difference to opening balance equity.`,
      { entity: 'opening-balance', ...(start ? { location: start } : {}) },
    ),
  ];
}

/** Once the accounts are read: parents named by sub-accounts must exist. */
export function parentProblems(state: ValidationState): Problem[] {
  const problems = state.pendingParents
    .filter((pending) => !state.accounts.has(pending.parentKey))
    .map((pending) =>
      problemOf(
        'reference.unknown-account',
        `Account "${pending.key}" is a sub-account of "${pending.parentKey}", which is not in the chart of accounts.`,
        {
          location: pending.location,
          entity: 'account',
          key: pending.key,
        },
      ),
    );
  state.pendingParents.length = 0;
  return problems;
}

/** Each control account and the open documents its opening balance must equal. */
const controlSides = [
  {
    control: 'receivable',
    entity: 'invoice',
    code: 'balance.receivables-mismatch',
    documents: 'invoices less credit notes',
  },
  {
    control: 'payable',
    entity: 'bill',
    code: 'balance.payables-mismatch',
    documents: 'bills less vendor credits',
  },
] as const;

/**
 * At the end: the conversion rule (receivables and payables opening balances must equal the
 * documents open at the cutover), pre-cutover documents settled before the cutover, and the trial
 * balance's own balance.
 */
export function finalProblems(state: ValidationState, settings: ValidationSettings): Problem[] {
  const problems: Problem[] = [];
  // Problems about documents come out in the order the documents were read.
  const closed: Array<{ order: number; problem: Problem }> = [];
  const open = { invoice: 0n, bill: 0n };
  const estimated: Record<'invoice' | 'bill', EstimatedDocument[]> = { invoice: [], bill: [] };
  for (const { key, summary } of state.documents.entries()) {
    if (!summary.beforeCutover || summary.status === 'void' || summary.status === 'draft') continue;
    // The same rule staging uses to size conversion documents (src/ledger/open-at-cutover.ts).
    const { outstanding: openAtCutover } = openAtCutoverOf(summary, {
      beforeCutover: summary.appliedBeforeCutover,
      fromCutover: summary.applied - summary.appliedBeforeCutover,
      afterEnd: 0n,
    });
    const credit = summary.type === 'credit-note' || summary.type === 'vendor-credit';
    if (summary.baseTotal === undefined) {
      if (openAtCutover !== 0n) estimated[summary.entity].push({ key, summary });
    } else {
      // The opening balance is in base currency: so is each document's open amount, at its legacy
      // value (src/ledger/base-value.ts), never its face value in another currency.
      const openInBase = proRata(openAtCutover, summary.total, summary.baseTotal);
      open[summary.entity] += credit ? -openInBase : openInBase;
    }
    if (openAtCutover === 0n) {
      closed.push({
        order: summary.order,
        problem: problemOf(
          'document.closed-before-cutover',
          `${summary.type.replace('-', ' ')} ${key} was settled before the cutover ${settings.cutoverDate}; it is not migrated.`,
          {
            location: summary.location,
            entity: summary.entity,
            key,
          },
        ),
      });
    }
  }
  closed.sort((a, b) => a.order - b.order);
  problems.push(...closed.map(({ problem }) => problem));
  const balance = state.openingBalance;
  for (const entity of ['invoice', 'bill'] as const) {
    const documents = estimated[entity];
    if (documents.length === 0) continue;
    if (balance.lines === 0) {
      problems.push(...documents.map((document) => noBaseValue(document, settings)));
      continue;
    }
    // The estimate takes what the trial balance leaves over, so the control balances agree.
    const control = entity === 'invoice' ? balance.receivable : balance.payable;
    problems.push(estimateProblem(entity, documents, control - open[entity], settings));
    open[entity] = control;
  }
  if (balance.lines > 0) {
    for (const side of controlSides) {
      const control = balance[side.control];
      if (control === open[side.entity]) continue;
      problems.push(
        problemOf(
          side.code,
          `The ${side.control}s opening balance is ${money(control)}, but ${side.documents} open at the cutover come to ${money(open[side.entity])} ${settings.baseCurrency}; the conversion clearing account will not net to zero by ${money(control - open[side.entity])} ${settings.baseCurrency}.`,
          { entity: 'opening-balance' },
        ),
      );
    }
  }
  const trial = state.trialBalance;
  if (trial.lines > 0 && trial.debit !== trial.credit) {
    problems.push(
      problemOf(
        'balance.trial-unbalanced',
        `The legacy trial balance does not balance: debits ${money(trial.debit)}, credits ${money(trial.credit)}. The reconciliation will show the difference.`,
        { entity: 'trial-balance' },
      ),
    );
  }
  return problems;
}

/** A foreign document open at the cutover whose export gives no base value of its own. */
interface EstimatedDocument {
  key: string;
  summary: ReadSummary;
}

/** How many documents an estimate's message names before it only counts the rest. */
const NAMED_DOCUMENTS = 20;

/**
 * Foreign documents open at the cutover that no export values: staging estimates their base
 * values from the receivables or payables balance of the trial balance (src/ledger/base-value.ts,
 * estimateFromTrialBalance), so the books verify in total; the aged report gives each its own.
 */
function estimateProblem(
  entity: 'invoice' | 'bill',
  documents: readonly EstimatedDocument[],
  shared: Cents,
  settings: ValidationSettings,
): Problem {
  const report = entity === 'invoice' ? 'Aged Receivables Detail' : 'Aged Payables Detail';
  const control = entity === 'invoice' ? 'receivables' : 'payables';
  const names = documents
    .slice(0, NAMED_DOCUMENTS)
    .map(({ key, summary }) => `${key} (${summary.currency})`);
  const more = documents.length - names.length;
  const listed = more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
  const [first] = documents;
  return problemOf(
    'currency.base-value-estimated',
    `Base values estimated from the trial balance: export ${report} for each document's own value. The export gives no ${settings.baseCurrency} value for ${documents.length} foreign ${entity === 'invoice' ? 'invoices and credit notes' : 'bills and vendor credits'} open at the cutover (${listed}): they share the ${money(shared)} ${settings.baseCurrency} of ${control} the trial balance leaves after the other documents, pro rata to their open amounts, so the trial balance verifies to the cent but each ${entity === 'invoice' ? 'customer' : 'vendor'}'s balance is an estimate. Xero's ${report} report as at the day before the cutover gives each its own value.`,
    { entity, ...(first ? { location: first.summary.location, key: first.key } : {}) },
  );
}

/** A foreign document open at the cutover with no base value and no trial balance to estimate it. */
function noBaseValue({ key, summary }: EstimatedDocument, settings: ValidationSettings): Problem {
  const report = summary.entity === 'invoice' ? 'Aged Receivables Detail' : 'Aged Payables Detail';
  return problemOf(
    'currency.no-base-value',
    `The ${summary.type.replace('-', ' ')} ${key} is in ${summary.currency} but the exports give no ${settings.baseCurrency} value for it, and there is no opening trial balance to estimate it from. Export the Trial Balance and the ${report} report as at the day before the cutover.`,
    { entity: summary.entity, key, location: summary.location },
  );
}

/**
 * The verification compares the workspace with the legacy trial balance at the end date, account by
 * account, and never with anything else; so a trial balance at another date blocks the run here
 * rather than leaving the verification without its figures. Trial balance lines come after every
 * dated record, so the latest activity is known by then.
 */
function trialDateMismatch(
  asOf: string,
  endDate: string | undefined,
  latestActivity: string,
): string | undefined {
  if (endDate !== undefined && asOf !== endDate) {
    return `The legacy trial balance is as at ${asOf}, but the migration ends on ${endDate} (--end), and the verification compares the workspace with the legacy trial balance at the end date. Use --end ${asOf}, or export the Trial Balance as at ${endDate}.`;
  }
  if (endDate === undefined && latestActivity !== '' && asOf < latestActivity) {
    return `The legacy trial balance is as at ${asOf}, but the exports hold activity up to ${latestActivity}, so the books at the end of the migration cannot be checked against it. Export the Trial Balance as at ${latestActivity}, or use --end ${asOf} and leave out the later activity.`;
  }
  return undefined;
}
