import type { Account } from '../../ledger/index.js';
import type {
  OpeningBalanceState,
  WorkspaceAccount,
  WorkspaceInfo,
} from '../contracts/migration-api.js';
import { claimExistingAccount } from '../handlers/accounts-create.js';
import { findWorkspaceRoles } from '../handlers/workspace-roles.js';

/** What the workspace holds before anything is written, as the pre-check read it. */
export interface WorkspaceFacts {
  workspace: WorkspaceInfo;
  accounts: WorkspaceAccount[];
  openingBalance: OpeningBalanceState;
}

/** What the books to migrate need from the workspace. */
export interface BooksFacts {
  /** The books' base currency: `--currency`, or the workspace's when none was given. */
  currency: string;
  /** The consultant named the currency (`--currency`); otherwise it was taken from the workspace. */
  currencyGiven: boolean;
  cutoverDate: string;
  accounts: Account[];
  /** Opening balance lines the run will publish. */
  openingBalanceLines: number;
}

interface WorkspaceFinding {
  code:
    | 'workspace.currency-mismatch'
    | 'workspace.currency-unknown'
    | 'workspace.control-account-missing'
    | 'workspace.opening-balance-exists'
    | 'workspace.cutover-differs';
  /** Blocking findings stop dry runs and live runs before anything is written. */
  blocking: boolean;
  message: string;
}

/** The pre-check's answer, kept in the run store and shown in the report. */
export interface WorkspaceCheck {
  workspaceCurrency: string | undefined;
  booksCurrency: string;
  country: string | undefined;
  /** The ledger's accounts as the accounts step will treat them. */
  accounts: { mapped: number; matched: number; created: number; workspaceAccounts: number };
  openingBalance: {
    /** The workspace's opening balance status (none, draft, published). */
    status: string;
    rows: number;
    cutoverDate: string | undefined;
    /** A published balance is there and this run publishes one: it must match it, or replace it. */
    replaceExistingNeeded: boolean;
  };
  findings: WorkspaceFinding[];
  blocking: boolean;
}

/**
 * Checks the workspace against the books before anything is written: the currency (a mismatch
 * blocks: every amount would land in the wrong currency), which ledger accounts will map onto the
 * workspace's control accounts, match existing ones or be created (the same rules as
 * src/migration/handlers/accounts-create.ts), and whether an opening balance is already there.
 */
export function assessWorkspace(facts: WorkspaceFacts, books: BooksFacts): WorkspaceCheck {
  const findings: WorkspaceFinding[] = [];
  const workspaceCurrency = facts.workspace.currency?.toUpperCase();
  const booksCurrency = books.currency.toUpperCase();
  if (!workspaceCurrency) {
    findings.push({
      code: 'workspace.currency-unknown',
      blocking: false,
      message: `The workspace did not say its currency; the books are taken to be in ${booksCurrency}. Check the workspace's currency before the live run.`,
    });
  } else if (workspaceCurrency !== booksCurrency) {
    findings.push({
      code: 'workspace.currency-mismatch',
      blocking: true,
      message: `The books are in ${booksCurrency}${books.currencyGiven ? ' (--currency)' : ''} but the workspace is in ${workspaceCurrency}: every amount would be written in the wrong currency. Migrate into a ${booksCurrency} workspace (connect to it with ledgerlift connect; for a rehearsal: ledgerlift dev --currency ${booksCurrency}), or run with --currency ${workspaceCurrency} if the books really are in ${workspaceCurrency}.`,
    });
  }

  const roles = findWorkspaceRoles(facts.accounts);
  const counts = { mapped: 0, matched: 0, created: 0, workspaceAccounts: facts.accounts.length };
  const claimed = new Set<string>();
  const missingRoles = new Set<string>();
  for (const account of books.accounts) {
    if (account.systemRole) {
      if (roles.has(account.systemRole)) counts.mapped += 1;
      else missingRoles.add(account.systemRole);
      continue;
    }
    if (claimExistingAccount(account, facts.accounts, claimed)) counts.matched += 1;
    else counts.created += 1;
  }
  for (const role of missingRoles) {
    findings.push({
      code: 'workspace.control-account-missing',
      blocking: false,
      message: `The workspace has no ${role} control account: the ledger's ${role} account cannot be mapped and its rows will fail.`,
    });
  }

  const existingRows = facts.openingBalance.rows.length;
  const published = facts.openingBalance.status === 'published' && existingRows > 0;
  const replaceExistingNeeded = published && books.openingBalanceLines > 0;
  if (replaceExistingNeeded) {
    findings.push({
      code: 'workspace.opening-balance-exists',
      blocking: false,
      message: `The workspace already has a published opening balance (${existingRows} rows${facts.openingBalance.cutoverDate ? `, as at the cutover ${facts.openingBalance.cutoverDate}` : ''}). The run keeps it if it equals the legacy one; otherwise publishing needs replaceExisting, which Ledgerlift never sends: review it in the workspace (or start from a fresh workspace) before the live run.`,
    });
  }
  const workspaceCutover = facts.workspace.cutoverDate ?? facts.openingBalance.cutoverDate;
  if (workspaceCutover && workspaceCutover !== books.cutoverDate) {
    findings.push({
      code: 'workspace.cutover-differs',
      blocking: false,
      message: `The workspace's cutover date is ${workspaceCutover}; the run sets it to ${books.cutoverDate}${published ? ', which re-dates its published opening balance' : ''}.`,
    });
  }
  return {
    workspaceCurrency,
    booksCurrency,
    country: facts.workspace.country,
    accounts: counts,
    openingBalance: {
      status: facts.openingBalance.status,
      rows: existingRows,
      cutoverDate: facts.openingBalance.cutoverDate,
      replaceExistingNeeded,
    },
    findings,
    blocking: findings.some((finding) => finding.blocking),
  };
}

/** The blocking findings as one sentence for the run's progress and the CLI. */
export function blockingReason(check: WorkspaceCheck): string | undefined {
  const blocking = check.findings.filter((finding) => finding.blocking);
  return blocking.length > 0 ? blocking.map((finding) => finding.message).join(' ') : undefined;
}
