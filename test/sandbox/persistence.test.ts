/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index.js';
import { SandboxTestClient } from './support/client.js';
import { authorize, clientFor, testConfig, WORKSPACE_ID } from './support/harness.js';
import { freeTextLine } from './support/ledger-fixtures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-data-'));
  dirs.push(dir);
  return path.join(dir, 'state.json');
}

describe('persistence with a data file', () => {
  it('keeps records, the journal and live tokens across a restart, written atomically', async () => {
    const dataFile = tempFile();
    const first = await startSandbox({ port: 0, config: testConfig(), dataFile });
    const api = clientFor(first);
    await authorize(first, api);
    const sales = (
      await api.expect(201, 'POST', '/chart-of-accounts', { name: 'Sales', subTypeId: 16 })
    ).account;
    const customer = (await api.expect(201, 'POST', '/customers', { customer: 'Durable Ltd' }))
      .customer;
    await api.expect(201, 'POST', '/invoices', {
      customerUuid: customer.id,
      isDraft: false,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [freeTextLine(sales, 99.99)],
    });
    const before = await api.expect(200, 'POST', '/reports/trial-balance?endDate=2026-12-31');
    await first.close();

    expect(readdirSync(path.dirname(dataFile))).toEqual(['state.json']);
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toMatchObject({
      format: 'ledgerlift-sandbox/1',
    });

    const second = await startSandbox({ port: 0, config: testConfig(), dataFile });
    try {
      const again = new SandboxTestClient(second.url, api.clientId, api.clientSecret);
      again.token = api.token;
      expect((await again.expect(200, 'GET', `/customers/${customer.id}`)).customer.customer).toBe(
        'Durable Ltd',
      );
      expect(await again.expect(200, 'POST', '/reports/trial-balance?endDate=2026-12-31')).toEqual(
        before,
      );
      expect(second.admin.counts(WORKSPACE_ID)).toMatchObject({
        customers: 1,
        invoices: 1,
        journalEntries: 1,
        journalLines: 2,
      });
      // Generated numbers continue where they stopped.
      expect((await again.expect(200, 'GET', '/invoices/generate/number')).invoiceNumber).toBe(
        'INV-0002',
      );
    } finally {
      await second.close();
    }
  });

  it('starts from the seed when the file does not exist yet, and reset is persisted too', async () => {
    const dataFile = tempFile();
    const sandbox = await startSandbox({ port: 0, config: testConfig(), dataFile });
    const api = clientFor(sandbox);
    await authorize(sandbox, api);
    await api.expect(201, 'POST', '/customers', { customer: 'Temporary' });
    sandbox.admin.reset();
    await sandbox.close();
    const reopened = await startSandbox({ port: 0, config: testConfig(), dataFile });
    try {
      expect(reopened.admin.counts(WORKSPACE_ID)).toMatchObject({ customers: 0, accounts: 7 });
    } finally {
      await reopened.close();
    }
  });
});
