import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFileSchema } from '../../src/credentials/credential-store.js';
import { SANDBOX_APP } from '../../src/dev/connect-sandbox.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { migrationHistories } from '../support/histories.js';
import {
  TEST_PROFILE,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import type { RunningProcess } from '../support/processes.js';
import { faultCompany } from './support/chaos-companies.js';
import { resultWithin } from './support/diagnose.js';
import { startRecordingWorkerProcess } from './support/recording-worker-process.js';
import { routeOf } from './support/request-log.js';
import { summary } from './support/summary.js';
import { expectRunHeld } from './support/workspace-audit.js';

interface Recorded {
  kind: 'request' | 'connect' | 'socket';
  origin?: string;
  method?: string;
  path?: string;
  hostname?: string;
  port?: string | number;
  address?: string;
}

/** The needles of `haystack` found in it. */
function leaked(haystack: string | Buffer, needles: Iterable<string>): string[] {
  const text = typeof haystack === 'string' ? haystack : haystack.toString('latin1');
  return [...needles].filter((needle) => text.includes(needle));
}

describe('no secret or name leaves the worker, and every request is signed and goes to the API', () => {
  let stack: MigrationStack;
  let worker: RunningProcess | undefined;
  let proxy: net.Server;
  let proxyConnections = 0;
  const company = generateCompany(faultCompany, 71);

  beforeAll(async () => {
    // Short-lived tokens: several generations of access and refresh tokens pass through the run.
    stack = await startMigrationStack({
      inProcessWorkers: false,
      limits: { accessTokenTtlSeconds: 62 },
    });
    proxy = net.createServer((socket) => {
      proxyConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await new Promise((resolve) => proxy.close(resolve));
    await stack.close();
  });

  it('histories, worker logs, signatures and destinations', async () => {
    const credentialsPath = stack.worker.credentialsPath as string;
    const { admin } = stack.sandbox;
    const folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    // Failure paths write messages into histories and logs: dropped writes (reconciled) and
    // dropped reads (retried) on a few routes.
    for (const [method, route, count] of [
      ['POST', '/partners/customers/bulk', 1],
      ['POST', '/partners/invoices', 2],
      ['POST', '/partners/bills', 1],
      ['GET', '/partners/invoices', 1],
    ] as const) {
      admin.setFault({ method, path: route, commitThenDrop: { count } });
    }

    // Every token the credentials file holds during the run, read as the worker rotates them.
    const secrets = new Set<string>([SANDBOX_APP.clientSecret]);
    const tokenGenerations = new Set<string>();
    const readSecrets = async () => {
      const file = credentialFileSchema.parse(JSON.parse(await readFile(credentialsPath, 'utf8')));
      const profile = file.profiles[TEST_PROFILE];
      if (!profile) return;
      secrets.add(profile.clientSecret);
      if (profile.tokens) {
        secrets.add(profile.tokens.accessToken);
        secrets.add(profile.tokens.refreshToken);
        tokenGenerations.add(profile.tokens.refreshToken);
      }
    };
    await readSecrets();
    const watcher = setInterval(() => void readSecrets().catch(() => undefined), 40);

    const connectionsFile = path.join(stack.dir, 'connections.jsonl');
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const logBefore = admin.requestLog().length;
    worker = await startRecordingWorkerProcess(stack, connectionsFile, {
      HTTP_PROXY: proxyUrl,
      HTTPS_PROXY: proxyUrl,
      http_proxy: proxyUrl,
      https_proxy: proxyUrl,
    });
    const runName = uniqueRunName('security');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      batchSize: 4,
      // Small step runs: steps continue as new, and those histories are searched too.
      unitsPerStepRun: 6,
    });
    const outcome = await resultWithin(
      stack.client,
      handle.workflowId,
      handle.result(),
      180_000,
    ).finally(() => clearInterval(watcher));
    await readSecrets();
    const serverLog = admin.requestLog().slice(logBefore);
    const recorded = (await readFile(connectionsFile, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Recorded);
    const names = new Set<string>();
    for (const record of company.records) {
      if (record.entity === 'customer' || record.entity === 'vendor') names.add(record.value.name);
    }
    const refreshes = serverLog.filter(
      (e) => routeOf(e) === 'POST /partners/refresh-user-access-token',
    );

    // (a) Histories of the run and of every step child, continued-as-new runs included.
    const histories = await migrationHistories(stack.client, handle.workflowId);
    const continued = histories.length - 1 - 9;
    expect(continued).toBeGreaterThan(0);
    for (const history of histories) {
      expect(leaked(history.bytes, secrets), `${history.workflowId} ${history.runId}`).toEqual([]);
      expect(leaked(history.bytes, names), `${history.workflowId} ${history.runId}`).toEqual([]);
    }
    // A positive control: the needles are really searchable in what was fetched.
    expect(leaked(Buffer.concat(histories.map((h) => h.bytes)), [runName])).toEqual([runName]);

    // (b) Every line the worker process printed, on stdout and stderr.
    const output = worker.output();
    expect(output).toMatch(/polling task queue/);
    expect(leaked(output, secrets)).toEqual([]);
    expect(leaked(output, names)).toEqual([]);

    // (c) Every request reached the handler with a valid signature: the sandbox names the client
    // only after checking it, and refuses a bad one with 401.
    expect(serverLog.filter((e) => e.status === 401)).toEqual([]);
    expect(serverLog.filter((e) => e.clientId !== SANDBOX_APP.clientId)).toEqual([]);

    // (d) Every request went to the configured base URL, and nowhere else.
    const sandboxOrigin = new URL(stack.sandbox.url).origin;
    const requests = recorded.filter((r) => r.kind === 'request');
    expect(requests.length).toBe(serverLog.length);
    expect(requests.filter((r) => r.origin !== sandboxOrigin)).toEqual([]);
    const port = new URL(stack.sandbox.url).port;
    expect(recorded.filter((r) => r.kind === 'connect' && String(r.port) !== port)).toEqual([]);
    expect(
      recorded.filter(
        (r) => r.kind === 'socket' && !(r.address === '127.0.0.1' && String(r.port) === port),
      ),
    ).toEqual([]);
    expect(proxyConnections).toBe(0);

    // Refreshes rotated the pair each time, and no rotated refresh token was ever reused.
    expect(refreshes.length).toBeGreaterThan(1);
    expect(refreshes.filter((e) => e.status !== 200)).toEqual([]);
    admin.clearFaults();
    const audit = await expectRunHeld(outcome, stack.sandbox, credentialsPath, company);
    summary('security', {
      histories: histories.length,
      continuedAsNew: continued,
      historyBytes: histories.reduce((n, h) => n + h.bytes.length, 0),
      workerLogLines: output.split('\n').filter(Boolean).length,
      secretsSearched: secrets.size,
      namesSearched: names.size,
      leaks: 0,
      requests: serverLog.length,
      clientRequestsRecorded: requests.length,
      otherOrigins: 0,
      refreshes: refreshes.length,
      tokenGenerations: tokenGenerations.size,
      status401: 0,
      proxyConnections,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
    });
  });
});
