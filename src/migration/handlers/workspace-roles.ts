import type { WorkspaceAccount } from '../contracts/migration-api.js';
import type { WorkspaceRole } from '../outcomes/references.js';

/** How each control account shows itself in a workspace's chart: type bucket and a name pattern. */
const roleSignatures: Record<WorkspaceRole, { type: string; pattern: RegExp }> = {
  receivable: { type: 'Assets', pattern: /receivable/i },
  payable: { type: 'Liabilities', pattern: /^(?!.*tax).*payable/i },
  tax: { type: 'Liabilities', pattern: /tax/i },
  'retained-earnings': { type: 'Equity', pattern: /retained/i },
  'opening-balance-equity': { type: 'Equity', pattern: /opening balance/i },
  'uncategorized-income': { type: 'Income', pattern: /uncategori[sz]ed/i },
  'uncategorized-expense': { type: 'Expenses', pattern: /uncategori[sz]ed/i },
};

/**
 * Finds the workspace's control accounts in its chart: system accounts (not editable) first, by
 * sub-type name, then by account name. A workspace missing one leaves the role unresolved, and
 * rows that need it fail with a clear reason.
 */
export function findWorkspaceRoles(
  accounts: WorkspaceAccount[],
): Map<WorkspaceRole, WorkspaceAccount> {
  const found = new Map<WorkspaceRole, WorkspaceAccount>();
  const candidates = [...accounts].sort((a, b) => Number(a.editable) - Number(b.editable));
  for (const [role, { type, pattern }] of Object.entries(roleSignatures) as Array<
    [WorkspaceRole, { type: string; pattern: RegExp }]
  >) {
    const match =
      candidates.find((a) => a.type === type && !a.editable && pattern.test(a.subTypeName ?? '')) ??
      candidates.find((a) => a.type === type && pattern.test(a.name));
    if (match) found.set(role, match);
  }
  return found;
}

/** Names of the sub-types the workspace's system accounts use: never used to create accounts. */
export function controlSubTypeNames(accounts: WorkspaceAccount[]): Set<string> {
  return new Set(
    accounts
      .filter((account) => !account.editable && account.subTypeName)
      .map((account) => (account.subTypeName as string).toLowerCase()),
  );
}
