/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { authorize, startTestSandbox, WORKSPACE_ID, type TestSandbox } from '../support/harness.js';
import { basicLedger, type BasicLedger } from '../support/ledger-fixtures.js';

let t: TestSandbox;
let l: BasicLedger;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
  l = await basicLedger(t.api);
});

const rows = () => [
  { accountUuid: l.bank.id, debit: '5000.00', credit: '0' },
  { accountUuid: l.equity.id, debit: '0', credit: '5000.00' },
];

describe('opening balance and cutover date', () => {
  it('starts empty, needs a cutover date, then drafts and publishes in one call', async () => {
    expect((await t.api.expect(200, 'GET', '/opening-balance')).openingBalance).toEqual({
      status: 'none',
      cutoverDate: null,
      rows: [],
    });
    expect((await t.api.post('/opening-balance', { rows: rows() })).status).toBe(400);
    expect(
      (await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' })).workspace
        .cutoverDate,
    ).toBe('2025-12-31');
    const published = (await t.api.expect(201, 'POST', '/opening-balance', { rows: rows() }))
      .openingBalance;
    expect(published).toMatchObject({ status: 'published', cutoverDate: '2025-12-31' });
    expect(published.rows[0]).toEqual({
      accountUuid: l.bank.id,
      accountName: 'Operating Bank',
      accountType: 'Assets',
      debit: '5000.00',
      credit: '0.00',
    });
    const tb = await t.api.expect(200, 'POST', '/reports/trial-balance?endDate=2025-12-31');
    expect(tb.totals).toEqual({ debit: '5000.00', credit: '5000.00' });
    expect(
      (await t.api.expect(200, 'POST', '/reports/trial-balance?endDate=2025-12-30')).rows,
    ).toEqual([]);
  });

  it('keeps the draft when the rows do not balance, and needs replaceExisting (409) to retry', async () => {
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    const unbalanced = await t.api.post('/opening-balance', {
      rows: [
        { accountUuid: l.bank.id, debit: '10.00', credit: '0' },
        { accountUuid: l.equity.id, debit: '0', credit: '9.99' },
      ],
    });
    expect(unbalanced.status).toBe(400);
    expect((await t.api.expect(200, 'GET', '/opening-balance')).openingBalance.status).toBe(
      'draft',
    );
    const again = await t.api.post('/opening-balance', { rows: rows() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    await t.api.expect(201, 'POST', '/opening-balance', { rows: rows(), replaceExisting: true });
    const replaced = await t.api.expect(201, 'POST', '/opening-balance', {
      rows: [
        { accountUuid: l.bank.id, debit: '1.00', credit: '0' },
        { accountUuid: l.equity.id, debit: '0', credit: '1.00' },
      ],
      replaceExisting: true,
    });
    expect(replaced.openingBalance.rows[0].debit).toBe('1.00');
    const tb: ApiBody = await t.api.expect(
      200,
      'POST',
      '/reports/trial-balance?endDate=2099-12-31',
    );
    expect(tb.totals).toEqual({ debit: '1.00', credit: '1.00' });
  });

  it('takes string decimals with at most two places, one side per row, and a non-empty array', async () => {
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    const bad = [
      [{ accountUuid: l.bank.id, debit: 5000, credit: '0' }, rows()[1]],
      [{ accountUuid: l.bank.id, debit: '5000.001', credit: '0' }, rows()[1]],
      [{ accountUuid: l.bank.id, debit: '1.00', credit: '1.00' }],
      [],
    ];
    for (const body of bad)
      expect((await t.api.post('/opening-balance', { rows: body })).status).toBe(400);
    expect((await t.api.post('/opening-balance', {})).status).toBe(400);
    expect((await t.api.expect(200, 'GET', '/opening-balance')).openingBalance.status).toBe('none');
  });

  it('refuses to publish after onboarding is complete', async () => {
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    t.sandbox.admin.completeOnboarding(WORKSPACE_ID);
    expect(
      (await t.api.post('/opening-balance', { rows: rows(), replaceExisting: true })).status,
    ).toBe(400);
  });

  it('validates the cutover date', async () => {
    expect((await t.api.patch('/workspace', { cutoverDate: '2025-02-30' })).status).toBe(400);
    expect((await t.api.patch('/workspace', { cutoverDate: '31/12/2025' })).status).toBe(400);
  });
});
