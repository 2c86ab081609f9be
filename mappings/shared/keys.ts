import { createHash } from 'node:crypto';

/** The default key of a credit application, stable across re-exports: "<credit>><document>". */
export function creditApplicationKey(creditKey: string, documentKey: string): string {
  return `${creditKey}>${documentKey}`;
}

/** What a document without a number is known by in payments and credits that settle it. */
export const NO_NUMBER = '(no number)';

/** The workspace takes document numbers of at most this many characters. */
const WORKSPACE_NUMBER_MAX = 50;

/**
 * How a document is identified when its number alone does not (Xero allows bills with no number,
 * and the same number on several bills): its number, contact, date and total together, as Xero
 * itself tells them apart. Deterministic, so a re-run finds the same record.
 */
function documentIdentity(parts: {
  number: string | undefined;
  contact: string;
  date: string;
  total: string;
}): { key: string; workspaceNumber: string; legacyNumber: string } {
  const legacyNumber = parts.number ?? NO_NUMBER;
  const key = `${legacyNumber} | ${parts.contact} | ${parts.date} | ${parts.total}`;
  // The workspace refuses a number twice (per vendor for bills, at all for invoices), so the
  // document is created under its number and date with a short digest of its identity.
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 6);
  const suffix = ` ${parts.date} ${digest}`;
  const workspaceNumber = parts.number
    ? `${parts.number.slice(0, WORKSPACE_NUMBER_MAX - suffix.length)}${suffix}`
    : suffix.trim();
  return { key, workspaceNumber, legacyNumber };
}

/**
 * The key and numbers a document is created under: its own number when that number identifies it
 * (`ownNumber`), else its identity from number, contact, date and total.
 */
export function documentNumbering(
  ownNumber: string | undefined,
  parts: Parameters<typeof documentIdentity>[0],
): { key: string; number: string; legacyNumber: string | undefined } {
  if (ownNumber !== undefined)
    return { key: ownNumber, number: ownNumber, legacyNumber: undefined };
  const identity = documentIdentity(parts);
  return {
    key: identity.key,
    number: identity.workspaceNumber,
    legacyNumber: identity.legacyNumber,
  };
}
