import type { Account, AccountKind, SystemRole } from '../../src/ledger/index.js';
import { systemRoles } from '../../src/ledger/index.js';
import type { MappingOverrides } from '../../src/sources/overrides/mapping-overrides.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped } from '../../src/sources/table-mapping/table-spec.js';

/** Kinds whose accounts every workspace already has: the kind names the system role. */
export function defaultSystemRole(kind: AccountKind): SystemRole | undefined {
  return (systemRoles as readonly string[]).includes(kind) ? (kind as SystemRole) : undefined;
}

/**
 * Applies the override file's "accounts" entry for this account, looked up by any of the names the
 * consultant may use (key, code, name, full "Parent:Child" path).
 */
export function applyAccountOverride(
  account: Account,
  overrides: MappingOverrides,
  references: readonly (string | undefined)[],
): Account {
  const entries = overrides.accounts;
  if (!entries) return account;
  const lowered = new Map(
    Object.entries(entries).map(([name, value]) => [name.toLowerCase(), value]),
  );
  for (const reference of [account.key, account.code, account.name, ...references]) {
    if (!reference) continue;
    const entry = lowered.get(reference.toLowerCase());
    if (!entry) continue;
    const result: Account = { ...account, kind: entry.kind ?? account.kind };
    if (entry.exchangeDifferences) result.exchangeDifferences = true;
    if (entry.systemRole === null) delete result.systemRole;
    else if (entry.systemRole) result.systemRole = entry.systemRole;
    else if (entry.kind) {
      const role = defaultSystemRole(entry.kind);
      if (role) result.systemRole = role;
      else delete result.systemRole;
    }
    return result;
  }
  return account;
}

/**
 * One row's account with the override file applied. `path` is its full "Parent:Child" name, which
 * other rows of the export may use to refer to it.
 */
export function mappedAccount(
  account: Account,
  row: RowFields,
  context: MappingContext,
  path?: string,
): Mapped<'account'>[] {
  const references = path === undefined ? [] : [path];
  return [
    {
      entity: 'account',
      value: applyAccountOverride(account, context.overrides, references),
      location: row.location(),
      problems: [],
      ...(path === undefined ? {} : { aliases: [path] }),
    },
  ];
}

/**
 * Fails the row when the export gives an account type that maps to no kind, naming the override
 * that maps it; `example` adds a sample entry to the message.
 */
export function failUnknownAccountType(
  row: RowFields,
  column: string,
  type: string | undefined,
  kind: AccountKind | undefined,
  example = false,
): void {
  if (type === undefined || kind !== undefined) return;
  const sample = example ? `, e.g. {"${type}": "expense"}` : '';
  row.fail(
    'account.unknown-type',
    `${row.where(column)} holds the account type "${type}", which Ledgerlift does not know. Map it under "accountTypes" in the override file${sample}.`,
    column,
  );
}

/** The kind a legacy type label maps to: the override file's "accountTypes" first, then the table. */
export function kindOfType(
  label: string,
  table: ReadonlyMap<string, AccountKind>,
  overrides: MappingOverrides,
): AccountKind | undefined {
  const key = label.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const [name, kind] of Object.entries(overrides.accountTypes ?? {})) {
    if (name.toLowerCase().replace(/[^a-z0-9]/g, '') === key) return kind;
  }
  return table.get(key);
}
