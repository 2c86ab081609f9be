import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { Account, Party, TrialBalanceLine } from '../../ledger/index.js';
import { addDays } from '../../ledger/iso-dates.js';
import { CLEARING, CLEARING_ACCOUNT_NAME } from '../accounting/posting-keys.js';
import { EXCHANGE_ACCOUNT_KEY } from '../accounting/exchange-account.js';
import { openDocumentFacts, openOutcomes, type EngineDeps } from '../engine/engine.js';
import { isSuccess, type RowOutcome } from '../outcomes/row-outcome.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import type { RunStore } from '../../run-store/run-store.js';
import { readChunks } from '../staging/chunk-writer.js';
import { stageKeys } from '../staging/stage-keys.js';
import type { Projection, StageManifest } from '../contracts/stage-manifest.js';
import type { StagedRow } from '../contracts/staged-row.js';
import type {
  RunScope,
  VerificationBasis,
  VerificationSummary,
} from '../contracts/workflow-types.js';
import type { Comparison, VerificationReport } from '../contracts/verification-report.js';
import { accountCause, counterpartyCause, type CauseContext } from './probable-cause.js';
import { agingTotals, trialBalanceRows } from './report-figures.js';
import {
  bookedExchangeDifferences,
  partiesWithEstimates,
  type ExchangeDifference,
} from './exchange-differences.js';
import { unrebuiltBalancesAdvice } from './unrebuilt-balances.js';
import { listsForeignDocuments } from '../handlers/exchange-account-of.js';
import type { ReportName } from '../contracts/migration-api.js';

const roleNames: Record<string, string> = {
  '@receivable': 'Accounts receivable (workspace control account)',
  '@payable': 'Accounts payable (workspace control account)',
  '@tax': 'Sales tax (workspace control account)',
  '@retained-earnings': 'Retained earnings (workspace)',
  '@opening-balance-equity': 'Opening balance equity (workspace)',
  '@uncategorized-income': 'Uncategorized income (workspace)',
  '@uncategorized-expense': 'Uncategorized expense (workspace)',
  [CLEARING]: CLEARING_ACCOUNT_NAME,
  [EXCHANGE_ACCOUNT_KEY]: 'Exchange differences (workspace account)',
};

/**
 * Compares the books account by account. Live runs compare the workspace's trial balance and
 * aging at the end date with the legacy figures (comparisonBasis); dry runs compare the projected
 * books with them. The clearing account must end at zero either way.
 */
export async function verifyBooks(
  deps: EngineDeps,
  input: { scope: RunScope },
): Promise<VerificationSummary> {
  const store = await deps.openStore(input.scope.runName);
  const stage = stageKeys(input.scope.stageId);
  const keys = scopeKeys(input.scope);
  const manifest = (await store.getDocument<StageManifest>(stage.manifest)) as StageManifest;
  const projection = (await store.getDocument<Projection>(stage.projection)) as Projection;
  const names = await accountNames(store, input.scope.stageId);
  const postingKey = (key: string) => (projection.roles[key] ? `@${projection.roles[key]}` : key);
  const notes: string[] = [];

  const endDateLegacy = await legacyAtEndDate(
    store,
    stage.legacyTrialBalance,
    manifest,
    postingKey,
  );
  const projected = booksOf(projection.books);
  const basis = comparisonBasis(manifest, projection, endDateLegacy);
  const { legacy, undated } = basis;
  if (undated) {
    notes.push(
      `The legacy trial balance is not dated ${manifest.endDate}, the end date, so the books could not be checked against it: export the Trial Balance as at ${manifest.endDate}, or run with --end at its date.`,
    );
  }
  const target = basis.summary.target === 'migrated-ledger' ? projected : legacy;
  const expectedFrom = basis.expectedFrom;
  const workspaceOnly = new Map<string, string>();
  const nameOf = (key: string) => roleNames[key] ?? names.get(key) ?? workspaceOnly.get(key) ?? key;

  let actual: Map<string, Cents>;
  let receivables: Comparison[] = [];
  let payables: Comparison[] = [];
  let exchangeDifferences: ExchangeDifference[] = [];
  if (input.scope.mode === 'live') {
    const { log } = await openOutcomes(deps, store, input.scope);
    const keyOfUuid = new Map<string, string>();
    // A workspace account the ledger's account was matched to is named by its role.
    for (const outcome of log.values('workspace-account')) {
      if (outcome.id && isSuccess(outcome)) keyOfUuid.set(outcome.id, `@${outcome.key}`);
    }
    for (const outcome of log.values('account')) {
      if (!outcome.id || !isSuccess(outcome) || outcome.code === 'account.system') continue;
      if (!keyOfUuid.has(outcome.id)) keyOfUuid.set(outcome.id, outcome.key);
    }
    actual = new Map();
    const trialBalance = await store.getDocument<unknown>(keys.report('trial-balance'));
    for (const row of trialBalanceRows(trialBalance)) {
      const key = keyOfUuid.get(row.accountUuid) ?? `uuid:${row.accountUuid}`;
      if (!keyOfUuid.has(row.accountUuid))
        workspaceOnly.set(key, `${row.accountName} (not from the legacy ledger)`);
      actual.set(key, (actual.get(key) ?? 0n) + row.balance);
    }
    const partyNames = await partyNamesOf(store, input.scope.stageId);
    const { fx, estimated } = await foreignDocumentFigures(deps, store, manifest, {
      documentFacts: stage.documentFacts,
      outcomes: log.values(),
    });
    exchangeDifferences = fx.documents;
    const compareAging = async (
      report: 'aged-receivables' | 'aged-payables',
      entity: 'customer' | 'vendor',
    ) => {
      const sideName = report === 'aged-receivables' ? 'receivable' : 'payable';
      const expected = projection.aging[sideName];
      const byKey = new Map<string, Cents>();
      const keyOfParty = new Map<string, string>();
      for (const outcome of log.values(entity)) {
        if (outcome.id) keyOfParty.set(outcome.id, outcome.key);
      }
      for (const total of agingTotals(await store.getDocument<unknown>(keys.report(report)))) {
        const key = keyOfParty.get(total.counterpartyUuid) ?? `uuid:${total.counterpartyUuid}`;
        byKey.set(key, (byKey.get(key) ?? 0n) + total.total);
      }
      for (const [key, amount] of fx.aging[sideName])
        byKey.set(key, (byKey.get(key) ?? 0n) + amount);
      const wanted = new Map(Object.entries(expected).map(([key, value]) => [key, centsOf(value)]));
      const side = estimated[sideName];
      const files = projection.agingFrom?.[sideName];
      const from = files && files.length > 0 ? files.join('; ') : undefined;
      return compare(wanted, byKey, (key) => partyNames.get(key) ?? key).map((line) =>
        withSource(
          withCause(line, counterpartyCause(entity, centsOf(line.difference), side.has(line.key))),
          from,
        ),
      );
    };
    receivables = await compareAging('aged-receivables', 'customer');
    payables = await compareAging('aged-payables', 'vendor');
  } else {
    actual = projected;
  }

  const clearing = actual.get(CLEARING) ?? 0n;
  const causes: CauseContext = {
    mode: input.scope.mode,
    endDate: manifest.endDate,
    openingDate: addDays(manifest.cutoverDate, -1),
    undatedLegacy: undated,
    hasOpeningBalance: (manifest.steps['opening-balance']?.rows ?? 0) > 0,
    clearing,
    ledgerDifference: (key) => (projected.get(key) ?? 0n) - (legacy.get(key) ?? 0n),
  };
  const accounts = compare(target, actual, nameOf, [CLEARING]).map((line) =>
    withSource(
      withCause(line, accountCause(line.key, centsOf(line.difference), causes)),
      expectedFrom.get(line.key),
    ),
  );
  const ledgerAgainstLegacy =
    basis.summary.target === 'migrated-ledger'
      ? []
      : compare(legacy, projected, nameOf)
          .filter(isDifferent)
          .map((line) => withSource(line, expectedFrom.get(line.key)));
  // Without an opening balance, or without legacy figures at the end date, those are the causes.
  const advice =
    causes.hasOpeningBalance && !undated
      ? unrebuiltBalancesAdvice(ledgerAgainstLegacy, manifest.endDate)
      : undefined;
  if (advice) notes.push(advice);
  const differences =
    accounts.filter(isDifferent).length +
    receivables.filter(isDifferent).length +
    payables.filter(isDifferent).length;
  const report: VerificationReport = {
    verified: differences === 0 && clearing === 0n && !undated,
    differences,
    clearingBalance: formatCents(clearing),
    checkedAccounts: accounts.length,
    ...basis.summary,
    ...(basis.files.length > 0 ? { legacyFiles: basis.files } : {}),
    source: input.scope.mode === 'live' ? 'workspace' : 'projection',
    accounts,
    receivables,
    payables,
    ledgerAgainstLegacy,
    notes,
    ...(exchangeDifferences.length > 0 ? { exchangeDifferences } : {}),
  };
  for (const fx of exchangeDifferences)
    notes.push(
      `Exchange difference booked on ${fx.entity} ${fx.key} (${fx.currency}): ${fx.amount} ${manifest.baseCurrency}, so its base value is the legacy one.`,
    );
  await store.putDocument(keys.report('verification'), report);
  const { verified, clearingBalance, checkedAccounts } = report;
  return { verified, differences, clearingBalance, checkedAccounts, comparedWith: basis.summary };
}

/**
 * The exchange differences the run booked and the parties with estimated base values. Only foreign
 * documents have either, so books in one currency read none of the documents' facts (the large
 * company's log is 23 MB); others read them through the process's index, which planning built.
 */
async function foreignDocumentFigures(
  deps: EngineDeps,
  store: RunStore,
  manifest: StageManifest,
  read: { documentFacts: string; outcomes: Iterable<RowOutcome> },
): Promise<{
  fx: ReturnType<typeof bookedExchangeDifferences>;
  estimated: ReturnType<typeof partiesWithEstimates>;
}> {
  if (listsForeignDocuments(manifest) === false) {
    return {
      fx: { documents: [], aging: { receivable: new Map(), payable: new Map() } },
      estimated: { receivable: new Set(), payable: new Set() },
    };
  }
  const facts = await openDocumentFacts(deps, store, read.documentFacts);
  return {
    fx: bookedExchangeDifferences(facts, read.outcomes),
    estimated: partiesWithEstimates(facts),
  };
}

/** The legacy trial balance at the end date by posting key, with each key's file and row. */
async function legacyAtEndDate(
  store: Parameters<typeof readChunks>[0],
  chunks: string,
  manifest: StageManifest,
  postingKey: (key: string) => string,
): Promise<{ books: Map<string, Cents>; expectedFrom: Map<string, string[]>; files: Set<string> }> {
  const books = new Map<string, Cents>();
  const expectedFrom = new Map<string, string[]>();
  const files = new Set<string>();
  for await (const line of readChunks<TrialBalanceLine>(store, chunks)) {
    if (line.asOf !== manifest.endDate) continue;
    const key = postingKey(line.accountKey);
    books.set(key, (books.get(key) ?? 0n) + centsOf(line.debit) - centsOf(line.credit));
    expectedFrom.set(key, [
      ...(expectedFrom.get(key) ?? []),
      `${line.source.file} row ${line.source.row}`,
    ]);
    files.add(line.source.file);
  }
  return { books, expectedFrom, files };
}

/**
 * What the books are compared with, always legacy figures when the exports hold any: the legacy
 * trial balance at the end date; else the opening balance (the trial balance as at the day before
 * the cutover) rolled forward by the migrated activity; the migrated ledger's own books only when
 * the exports hold no trial balance at all. A legacy trial balance at another date is never
 * replaced by the migrated ledger's own books (that would check the migration against itself):
 * validation blocks it (balance.trial-date-mismatch), and should a run get here anyway, the books
 * are unverified.
 */
function comparisonBasis(
  manifest: StageManifest,
  projection: Projection,
  endDate: Awaited<ReturnType<typeof legacyAtEndDate>>,
): {
  summary: VerificationBasis;
  legacy: Map<string, Cents>;
  undated: boolean;
  files: string[];
  expectedFrom: Map<string, string>;
} {
  const asOf = manifest.endDate;
  const rolled = projection.legacyRolledForward;
  if (endDate.books.size > 0 || manifest.hasLegacyTrialBalance) {
    return {
      summary: { target: 'legacy-trial-balance', asOf, legacyAsOf: asOf },
      legacy: endDate.books,
      undated: endDate.books.size === 0,
      files: [...endDate.files].sort(),
      expectedFrom: new Map([...endDate.expectedFrom].map(([key, rows]) => [key, rows.join('; ')])),
    };
  }
  if (rolled) {
    return {
      summary: {
        target: 'legacy-trial-balance-rolled-forward',
        asOf,
        legacyAsOf: rolled.asOf,
        rolledForward: rolled.activity,
      },
      legacy: booksOf(rolled.books),
      undated: false,
      files: rolled.files,
      expectedFrom: new Map(Object.entries(rolled.expectedFrom)),
    };
  }
  return {
    summary: { target: 'migrated-ledger', asOf },
    legacy: new Map(),
    undated: false,
    files: [],
    expectedFrom: new Map(),
  };
}

function booksOf(books: Record<string, string>): Map<string, Cents> {
  return new Map(Object.entries(books).map(([key, value]) => [key, centsOf(value)]));
}

function withSource(line: Comparison, expectedFrom: string | undefined): Comparison {
  return expectedFrom === undefined ? line : { ...line, expectedFrom };
}

function withCause(line: Comparison, cause: string | undefined): Comparison {
  return cause === undefined ? line : { ...line, cause };
}

function isDifferent(comparison: Comparison): boolean {
  return centsOf(comparison.difference) !== 0n;
}

/** One line per key of either side; `always` keys are listed even at zero. */
function compare(
  expected: Map<string, Cents>,
  actual: Map<string, Cents>,
  nameOf: (key: string) => string,
  always: string[] = [],
): Comparison[] {
  const keys = [...new Set([...expected.keys(), ...actual.keys(), ...always])].sort();
  return keys
    .map((key) => {
      const want = expected.get(key) ?? 0n;
      const have = actual.get(key) ?? 0n;
      return {
        key,
        name: nameOf(key),
        expected: formatCents(want),
        actual: formatCents(have),
        difference: formatCents(have - want),
      };
    })
    .filter(
      (line) => always.includes(line.key) || line.expected !== '0.00' || line.actual !== '0.00',
    );
}

async function accountNames(
  store: Parameters<typeof readChunks>[0],
  stageId: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for await (const row of readChunks<StagedRow>(store, stageKeys(stageId).rows('accounts'))) {
    const account = row.record as Account;
    names.set(account.key, account.code ? `${account.code} ${account.name}` : account.name);
  }
  return names;
}

async function partyNamesOf(
  store: Parameters<typeof readChunks>[0],
  stageId: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const step of ['customers', 'vendors'] as const) {
    for await (const row of readChunks<StagedRow>(store, stageKeys(stageId).rows(step))) {
      names.set(row.key, (row.record as Party).name);
    }
  }
  return names;
}

/** Fetches one report of the workspace (one API call) into the run store for verification. */
export async function fetchReport(
  deps: EngineDeps,
  input: { scope: RunScope; report: ReportName; asOf: string },
): Promise<void> {
  const store = await deps.openStore(input.scope.runName);
  const api = await deps.api(input.scope.profile);
  const report: unknown = await api.report(input.report, input.asOf);
  await store.putDocument(scopeKeys(input.scope).report(input.report), report);
}
