import { expect } from 'vitest';
import type { RunOutcome } from '../../../workflows/migrate-ledger.js';
import { createPartnerApiClient } from '../../../src/partner-api/index.js';
import type { GeneratedCompany } from '../../../src/synthetic-company/company-generator.js';
import type { RunningSandbox } from '../../../sandbox/index.js';
import { expectedCounts } from '../../support/expected-workspace.js';
import { TEST_PROFILE } from '../../support/migration-stack.js';
import { unprovoked401s } from './request-log.js';

export { expectedCounts };

/** What the workspace holds, by natural key, against what the ledger says it must hold. */
export interface WorkspaceAudit {
  /** Natural keys present more than once ("invoice INV-000007 x2"). */
  duplicates: string[];
  /** Natural keys the ledger has and the workspace lacks ("customer Atlas Studio 2"). */
  gaps: string[];
  /** Records the ledger does not explain. */
  extras: string[];
  /** Records read per resource. */
  records: Record<string, number>;
  /** The `entity/key` marker of every transaction (bank lines, payments, payment parts). */
  transactionRefs: string[];
}

const REF = /Ledgerlift ref: (\S+)/;

function tally(kind: string, keys: Array<string | undefined>, expected: Set<string> | undefined) {
  const seen = new Map<string, number>();
  for (const key of keys) seen.set(key ?? '(none)', (seen.get(key ?? '(none)') ?? 0) + 1);
  const duplicates = [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${kind} ${key} x${n}`);
  const gaps = expected
    ? [...expected].filter((key) => !seen.has(key)).map((k) => `${kind} ${k}`)
    : [];
  const extras = expected
    ? [...seen.keys()].filter((key) => !expected.has(key)).map((k) => `${kind} ${k}`)
    : [];
  return { duplicates, gaps, extras };
}

/**
 * Reads the whole workspace through the real client (every page) and checks it record by record:
 * customers, vendors and products by name, invoices and bills by number, transactions by the
 * `Ledgerlift ref:` marker each one carries. A duplicate and a gap in the same resource cannot
 * cancel out, as they could in a count.
 */
export async function auditWorkspace(
  credentialsPath: string,
  company: GeneratedCompany,
  options: { skippedKeys?: ReadonlySet<string>; profile?: string } = {},
): Promise<WorkspaceAudit> {
  const client = createPartnerApiClient({
    credentialsPath,
    profile: options.profile ?? TEST_PROFILE,
    env: {},
  });
  const skipped = options.skippedKeys ?? new Set<string>();
  const names = {
    customer: new Set<string>(),
    vendor: new Set<string>(),
    product: new Set<string>(),
  };
  const documents = { invoice: new Set<string>(), bill: new Set<string>() };
  for (const record of company.records) {
    if (record.entity === 'customer' || record.entity === 'vendor' || record.entity === 'product') {
      if (!skipped.has(`${record.entity}/${record.value.key}`))
        names[record.entity].add(record.value.name);
    }
    if (record.entity === 'invoice' || record.entity === 'bill') {
      const document = record.value;
      if (skipped.has(`${record.entity}/${document.key}`)) continue;
      if (document.date < company.cutoverDate && !company.openAtCutover.has(document.key)) continue;
      documents[record.entity].add(document.number);
    }
  }
  try {
    const collect = async <T>(items: AsyncIterable<T>) => {
      const all: T[] = [];
      for await (const item of items) all.push(item);
      return all;
    };
    const customers = await collect(client.customers.list());
    const vendors = await collect(client.vendors.list());
    const products = await collect(client.products.list());
    const invoices = [
      ...(await collect(client.invoices.list({ invoiceType: 'invoice' }))),
      ...(await collect(client.invoices.list({ invoiceType: 'memo' }))),
    ];
    const bills = [
      ...(await collect(client.bills.list({ billType: 'bill' }))),
      ...(await collect(client.bills.list({ billType: 'vendor_memo' }))),
    ];
    const transactions = await collect(client.transactions.list());
    // A split part carries its own marker in its description; everything else in its notes.
    const refs = transactions.map(
      (t) => REF.exec(t.description ?? '')?.[1] ?? REF.exec(t.notes ?? '')?.[1],
    );
    const parts = [
      tally(
        'customer',
        customers.map((c) => c.customer),
        names.customer,
      ),
      tally(
        'vendor',
        vendors.map((v) => v.name),
        names.vendor,
      ),
      tally(
        'product',
        products.map((p) => p.name),
        names.product,
      ),
      tally(
        'invoice',
        invoices.map((i) => i.invoiceNumber ?? undefined),
        documents.invoice,
      ),
      tally(
        'bill',
        bills.map((b) => b.billNumber ?? undefined),
        documents.bill,
      ),
      // A split part carries its own marker in its description; everything else in its notes.
      tally(
        'transaction',
        transactions.map((t) => REF.exec(t.description ?? '')?.[1] ?? REF.exec(t.notes ?? '')?.[1]),
        undefined,
      ),
    ];
    return {
      duplicates: parts.flatMap((part) => part.duplicates),
      gaps: parts.flatMap((part) => part.gaps),
      extras: parts.flatMap((part) => part.extras),
      records: {
        customers: customers.length,
        vendors: vendors.length,
        products: products.length,
        invoices: invoices.length,
        bills: bills.length,
        transactions: transactions.length,
      },
      transactionRefs: refs.filter((ref): ref is string => ref !== undefined),
    };
  } finally {
    await client.close();
  }
}

/**
 * What every chaos run must end with: no 401 it did not provoke, completed, books verified with
 * the clearing account at zero, no failed row, the sandbox's counts exactly what the ledger implies, and no duplicate, gap
 * or stray record by natural key. Answers the audit for the summary line.
 */
export async function expectRunHeld(
  outcome: RunOutcome,
  sandbox: RunningSandbox,
  credentialsPath: string,
  company: GeneratedCompany,
  options: { provoked401?: boolean } = {},
): Promise<WorkspaceAudit> {
  // Every request was signed well: the sandbox refuses a bad signature (or token) with a 401, and
  // only the token tests provoke those on purpose.
  if (!options.provoked401) expect(unprovoked401s(sandbox.admin.requestLog())).toEqual([]);
  expect(outcome.status).toBe('completed');
  expect(outcome.progress.verification).toMatchObject({ verified: true, clearingBalance: '0.00' });
  for (const step of outcome.progress.steps) expect(step.rows.failed, step.step).toBe(0);
  const counts = sandbox.admin.counts();
  const expected = expectedCounts(company);
  expect(Object.fromEntries(Object.keys(expected).map((key) => [key, counts[key]]))).toEqual(
    expected,
  );
  const audit = await auditWorkspace(credentialsPath, company);
  expect(audit.duplicates).toEqual([]);
  expect(audit.gaps).toEqual([]);
  expect(audit.extras).toEqual([]);
  return audit;
}
