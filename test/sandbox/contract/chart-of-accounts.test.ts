/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { authorize, startTestSandbox, type TestSandbox } from '../support/harness.js';
import { createAccount, SUB_TYPE, systemAccount } from '../support/ledger-fixtures.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
});

const SYSTEM_NAMES = [
  'Accounts Receivable',
  'Accounts Payable',
  'Sales Tax Payable',
  'Retained Earnings',
  'Opening Balance Equity',
  'Uncategorized Income',
  'Uncategorized Expense',
];

describe('chart of accounts', () => {
  it('starts with the system accounts, not editable', async () => {
    const data = await t.api.expect(200, 'GET', '/chart-of-accounts?limit=100');
    expect(data.accounts.map((a: ApiBody) => a.name).sort()).toEqual([...SYSTEM_NAMES].sort());
    expect(data.accounts.every((a: ApiBody) => a.editable === false)).toBe(true);
    const receivable = data.accounts.find((a: ApiBody) => a.name === 'Accounts Receivable');
    expect(receivable).toMatchObject({
      type: 'Assets',
      subType: { id: 2, type: 'Assets', name: 'Accounts Receivable', anchorTier: null },
    });
    expect(receivable.canDelete).toBeUndefined();
    expect(receivable.systemBalance).toBeUndefined();
  });

  it('serves the sub-type catalog, filterable by exact type', async () => {
    const all = (await t.api.expect(200, 'GET', '/account-sub-types')).subTypes;
    expect(all).toHaveLength(21);
    expect(all[0]).toMatchObject({ id: 1, type: 'Assets', name: 'Cash and Bank' });
    const income = (await t.api.expect(200, 'GET', '/account-sub-types?type=Income')).subTypes;
    expect(income.map((s: ApiBody) => s.name)).toEqual(['Revenue', 'Other Income']);
    expect((await t.api.get('/account-sub-types?type=income')).status).toBe(400);
  });

  it('filters by exact type; singular or other case is a 400', async () => {
    await createAccount(t.api, 'Bank', SUB_TYPE.cashAndBank);
    const assets = (await t.api.expect(200, 'GET', '/chart-of-accounts?type=Assets')).accounts;
    expect(assets.map((a: ApiBody) => a.name).sort()).toEqual(['Accounts Receivable', 'Bank']);
    for (const bad of ['Asset', 'assets', 'ASSETS', 'Expense']) {
      expect((await t.api.get(`/chart-of-accounts?type=${bad}`)).status).toBe(400);
    }
  });

  it('creates accounts with a derived type and rejects control sub-types, duplicates and numeric parents', async () => {
    const account = await createAccount(t.api, 'Consulting Income', SUB_TYPE.revenue, {
      accountNumber: '4000',
      color: '#112233',
    });
    expect(account).toMatchObject({
      type: 'Income',
      editable: true,
      status: 'active',
      currency: 'USD',
      accountNumber: '4000',
    });
    expect((await t.api.post('/chart-of-accounts', { name: 'My AR', subTypeId: 2 })).status).toBe(
      400,
    );
    expect(
      (await t.api.post('/chart-of-accounts', { name: 'consulting income', subTypeId: 16 })).status,
    ).toBe(400);
    expect(
      (
        await t.api.post('/chart-of-accounts', {
          name: 'Child',
          subTypeId: 16,
          parentAccountId: 12,
        })
      ).status,
    ).toBe(400);
    expect((await t.api.post('/chart-of-accounts', { name: 'No sub-type' })).status).toBe(400);
    const warned = await t.api.post('/chart-of-accounts', {
      name: 'Typed',
      subTypeId: 16,
      type: 'Income',
    });
    expect(warned.status).toBe(201);
    expect(warned.body._partnerWarnings[0]).toMatchObject({
      field: 'type',
      reason: 'internal_only',
    });
  });

  it('nests one level of sub-accounts that inherit type, currency and status', async () => {
    const parent = await createAccount(t.api, 'Travel', SUB_TYPE.operatingExpenses);
    const child = await createAccount(t.api, 'Flights', SUB_TYPE.costOfSales, {
      parentAccountUuid: parent.id,
      currency: 'EUR',
    });
    expect(child.currency).toBe('USD');
    expect(
      (
        await t.api.post('/chart-of-accounts', {
          name: 'Bad child',
          subTypeId: SUB_TYPE.revenue,
          parentAccountUuid: parent.id,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api.post('/chart-of-accounts', {
          name: 'Grandchild',
          subTypeId: SUB_TYPE.operatingExpenses,
          parentAccountUuid: child.id,
        })
      ).status,
    ).toBe(400);
    const list = (await t.api.expect(200, 'GET', '/chart-of-accounts?type=Expenses')).accounts;
    const travel = list.find((a: ApiBody) => a.id === parent.id);
    expect(travel.subAccounts.map((a: ApiBody) => a.name)).toEqual(['Flights']);
    await t.api.expect(200, 'PATCH', `/chart-of-accounts/${parent.id}`, { status: 'inactive' });
    expect((await t.api.expect(200, 'GET', `/chart-of-accounts/${child.id}`)).account.status).toBe(
      'inactive',
    );
  });

  it('rejects moving an account across type buckets, allows moving within one', async () => {
    const account = await createAccount(t.api, 'Supplies', SUB_TYPE.operatingExpenses);
    expect(
      (await t.api.patch(`/chart-of-accounts/${account.id}`, { subTypeId: SUB_TYPE.revenue }))
        .status,
    ).toBe(400);
    const moved = await t.api.expect(200, 'PATCH', `/chart-of-accounts/${account.id}`, {
      subTypeId: SUB_TYPE.costOfSales,
      name: 'Materials',
    });
    expect(moved.account).toMatchObject({
      name: 'Materials',
      subType: { id: SUB_TYPE.costOfSales },
    });
  });

  it('answers 403 for protected fields of a system account, allows its description', async () => {
    const receivable = await systemAccount(t.api, 'Accounts Receivable');
    expect(
      (await t.api.patch(`/chart-of-accounts/${receivable.id}`, { name: 'Debtors' })).status,
    ).toBe(403);
    expect(
      (await t.api.patch(`/chart-of-accounts/${receivable.id}`, { status: 'inactive' })).status,
    ).toBe(403);
    expect(
      (await t.api.patch(`/chart-of-accounts/${receivable.id}`, { description: 'Trade debtors' }))
        .status,
    ).toBe(200);
    expect((await t.api.delete(`/chart-of-accounts/${receivable.id}`)).status).toBe(403);
  });

  it('explains delete blocks with includeDeleteMeta and enforces them', async () => {
    const bank = await createAccount(t.api, 'Bank', SUB_TYPE.cashAndBank);
    const parent = await createAccount(t.api, 'Parent', SUB_TYPE.operatingExpenses);
    await createAccount(t.api, 'Child', SUB_TYPE.operatingExpenses, {
      parentAccountUuid: parent.id,
    });
    const productIncome = await createAccount(t.api, 'Product Income', SUB_TYPE.revenue);
    await t.api.expect(201, 'POST', '/products', {
      name: 'Widget',
      price: 5,
      incomeAccountUuid: productIncome.id,
    });
    const unused = await createAccount(t.api, 'Unused', SUB_TYPE.otherIncome);
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: bank.id,
      amount: 100,
      postedDate: '2026-01-10',
    });
    const accounts: ApiBody[] = (
      await t.api.expect(200, 'GET', '/chart-of-accounts?includeDeleteMeta=true&limit=100')
    ).accounts;
    const meta = (name: string) => {
      const account = accounts.find((a) => a.name === name);
      return [account.canDelete, account.deleteBlockedReason];
    };
    expect(meta('Accounts Payable')).toEqual([false, 'NOT_EDITABLE']);
    expect(meta('Bank')).toEqual([false, 'HAS_JOURNAL_ENTRIES']);
    expect(meta('Parent')).toEqual([false, 'HAS_SUB_ACCOUNTS']);
    expect(meta('Product Income')).toEqual([false, 'HAS_INVOICE_PRODUCTS']);
    expect(meta('Unused')).toEqual([true, undefined]);
    expect((await t.api.delete(`/chart-of-accounts/${bank.id}`)).status).toBe(400);
    expect((await t.api.delete(`/chart-of-accounts/${parent.id}`)).status).toBe(400);
    await t.api.expect(200, 'DELETE', `/chart-of-accounts/${unused.id}`);
    expect((await t.api.get(`/chart-of-accounts/${unused.id}`)).status).toBe(404);
  });

  it('shows journal balances on the normal side with includeBalances', async () => {
    const bank = await createAccount(t.api, 'Bank', SUB_TYPE.cashAndBank);
    const card = await createAccount(t.api, 'Card', SUB_TYPE.creditCard);
    const rent = await createAccount(t.api, 'Rent', SUB_TYPE.operatingExpenses);
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: bank.id,
      amount: 250.75,
      postedDate: '2026-01-10',
    });
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: card.id,
      amount: -80,
      postedDate: '2026-01-11',
      categoryAccountUuid: rent.id,
    });
    const accounts: ApiBody[] = (
      await t.api.expect(200, 'GET', '/chart-of-accounts?includeBalances=true&limit=100')
    ).accounts;
    const balance = (name: string) => accounts.find((a) => a.name === name).systemBalance;
    expect(balance('Bank')).toBe('250.75');
    expect(balance('Uncategorized Income')).toBe('250.75');
    expect(balance('Card')).toBe('80.00');
    expect(balance('Rent')).toBe('80.00');
    expect(accounts.find((a) => a.name === 'Bank')).toMatchObject({
      providerBalances: [],
      reconcileBalances: [],
    });
  });

  it('bulk-creates with per-row results', async () => {
    const data = await t.api.expect(201, 'POST', '/chart-of-accounts/bulk', {
      accounts: [
        { name: 'A1', subTypeId: 16 },
        { name: 'A2', subTypeId: 99 },
        { name: 'A3', subTypeId: 19 },
      ],
    });
    expect(data.errorCount).toBe(1);
    expect(data.results.map((r: ApiBody) => r.status)).toEqual(['created', 'failed', 'created']);
    expect(data.results[0].account.type).toBe('Income');
  });
});
