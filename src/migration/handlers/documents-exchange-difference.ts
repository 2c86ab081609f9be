import {
  legacyBaseLines,
  legacyBaseOf,
  type BaseEstimate,
  type PurchaseDocument,
  type SalesDocument,
} from '../../ledger/index.js';
import {
  allocateBase,
  centsOf,
  formatCents,
  lineAmountCents,
  sumCents,
  type Cents,
} from '../../money/index.js';
import type { JournalEntryBody, MigrationApi, Written } from '../contracts/migration-api.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import type { References } from '../outcomes/references.js';
import { documentLines } from './document-lines.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import { matchEntryByRef } from './reconcile-scan.js';
import { emptyCounts, selectRow } from './selection.js';
import { exchangeAccountOf, hasForeignDocuments } from './exchange-account-of.js';
import { legacyChartOf, reclassifiedLines, type LineAccount } from './sales-line-accounts.js';

/** Outcome entity of a foreign document's exchange difference; key `invoice:<key>`, `bill:<key>`. */
export const EXCHANGE_DIFFERENCE = 'exchange-difference';

/** A row carries its request, worked out while planning (references and base currency known). */
interface ExchangeRow {
  number: string;
  request?: ExchangeRequest;
  /** Why no request could be built (a dependency missing). */
  missing?: string;
}

interface ExchangeRequest {
  kind: 'invoice' | 'bill';
  documentUuid: string;
  /**
   * The control account (receivables or payables) and how the document sits on it: 1 debit, -1
   * credit (a number: rows are stored as JSON, which has no bigint).
   */
  control: { accountUuid: string; side: 1 | -1 };
  /** 1 for invoices and bills, -1 for credits: the sign of a base difference on what is due. */
  dueSign: 1 | -1;
  /** Each line as posted: its account and its legacy base value, in line order. */
  lines: Array<{ accountUuid: string; legacyBase: string }>;
  /**
   * The exchange-difference account (src/migration/accounting/exchange-account.ts). Absent in rows
   * planned before it existed: those book straight between the control and the lines' accounts.
   */
  exchangeAccountUuid?: string;
  /** Its name, for the row's outcome. */
  exchangeAccountName?: string;
  date: string;
  memo: string;
}

/** What the read-back found: the difference on the document's due amount, and the entry, if any. */
interface Booked {
  id?: string;
  difference?: string;
  notReadBack?: true;
}

/**
 * The workspace values a foreign document at its own rate (assumption R34); the legacy books valued
 * it at theirs. After the document is posted, its workspace valuation is read back and one journal
 * entry books the difference through the named exchange-difference account: the control account
 * against it, and it against each line's account, so receivables, payables and the trial balance
 * hold the legacy base figures to the cent and the account shows every difference. The difference
 * is kept on the row's outcome and reported per document (docs/accounting.md).
 */
function exchangeDifference(
  step: StepName & ('invoices' | 'bills'),
): PhaseHandler<ExchangeRequest, ExchangeRow> {
  const entity = step === 'invoices' ? 'invoice' : 'bill';
  const phase: PhaseName = 'exchange-difference';
  const build = outcomesFor(step, phase);
  return {
    step,
    phase,
    idempotent: false,

    async plan(context): Promise<PlannedPhase<ExchangeRow>> {
      // Books in their base currency alone have no difference to book, and the stage manifest says
      // so: reading every staged document to find none was a fifth of the invoices' reads.
      if (!(await hasForeignDocuments(context))) {
        return { units: [], decided: [], counts: emptyCounts() };
      }
      const base = context.manifest.baseCurrency;
      const facts = await context.documents();
      // Looked up once, at the first foreign document (the chart is read only if one exists).
      let exchange: Promise<{ uuid: string; name: string } | undefined> | undefined;
      // Sales lines sent on the clearing account are valued there (invoices-create.ts).
      let chart: Promise<Map<string, LineAccount>> | undefined;
      const units: Array<Array<UnitRow<ExchangeRow>>> = [];
      for await (const staged of context.stagedRows(step)) {
        const document = staged.record as SalesDocument | PurchaseDocument;
        if (document.currency === base || document.status === 'draft') continue;
        const created = context.outcomes.get(entity, document.key);
        // Only documents Ledgerlift posted: one matched to an existing record keeps its valuation.
        const ours = created?.status === 'created' || created?.code === 'reconciled';
        if (!ours || !created.id) continue;
        const key = `${entity}:${document.key}`;
        if (selectRow(context, EXCHANGE_DIFFERENCE, key) !== 'plan') continue;
        const fact = facts.get(entity, document.key);
        const outstanding = fact?.outstandingAtCutover;
        exchange ??= exchangeAccountOf(context);
        const through = await exchange;
        const reclassified =
          'customerKey' in document && outstanding === undefined
            ? reclassifiedLines(document, await (chart ??= legacyChartOf(context)))
            : undefined;
        units.push([
          {
            entity: EXCHANGE_DIFFERENCE,
            key,
            location: document.source,
            data: requestOf(
              context.refs,
              base,
              document,
              created.id,
              key,
              outstanding,
              through,
              estimateOf(outstanding, fact?.estimatedBaseAtCutover),
              reclassified,
            ),
          },
        ]);
      }
      return { units, decided: [], counts: emptyCounts() };
    },

    prepare(context, rows) {
      const [row] = rows;
      if (!row) return { request: undefined, sent: [], failed: [] };
      if (!row.data.request)
        return build.missingDependency([row], row.data.missing ?? 'unknown', context.unitId);
      return { request: row.data.request, sent: [row], failed: [] };
    },

    send: (api, request) => bookDifference(api, request),

    interpret(context, written, sent) {
      const booked = written.data as Booked;
      return sent.map((row): RowOutcome => {
        if (booked.notReadBack)
          return build.failed(
            row,
            'fx.not-read-back',
            `the workspace did not say how it valued ${row.data.number} in base currency, so no exchange difference could be booked; compare it by hand`,
            context.unitId,
          );
        const difference = booked.difference ?? '0.00';
        if (!booked.id)
          return {
            ...build.matched(
              row,
              row.data.request?.documentUuid ?? '',
              'fx.no-difference',
              context.unitId,
            ),
            amount: difference,
          };
        return {
          ...build.created(row, booked.id, context.unitId, written.warnings),
          code: 'fx.booked',
          reason: `exchange difference of ${difference} booked on ${row.data.number}${row.data.request?.exchangeAccountName ? ` through ${row.data.request.exchangeAccountName}` : ''}`,
          amount: difference,
        };
      });
    },

    predict: (context, sent) => sent.map((row) => build.predicted(row, context.unitId)),

    lookups: () => 1,

    async reconcile(context, api, rows, _lookup, page) {
      const ref = ledgerliftRef(EXCHANGE_DIFFERENCE, rows[0]?.key ?? '');
      return matchEntryByRef(context, rows, await api.listJournalEntries(page), ref, (row, id) =>
        build.matched(row, id, 'reconciled', context.unitId),
      );
    },

    recordsFinished: () => 0,
  };
}

/** A document's trial-balance estimate, as staging kept it in its facts (none when it has its own). */
function estimateOf(
  outstanding: string | undefined,
  estimated: string | undefined,
): BaseEstimate | undefined {
  if (outstanding === undefined || estimated === undefined) return undefined;
  return { open: centsOf(outstanding), base: centsOf(estimated) };
}

/**
 * The legacy base value of each line as sent for a document dated from the cutover, when the
 * document carries its lines' own base values: its lines in order, then its one tax line
 * (document-lines.ts). Undefined otherwise: the document's base total is spread pro rata.
 */
function postedLineBases(
  document: SalesDocument | PurchaseDocument,
  base: string,
  outstandingAtCutover: string | undefined,
  sent: number,
): Cents[] | undefined {
  if (outstandingAtCutover !== undefined) return undefined;
  if (!document.lines.every((line) => line.baseAmount !== undefined)) return undefined;
  const lines = legacyBaseLines(document, base);
  const tax = sumCents(lines.map((line) => line.tax));
  const parts = [...lines.map((line) => line.amount), ...(tax === 0n ? [] : [tax])];
  return parts.length === sent ? parts : undefined;
}

/** The journal's inputs for one document: its lines as posted, each with its legacy base value. */
function requestOf(
  refs: References,
  base: string,
  document: SalesDocument | PurchaseDocument,
  documentUuid: string,
  key: string,
  outstandingAtCutover: string | undefined,
  exchange: { uuid: string; name: string } | undefined,
  estimate: BaseEstimate | undefined,
  reclassified?: readonly number[],
): ExchangeRow {
  const sales = 'customerKey' in document;
  const control = refs.role(sales ? 'receivable' : 'payable');
  const lines = documentLines(document, refs, outstandingAtCutover, reclassified);
  if (!control)
    return { number: document.number, missing: 'the workspace control account is unknown' };
  if (!exchange)
    return {
      number: document.number,
      missing:
        'the exchange-difference account is unknown (the accounts step did not settle on one)',
    };
  if (!Array.isArray(lines)) return { number: document.number, missing: lines.missing };
  const amounts = lines.map((line) => lineAmountCents(line.quantity, line.unitPrice));
  const legacyLines =
    postedLineBases(document, base, outstandingAtCutover, lines.length) ??
    allocateBase(legacyBaseOf(document, sumCents(amounts), base, estimate), amounts);
  // Invoices debit receivables, bills credit payables; credit notes and vendor credits reverse.
  const credit = document.type === 'credit-note' || document.type === 'vendor-credit';
  const dueSign = credit ? -1 : 1;
  const side = (sales ? dueSign : -dueSign) as 1 | -1;
  return {
    number: document.number,
    request: {
      kind: sales ? 'invoice' : 'bill',
      documentUuid,
      control: { accountUuid: control, side },
      exchangeAccountUuid: exchange.uuid,
      exchangeAccountName: exchange.name,
      dueSign,
      lines: lines.map((line, index) => ({
        accountUuid: line.accountUuid,
        legacyBase: formatCents(legacyLines[index] ?? 0n),
      })),
      date: document.date,
      memo: `Exchange difference on ${document.type.replace('-', ' ')} ${document.number} (${document.currency}): the workspace's valuation brought to the legacy base value (${ledgerliftRef(EXCHANGE_DIFFERENCE, key)})`,
    },
  };
}

/**
 * Reads the document's workspace valuation, then books legacy minus workspace: the control
 * account's difference against the exchange-difference account, and each line's against it too,
 * as two separate lines on it (so each shows, though together they net to any rounding the
 * workspace left between its lines and its total). One GET and at most one journal entry. The GET is a read, so a retry after an ambiguous write
 * reconciles by the entry's reference before anything is sent again.
 */
async function bookDifference(
  api: MigrationApi,
  request: ExchangeRequest,
): Promise<Written<Booked>> {
  const valued = await api.getDocumentBaseValue(request.kind, request.documentUuid);
  const workspaceLines = valued.baseLineAmounts;
  if (valued.baseTotal === undefined || workspaceLines?.length !== request.lines.length)
    return { data: { notReadBack: true }, warnings: [] };
  const byAccount = new Map<string, Cents>();
  const add = (accountUuid: string, debit: Cents) =>
    byAccount.set(accountUuid, (byAccount.get(accountUuid) ?? 0n) + debit);
  const legacyTotal = sumCents(request.lines.map((line) => centsOf(line.legacyBase)));
  const difference = legacyTotal - centsOf(valued.baseTotal);
  const side = BigInt(request.control.side);
  add(request.control.accountUuid, side * difference);
  let linesDebit = 0n;
  request.lines.forEach((line, index) => {
    const lineDifference = centsOf(line.legacyBase) - centsOf(workspaceLines[index] ?? '0.00');
    add(line.accountUuid, -side * lineDifference);
    linesDebit += -side * lineDifference;
  });
  const lines: JournalEntryBody['lines'] = [];
  const push = (accountUuid: string, debit: Cents, description: string) => {
    if (debit === 0n) return;
    const magnitude = formatCents(debit < 0n ? -debit : debit);
    lines.push({
      accountUuid,
      debit: debit > 0n ? magnitude : '0.00',
      credit: debit > 0n ? '0.00' : magnitude,
      description,
    });
  };
  for (const [accountUuid, debit] of byAccount) push(accountUuid, debit, 'Exchange difference');
  const through = request.exchangeAccountUuid;
  if (through) {
    const what = request.kind === 'invoice' ? 'receivables' : 'payables';
    push(through, -side * difference, `Exchange difference: ${what} at the legacy base value`);
    push(through, -linesDebit, 'Exchange difference: the lines at the legacy base value');
  }
  // What the document's due amount moves by in base currency (its aging line).
  const booked = formatCents(BigInt(request.dueSign) * difference);
  if (lines.length === 0) return { data: { difference: booked }, warnings: [] };
  const written = await api.createJournalEntry({
    date: request.date,
    memo: request.memo,
    lines,
  });
  return { data: { id: written.data.id, difference: booked }, warnings: written.warnings };
}

export const invoicesExchangeDifference = exchangeDifference('invoices');
export const billsExchangeDifference = exchangeDifference('bills');
