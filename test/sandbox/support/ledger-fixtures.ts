/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import type { ApiBody, SandboxTestClient } from './client.js';

/** Sub-type ids of the catalog (assumption R5). */
export const SUB_TYPE = {
  cashAndBank: 1,
  currentAssets: 3,
  creditCard: 9,
  currentLiabilities: 10,
  ownersEquity: 13,
  revenue: 16,
  otherIncome: 17,
  costOfSales: 18,
  operatingExpenses: 19,
} as const;

export async function createAccount(
  api: SandboxTestClient,
  name: string,
  subTypeId: number,
  extra: Record<string, unknown> = {},
): Promise<ApiBody> {
  const data = await api.expect(201, 'POST', '/chart-of-accounts', { name, subTypeId, ...extra });
  return data.account;
}

/** Looks up a system account by name (Accounts Receivable, ...). */
export async function systemAccount(api: SandboxTestClient, name: string): Promise<ApiBody> {
  const data = await api.expect(200, 'GET', '/chart-of-accounts?limit=100');
  const account = (data.accounts as ApiBody[]).find((candidate) => candidate.name === name);
  if (!account) throw new Error(`no system account ${name}`);
  return account;
}

export interface BasicLedger {
  bank: ApiBody;
  sales: ApiBody;
  rent: ApiBody;
  equity: ApiBody;
  customer: ApiBody;
  vendor: ApiBody;
}

/** A bank account, an income and an expense account, an equity account, a customer and a vendor. */
export async function basicLedger(api: SandboxTestClient): Promise<BasicLedger> {
  const bank = await createAccount(api, 'Operating Bank', SUB_TYPE.cashAndBank);
  const sales = await createAccount(api, 'Sales', SUB_TYPE.revenue);
  const rent = await createAccount(api, 'Rent', SUB_TYPE.operatingExpenses);
  const equity = await createAccount(api, 'Owner Capital', SUB_TYPE.ownersEquity);
  const customer = (
    await api.expect(201, 'POST', '/customers', { customer: 'Acme Ltd', email: 'ap@acme.example' })
  ).customer;
  const vendor = (await api.expect(201, 'POST', '/vendors', { name: 'Landlord LLC' })).vendor;
  return { bank, sales, rent, equity, customer, vendor };
}

export function freeTextLine(
  account: ApiBody,
  unitPrice: number,
  quantity = 1,
  name = 'Consulting',
) {
  return { name, quantity, unitPrice, categoryAccountUuid: account.id as string };
}
