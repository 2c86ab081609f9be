import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import { connectToSandbox } from '../../../src/dev/connect-sandbox.js';
import type { Account } from '../../../src/ledger/index.js';
import { migrationApiOver } from '../../../src/migration/api-adapter/client-adapter.js';
import type { MigrationApi } from '../../../src/migration/contracts/migration-api.js';
import {
  assessWorkspace,
  blockingReason,
  type BooksFacts,
} from '../../../src/migration/workspace/assess-workspace.js';
import { readWorkspaceFacts } from '../../../src/migration/workspace/read-workspace-facts.js';
import { createPartnerApiClient, type PartnerApiClient } from '../../../src/partner-api/index.js';

const PROFILE = 'precheck';

function account(key: string, name: string, kind: Account['kind'], extra: Partial<Account> = {}) {
  return { key, name, kind, active: true, source: { file: 'accounts.csv', row: 2 }, ...extra };
}

/** A Canadian company's books: a bank account, receivables (a control account) and sales. */
function canadianBooks(overrides: Partial<BooksFacts> = {}): BooksFacts {
  return {
    currency: 'CAD',
    currencyGiven: true,
    cutoverDate: '2021-01-01',
    accounts: [
      account('1000', 'Chequing', 'bank', { code: '1000' }),
      account('1100', 'Accounts Receivable', 'receivable', { systemRole: 'receivable' }),
      account('4000', 'Sales', 'revenue', { code: '4000' }),
    ],
    openingBalanceLines: 2,
    ...overrides,
  };
}

describe('the workspace pre-check, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let client: PartnerApiClient;
  let api: MigrationApi;

  const start = async (currency: string, country: string) => {
    const config = defaultSandboxConfig();
    config.limits = { ...config.limits, requestsPerWindow: null };
    config.workspaces = [{ ...config.workspaces[0]!, currency, country }];
    sandbox = await startSandbox({ port: 0, config });
    const credentialsPath = path.join(dir, 'credentials.json');
    await connectToSandbox({ baseUrl: sandbox.url, profile: PROFILE, credentialsPath });
    client = createPartnerApiClient({ credentialsPath, profile: PROFILE, env: {} });
    api = migrationApiOver(client);
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-precheck-'));
  });
  afterEach(async () => {
    await client?.close();
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('blocks CAD books bound for a USD workspace, naming both currencies and the fix', async () => {
    await start('USD', 'US');
    const check = assessWorkspace(await readWorkspaceFacts(api), canadianBooks());
    expect(check.workspaceCurrency).toBe('USD');
    expect(check.blocking).toBe(true);
    const reason = blockingReason(check) ?? '';
    expect(reason).toContain('The books are in CAD (--currency) but the workspace is in USD');
    expect(reason).toContain('ledgerlift dev --currency CAD');
    expect(reason).toContain('--currency USD');
  });

  it('lets CAD books into a CAD workspace, and says which accounts map, match and are created', async () => {
    await start('CAD', 'CA');
    const check = assessWorkspace(await readWorkspaceFacts(api), canadianBooks());
    expect(check).toMatchObject({ blocking: false, workspaceCurrency: 'CAD', country: 'CA' });
    // Receivables map onto the workspace's control account; the others do not exist there yet.
    expect(check.accounts).toMatchObject({ mapped: 1, matched: 0, created: 2 });
    expect(check.openingBalance).toMatchObject({ status: 'none', replaceExistingNeeded: false });
  });

  it('reports an opening balance already published in the workspace', async () => {
    await start('CAD', 'CA');
    const { records } = await api.listAccounts(1);
    const receivable = records.find((a) => /receivable/i.test(a.name))!;
    const equity = records.find((a) => /opening balance/i.test(a.name))!;
    await api.setCutoverDate('2020-07-01');
    await api.publishOpeningBalance(
      [
        { accountUuid: receivable.id, debit: '100.00', credit: '0.00' },
        { accountUuid: equity.id, debit: '0.00', credit: '100.00' },
      ],
      false,
    );

    const check = assessWorkspace(await readWorkspaceFacts(api), canadianBooks());
    expect(check.openingBalance).toMatchObject({
      status: 'published',
      rows: 2,
      replaceExistingNeeded: true,
    });
    const codes = check.findings.map((finding) => finding.code);
    expect(codes).toContain('workspace.opening-balance-exists');
    expect(codes).toContain('workspace.cutover-differs');
    // Books with no opening balance of their own leave the workspace's alone.
    const without = assessWorkspace(
      await readWorkspaceFacts(api),
      canadianBooks({ openingBalanceLines: 0 }),
    );
    expect(without.openingBalance.replaceExistingNeeded).toBe(false);
  });
});
