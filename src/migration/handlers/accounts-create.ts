import { type Account, accountTypeOf, API_TEXT_LIMITS, cutText } from '../../ledger/index.js';
import type {
  AccountBody,
  BulkRowResult,
  SubType,
  WorkspaceAccount,
  Written,
} from '../contracts/migration-api.js';
import { CLEARING_ACCOUNT_KEY, CLEARING_ACCOUNT_NAME } from '../accounting/posting-keys.js';
import {
  EXCHANGE_ACCOUNT_KEY,
  EXCHANGE_ACCOUNT_NAME,
  legacyExchangeAccount,
  WORKSPACE_EXCHANGE_ROLE,
  workspaceExchangeAccount,
} from '../accounting/exchange-account.js';
import { hasForeignDocuments } from './exchange-account-of.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { bulkOutcomes, chunk, outcomesFor, predictEach, sameName } from './outcomes.js';
import { accountRefusal } from './request-rules.js';
import { matchCreated } from './reconcile-scan.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';
import { chooseSubType } from './choose-sub-type.js';
import { controlSubTypeNames, findWorkspaceRoles } from './workspace-roles.js';

interface AccountRow {
  body: AccountBody;
  type: string;
  parentKey?: string | undefined;
}

const build = outcomesFor('accounts', 'create');

/**
 * The conversion clearing account Ledgerlift creates: receivables and payables convert through it.
 * Income-typed, because invoice lines may only post to Income accounts (spec: "the income account").
 */
const clearingAccount: Pick<Account, 'key' | 'name' | 'kind' | 'active' | 'description'> = {
  key: CLEARING_ACCOUNT_KEY,
  name: CLEARING_ACCOUNT_NAME,
  kind: 'other-income',
  active: true,
  description:
    'Opening receivables and payables net against the open documents here; it ends at zero when they agree.',
};

/**
 * Created when neither the legacy chart nor the workspace has an account for foreign documents'
 * exchange differences (src/migration/accounting/exchange-account.ts). Expense-typed, as exchange
 * losses and gains are usually kept below the operating lines.
 */
const exchangeAccount: Pick<Account, 'key' | 'name' | 'kind' | 'active' | 'description'> = {
  key: EXCHANGE_ACCOUNT_KEY,
  name: EXCHANGE_ACCOUNT_NAME,
  kind: 'other-expense',
  active: true,
  description:
    'Ledgerlift books here the difference between the legacy and the workspace base value of each foreign document.',
};

/**
 * Chart of accounts: legacy system accounts map onto the workspace's own, accounts that already
 * exist (same number, or same name in the same type) are matched, the rest are created in bulk.
 */
export const accountsCreate: PhaseHandler<AccountBody[], AccountRow> = {
  step: 'accounts',
  phase: 'create',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<AccountRow>> {
    const workspace = await context.snapshot<WorkspaceAccount>('chart-of-accounts');
    const catalog = await context.snapshot<SubType>('account-sub-types');
    const roles = findWorkspaceRoles(workspace);
    const control = controlSubTypeNames(workspace);
    const decided: RowOutcome[] = [];
    const counts = emptyCounts();
    const toCreate: Array<UnitRow<AccountRow>> = [];
    const claimed = new Set<string>();
    // The API refuses a name (case aside) or a number the chart already has (R24): an account that
    // would take one fails here, in the dry run as in the live run, naming the holder.
    const names = new Map<string, string>(
      workspace.map((a) => [
        a.name.trim().toLowerCase(),
        `the workspace's "${a.name}" (${a.type})`,
      ]),
    );
    const numbers = new Map<string, string>(
      workspace.flatMap((a) =>
        a.accountNumber ? [[a.accountNumber, `the workspace's "${a.name}"`] as const] : [],
      ),
    );

    for (const [role, account] of roles) {
      decided.push(
        build.matched(
          { entity: 'workspace-account', key: role, data: undefined },
          account.id,
          'workspace.control-account',
        ),
      );
    }

    const consider = (
      account: Pick<Account, 'key' | 'name' | 'kind' | 'active'> & Partial<Account>,
      counted: boolean,
    ) => {
      const row: UnitRow<AccountRow> = {
        entity: 'account',
        key: account.key,
        location: account.source,
        data: undefined as unknown as AccountRow,
      };
      if (counted) counts.planned += 1;
      const selection = selectRow(context, 'account', account.key);
      if (selection === 'settled') {
        if (counted) counts.done += 1;
        return;
      }
      if (selection === 'filtered') return;
      const decide = (outcome: RowOutcome) => {
        decided.push(outcome);
        if (counted) countDecided(counts, outcome.status);
      };
      if (account.systemRole) {
        const target = roles.get(account.systemRole);
        decide(
          target
            ? build.matched(row, target.id, 'account.system')
            : build.failed(
                row,
                'account.system-missing',
                `The workspace has no ${account.systemRole} account to map "${account.name}" onto.`,
              ),
        );
        return;
      }
      const existing = claimExistingAccount(account, workspace, claimed);
      if (existing) {
        decide(build.matched(row, existing, 'account.existing'));
        return;
      }
      const type = accountTypeOf(account.kind);
      const subType = chooseSubType(account.kind, catalog, control);
      if (!subType) {
        decide(
          build.failed(
            row,
            'account.no-sub-type',
            `The workspace offers no ${type} sub-type for "${account.name}".`,
          ),
        );
        return;
      }
      const name = account.name.trim().toLowerCase();
      const holder = names.get(name) ?? (account.code ? numbers.get(account.code) : undefined);
      if (holder) {
        decide(
          build.failed(
            row,
            'account.name-taken',
            `"${account.name}"${account.code ? ` (${account.code})` : ''} cannot be created: ${holder} has its ${names.has(name) ? 'name' : 'number'}, and the API takes each once. Rename or renumber one of them and export again.`,
          ),
        );
        return;
      }
      names.set(name, `"${account.name}" (${account.key}) of the legacy chart`);
      if (account.code) numbers.set(account.code, `"${account.name}" of the legacy chart`);
      const description = account.description
        ? cutText(account.description, API_TEXT_LIMITS.accountDescription)
        : undefined;
      toCreate.push({
        ...row,
        data: {
          type,
          parentKey: account.parentKey,
          body: {
            name: account.name,
            subTypeId: subType.id,
            ...(account.code ? { accountNumber: account.code } : {}),
            ...(account.currency ? { currency: account.currency } : {}),
            ...(description ? { description } : {}),
          },
        },
      });
    };

    const chart: Account[] = [];
    for await (const staged of context.stagedRows('accounts')) {
      chart.push(staged.record as Account);
      consider(staged.record as Account, true);
    }
    consider(clearingAccount, false);
    if (!legacyExchangeAccount(chart)) {
      const found = workspaceExchangeAccount(workspace);
      if (found)
        decided.push(
          build.matched(
            { entity: 'workspace-account', key: WORKSPACE_EXCHANGE_ROLE, data: undefined },
            found.id,
            'workspace.exchange-account',
          ),
        );
      else if (await hasForeignDocuments(context)) consider(exchangeAccount, false);
    }
    return { units: chunk(toCreate, context.batchSize), decided, counts };
  },

  prepare(_context, rows) {
    return { request: rows.map((row) => row.data.body), sent: rows, failed: [] };
  },

  send(api, request) {
    return api.createAccounts(request);
  },

  interpret(context, written, sent) {
    return bulkOutcomes(build, context, written as Written<BulkRowResult[]>, sent).map(
      (outcome) => {
        const row = sent.find((r) => r.key === outcome.key);
        if (outcome.status !== 'created' || !row?.data.parentKey) return outcome;
        // The API links sub-accounts by an internal numeric id it never returns: the tree is flattened.
        return {
          ...outcome,
          warnings: [
            ...(outcome.warnings ?? []),
            `parent: created at the top level (the API's parentAccountId is an internal id it never returns; legacy parent ${row.data.parentKey})`,
          ],
        };
      },
    );
  },

  predict(context, sent) {
    return predictEach(build, context, accountsCreate.prepare(context, sent), accountRefusal);
  },

  lookups: () => 1,

  // Ledgerlift's own accounts are not among the legacy accounts the step counts.
  recordsFinished: (_context, succeeded) =>
    succeeded.filter((row) => row.key !== CLEARING_ACCOUNT_KEY && row.key !== EXCHANGE_ACCOUNT_KEY)
      .length,

  reconcile: async (context, api, rows, _lookup, page) =>
    matchCreated(
      build,
      context,
      rows,
      await api.listAccounts(page),
      (row, account) =>
        account.type === row.data.type && sameName(account.name, row.data.body.name),
    ),
};

/**
 * The workspace account a legacy account maps onto: the only one not yet `claimed` of its type
 * whose number is the account's code or whose name is its name. It is then added to `claimed`, so
 * no second legacy account maps onto it. Undefined when none or several fit: the account is created.
 */
export function claimExistingAccount(
  account: Pick<Account, 'kind' | 'code' | 'name'>,
  workspace: readonly WorkspaceAccount[],
  claimed: Set<string>,
): string | undefined {
  const type = accountTypeOf(account.kind);
  const existing = workspace.filter(
    (candidate) =>
      !claimed.has(candidate.id) &&
      candidate.type === type &&
      ((account.code !== undefined && candidate.accountNumber === account.code) ||
        sameName(candidate.name, account.name)),
  );
  if (existing.length !== 1 || !existing[0]) return undefined;
  claimed.add(existing[0].id);
  return existing[0].id;
}
