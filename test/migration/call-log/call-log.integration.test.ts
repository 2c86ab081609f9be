import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../sandbox/index.js';
import type { CallLogEntry } from '../../../src/migration/call-log/call-log-entry.js';
import { readCallLog } from '../../../src/migration/call-log/read-call-log.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';
import { demoCompany, writeDemoCompany } from '../../../src/synthetic-company/demo-company.js';
import { runCli } from '../../support/cli.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';

/** The sandbox's own record of what it served, read through its admin route. */
async function sandboxRequests(stack: MigrationStack): Promise<RequestLogEntry[]> {
  const response = await fetch(`${stack.sandbox.url}/__sandbox/requests`);
  const body = (await response.json()) as { data: { requests: RequestLogEntry[] } };
  return body.data.requests;
}

/** Every file under `folder`, as one text. */
async function textUnder(folder: string): Promise<string> {
  const names = await readdir(folder, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(path.join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts.join('\n');
}

const exchange = (method: string, path: string, status: number | undefined) =>
  `${method} ${path} ${status ?? 0}`;

describe('the API call log of a demo-sized run', () => {
  let stack: MigrationStack;
  let runName: string;
  let calls: CallLogEntry[];
  let served: RequestLogEntry[];

  beforeAll(async () => {
    stack = await startMigrationStack();
    const folder = path.join(stack.dir, 'exports');
    await writeDemoCompany(folder);
    runName = uniqueRunName('calllog');
    // Only what the run asks: the consent flow that connected the profile came before.
    const before = (await sandboxRequests(stack)).length;
    const result = await (
      await stack.start({
        runName,
        source: { folder, format: demoCompany.format },
        cutoverDate: demoCompany.cutoverDate,
        endDate: demoCompany.endDate,
        mode: 'live',
      })
    ).result();
    expect(result.status).toBe('completed');
    served = (await sandboxRequests(stack)).slice(before);
    const store = new FileRunStore(path.join(stack.worker.runsDir, runName, 'store'));
    calls = [];
    for await (const entry of readCallLog(store)) calls.push(entry);
  });
  afterAll(async () => stack?.close());

  it('has exactly one line per request the sandbox served, with its method, path and status', () => {
    expect(served.length).toBeGreaterThan(500);
    const logged = calls.map((c) => exchange(c.method, c.path, c.status)).sort();
    const seen = served.map((r) => exchange(r.method, r.path, r.status || undefined)).sort();
    expect(logged).toEqual(seen);
  });

  it('says for each call which step and unit made it, and what a write carried and produced', () => {
    expect(calls.every((c) => c.run === runName && c.mode === 'live' && c.attempt >= 1)).toBe(true);
    const writes = calls.filter((c) => c.purpose === 'write');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((c) => c.unit?.startsWith(`main/${c.step}/`) && c.rowsSent! > 0)).toBe(
      true,
    );
    const invoiceIds = writes
      .filter((c) => c.step === 'invoices' && c.phase === 'create')
      .flatMap((c) => c.ids ?? []);
    expect(invoiceIds.length).toBe(new Set(invoiceIds).size);
    expect(invoiceIds.length).toBeGreaterThan(0);
    expect(calls.some((c) => c.purpose === 'snapshot')).toBe(true);
    expect(calls.filter((c) => c.step === 'verification').length).toBeGreaterThanOrEqual(3);
  });

  it('holds no secret, token, signature or customer name', async () => {
    const credentials = JSON.parse(
      await readFile(path.join(stack.dir, 'credentials.json'), 'utf8'),
    ) as {
      profiles: Record<
        string,
        { clientSecret: string; tokens: { accessToken: string; refreshToken: string } }
      >;
    };
    const profile = credentials.profiles.test!;
    const text = await textUnder(
      path.join(stack.worker.runsDir, runName, 'store', 'logs', 'calls'),
    );
    expect(text.split('\n').filter(Boolean).length).toBe(calls.length);
    for (const secret of [
      profile.clientSecret,
      profile.tokens.accessToken,
      profile.tokens.refreshToken,
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/signature|bearer|authorization/i);
    const customers = await readFile(path.join(stack.dir, 'exports', 'Contacts.csv'), 'utf8').catch(
      () => '',
    );
    const names = customers
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]?.replace(/"/g, '') ?? '')
      .filter((name) => name.length > 5);
    for (const name of names) expect(text).not.toContain(name);
  });

  it('`ledgerlift log` filters the calls and prints them as a table or JSON lines', async () => {
    const env = { LEDGERLIFT_RUNS_DIR: stack.worker.runsDir };
    const json = await runCli(
      ['log', runName, '--step', 'customers', '--method', 'post', '--json'],
      env,
    );
    expect(json.code).toBe(0);
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as CallLogEntry);
    const expected = calls.filter((c) => c.step === 'customers' && c.method === 'POST');
    expect(lines.length).toBe(expected.length);
    expect(lines.every((c) => c.step === 'customers' && c.method === 'POST')).toBe(true);

    const someId = calls.find((c) => c.step === 'invoices' && c.ids?.length)!.ids![0]!;
    const byId = await runCli(['log', runName, '--id', someId], env);
    expect(byId.code).toBe(0);
    expect(byId.stdout).toMatch(/^time\s+step\s+unit/);
    expect(byId.stdout).toContain(someId);
    const onThatRecord = calls.filter((c) => c.path.includes(someId) || c.ids?.includes(someId));
    expect(byId.stdout.trim().split('\n')).toHaveLength(onThatRecord.length + 2);
    const count = onThatRecord.length;
    expect(byId.stdout).toContain(`${count} call${count === 1 ? '' : 's'}`);
  });
});
