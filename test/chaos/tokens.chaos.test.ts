import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialFileSchema } from '../../src/credentials/credential-store.js';
import { SANDBOX_APP, connectToSandbox } from '../../src/dev/connect-sandbox.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { progressQuery, resumeSignal } from '../../workflows/handlers.js';
import {
  TEST_PROFILE,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import { waitFor, waitForWorkflow } from '../support/wait.js';
import { faultCompany } from './support/chaos-companies.js';
import { resultWithin } from './support/diagnose.js';
import { startInProcessWorkers, type InProcessWorkers } from './support/in-process-workers.js';
import { describeFailedRows } from './support/outcomes.js';
import { countStatus, partnerRequests, routeOf } from './support/request-log.js';
import { summary } from './support/summary.js';
import { expectRunHeld } from './support/workspace-audit.js';

const REFRESH = 'POST /partners/refresh-user-access-token';
// The client refreshes a token expiring within 60 s: a 64 s token is believed valid for 4 s.
const TTL_SECONDS = 64;
// Past the expiry of any token issued before the jump, within the signature's 300 s skew allowance.
const CLOCK_JUMP_SECONDS = 70;

/** The token pair the worker's credential file holds now. */
async function storedTokens(credentialsPath: string) {
  const file = credentialFileSchema.parse(JSON.parse(await readFile(credentialsPath, 'utf8')));
  const tokens = file.profiles[TEST_PROFILE]?.tokens;
  if (!tokens) throw new Error(`no tokens for profile ${TEST_PROFILE} in ${credentialsPath}`);
  return tokens;
}

describe('access tokens that expire, rotate and get revoked mid-run', () => {
  let stack: MigrationStack | undefined;
  let workers: InProcessWorkers | undefined;
  const company = generateCompany(faultCompany, 67);

  afterEach(async () => {
    await workers?.stop();
    workers = undefined;
    await stack?.close();
    stack = undefined;
  });

  async function startRun(current: MigrationStack, prefix: string) {
    const folder = path.join(current.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    const runName = uniqueRunName(prefix);
    const handle = await current.start({
      ...liveRun(company, folder, runName),
      batchSize: 4,
    });
    return { runName, handle, started: Date.now() };
  }

  it('short-lived access tokens: refreshed before expiry and after a 401, rotating each time', async () => {
    // The client refreshes a token that expires within 60 s, so a 64 s token is refreshed about
    // every 4 s of the run; each refresh rotates the refresh token too.
    const current = (stack = await startMigrationStack({
      inProcessWorkers: false,
      limits: { accessTokenTtlSeconds: TTL_SECONDS },
    }));
    const credentialsPath = current.worker.credentialsPath as string;
    const firstPair = await storedTokens(credentialsPath);
    const { admin } = current.sandbox;
    workers = await startInProcessWorkers(current);
    const { runName, handle, started } = await startRun(current, 'tokens-expiry');

    // Mid-run, right after the worker refreshed its token, the sandbox's clock jumps past that
    // token's expiry: the worker still believes it valid for about 4 s, while it makes several calls
    // a second, so its next call is refused with a 401 and the client refreshes and resends.
    // Jumping right after a refresh, not at a random point of the token's life, is what makes the
    // 401 certain: a jump near the end of that life could meet a proactive refresh first.
    const log = () => partnerRequests(admin.requestLog());
    const refreshCount = () =>
      log().filter((e) => routeOf(e) === REFRESH && e.status === 200).length;
    await waitFor('the run to be a third of the way through', () => log().length >= 45, {
      timeoutMs: 120_000,
    });
    const refreshesBeforeJump = refreshCount();
    await waitFor(
      'the worker to refresh its token once more',
      () => refreshCount() > refreshesBeforeJump,
      { timeoutMs: 120_000, intervalMs: 5 },
    );
    admin.setClockOffsetSeconds(CLOCK_JUMP_SECONDS);

    const outcome = await resultWithin(current.client, handle.workflowId, handle.result(), 180_000);
    const seconds = Math.round((Date.now() - started) / 1000);
    const requests = log();
    const refreshes = requests.filter((e) => routeOf(e) === REFRESH);
    const refused = requests.filter((e) => e.status === 401);
    const audit = await expectRunHeld(outcome, current.sandbox, credentialsPath, company, {
      provoked401: true,
    });

    expect(refreshes.length).toBeGreaterThan(1);
    // Each refresh spent the latest refresh token: a reused (rotated-away) one would be a 401.
    expect(refreshes.filter((e) => e.status !== 200)).toEqual([]);
    const lastPair = await storedTokens(credentialsPath);
    expect(lastPair.refreshToken).not.toBe(firstPair.refreshToken);
    expect(lastPair.accessToken).not.toBe(firstPair.accessToken);
    // The 401s are the ones the clock jump provoked: on API calls, never on a refresh.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((e) => routeOf(e) === REFRESH)).toEqual([]);
    summary('tokens-expiry', {
      accessTokenTtlSeconds: TTL_SECONDS,
      clockJumpSeconds: CLOCK_JUMP_SECONDS,
      requests: requests.length,
      refreshes: refreshes.length,
      refreshesBeforeJump,
      refused401: refused.length,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
      runName,
    });
  });

  it('a revoked grant pauses the run; reconnecting the profile and resuming finishes it', async () => {
    const current = (stack = await startMigrationStack({ inProcessWorkers: false }));
    const { admin } = current.sandbox;
    const credentialsPath = current.worker.credentialsPath as string;
    // Slow writes, so the revocation lands while the run is migrating.
    admin.setFault({ method: 'POST', path: '/partners/*', latencyMs: 60 });
    workers = await startInProcessWorkers(current);
    const { runName, handle, started } = await startRun(current, 'tokens-revoked');
    await waitForWorkflow(
      'the invoices step to be under way',
      handle,
      async () => {
        const progress = await handle.query(progressQuery);
        const invoices = progress.steps.find((s) => s.step === 'invoices');
        return invoices?.status === 'running' && invoices.units.done >= 2;
      },
      { timeoutMs: 120_000 },
    );
    const before = partnerRequests(admin.requestLog()).length;
    admin.revokeTokens({
      clientId: SANDBOX_APP.clientId,
      workspaceId: current.sandbox.config.workspaces[0]?.id as string,
    });

    const paused = await waitForWorkflow(
      'the run to pause for the operator',
      handle,
      async () => {
        const progress = await handle.query(progressQuery);
        return progress.phase === 'paused' ? progress : undefined;
      },
      { timeoutMs: 120_000 },
    );
    expect(paused.pauseReason).toMatch(/CredentialProblem/);
    const whilePaused = partnerRequests(admin.requestLog()).length;
    const refusedWhilePausing = partnerRequests(admin.requestLog())
      .slice(before)
      .filter((e) => e.status === 401);
    // The refused call, then the refused refresh (the revoked refresh token) that paused the run.
    expect(refusedWhilePausing.length).toBeGreaterThan(0);
    expect(refusedWhilePausing.map(routeOf)).toContain(REFRESH);

    // The operator reconnects the profile (the real consent flow again), then resumes.
    await connectToSandbox({
      baseUrl: current.sandbox.url,
      profile: TEST_PROFILE,
      credentialsPath,
    });
    await handle.signal(resumeSignal, {});
    const outcome = await resultWithin(
      current.client,
      handle.workflowId,
      handle.result(),
      180_000,
      () => describeFailedRows(current.worker.runsDir, runName),
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    const audit = await expectRunHeld(outcome, current.sandbox, credentialsPath, company, {
      provoked401: true,
    });
    const log = partnerRequests(admin.requestLog());
    summary('tokens-revoked', {
      pauseReason: paused.pauseReason ?? '',
      requests: log.length,
      sentBeforeRevocation: before,
      sentUntilPaused: whilePaused,
      refused401: countStatus(log, 401),
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
  });
});
