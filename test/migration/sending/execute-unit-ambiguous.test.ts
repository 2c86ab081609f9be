import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MigrationApi, Written } from '../../../src/migration/contracts/migration-api.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import type { PhaseHandler } from '../../../src/migration/engine/phase-handler.js';
import { emptyCounts } from '../../../src/migration/handlers/selection.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { planPhase } from '../../../src/migration/planning/plan-phase.js';
import { executeUnit } from '../../../src/migration/sending/execute-unit.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import {
  errorFromBody,
  errorFromStatus,
  errorFromTransport,
  PartnerApiError,
} from '../../../src/partner-api/errors.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';
import { TransportFailure } from '../../../src/partner-api/transport.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const SETTLE_MS = 30_000;
const CREATE = { method: 'POST', path: '/partners/invoices' };

/** How the unit's one call goes wrong: in the send, or reading what the API answered. */
interface Failing {
  send?: () => Error;
  interpret?: () => Error;
}

/** One invoice a unit, created by a call that fails as `failing` says; every send is counted. */
function failingHandler(sent: { count: number }, failing: Failing): PhaseHandler {
  const rows: UnitRow[] = [{ entity: 'invoice', key: 'I1', data: {} }];
  return {
    step: 'invoices',
    phase: 'create',
    idempotent: false,
    plan: () => Promise.resolve({ units: [rows], decided: [], counts: emptyCounts() }),
    prepare: (_context, pending) => ({ request: {}, sent: pending, failed: [] }),
    send: () => {
      sent.count += 1;
      if (failing.send) return Promise.reject(failing.send());
      return Promise.resolve({ data: { id: 'inv-1', total: '10.00' }, warnings: [] });
    },
    interpret: (context, _written: Written<unknown>, rows) => {
      if (failing.interpret) throw failing.interpret();
      return rows.map((row): RowOutcome => ({
        entity: row.entity,
        key: row.key,
        status: 'created',
        id: 'inv-1',
        step: 'invoices',
        phase: 'create',
        unit: context.unitId,
      }));
    },
    lookups: () => 1,
  } as Partial<PhaseHandler> as PhaseHandler;
}

async function setUp(failing: Failing) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'execute-unit-ambiguous-'));
  dirs.push(dir);
  const clock = { ms: Date.parse('2026-11-25T00:00:00Z') };
  const store = new FileRunStore(dir);
  const scope: RunScope = { runName: 'r', mode: 'live', stageId: 's', profile: 'p' };
  await store.putDocument(stageKeys('s').manifest, { stageId: 's' });
  const sent = { count: 0 };
  const deps = {
    openStore: () => Promise.resolve(store),
    api: () => Promise.resolve({} as MigrationApi),
    handler: () => failingHandler(sent, failing),
    now: () => new Date(clock.ms),
    ambiguousSettleMs: SETTLE_MS,
  } as Partial<EngineDeps> as EngineDeps;
  const unit = { planId: 'p1', step: 'invoices', phase: 'create' } as const;
  await planPhase(deps, { scope, ...unit, batchSize: 1 });
  const input = { scope, unit: { ...unit, index: 0 } };
  /** The unit's next attempt, once the call has settled: it sends, or asks to reconcile first. */
  const nextAttempt = async () => {
    clock.ms += SETTLE_MS;
    const before = sent.count;
    const result = await executeUnit(deps, input).catch((error: unknown) => error);
    return { result, sentAgain: sent.count > before };
  };
  return { deps, input, sent, clock, nextAttempt };
}

describe('a unit whose call fails after it may have been sent', () => {
  it('looks for its rows before sending again when reading the answer threw', async () => {
    // A schema the handler did not expect (a total with three decimal places, say).
    const { deps, input, nextAttempt } = await setUp({
      interpret: () => new RangeError('more than two decimal places'),
    });
    await expect(executeUnit(deps, input)).rejects.toThrow(RangeError);
    expect(await nextAttempt()).toMatchObject({
      result: { kind: 'reconcile', lookups: 1 },
      sentAgain: false,
    });
  });

  it('looks for its rows before sending again when the send threw an error of its own', async () => {
    const { deps, input, nextAttempt } = await setUp({
      send: () => new Error("the API's invoice total is missing"),
    });
    await expect(executeUnit(deps, input)).rejects.toThrow('total is missing');
    expect(await nextAttempt()).toMatchObject({ result: { kind: 'reconcile' }, sentAgain: false });
  });

  it('looks for the rows of an answer it could not read at once, without the settle wait', async () => {
    const unreadable = errorFromBody(new SyntaxError('not JSON'), CREATE, true);
    const { deps, input, sent } = await setUp({ send: () => unreadable });
    await expect(executeUnit(deps, input)).rejects.toBe(unreadable);
    // No time has passed: the API answered, so nothing of the call can land later.
    expect(await executeUnit(deps, input)).toMatchObject({ kind: 'reconcile' });
    expect(sent.count).toBe(1);
  });

  it('looks for its rows after a status the spec does not list', async () => {
    const { deps, input, nextAttempt } = await setUp({
      send: () =>
        errorFromStatus({ ...CREATE, status: 422, isWrite: true, bodyText: '', nowMs: 0 }),
    });
    await expect(executeUnit(deps, input)).rejects.toMatchObject({ kind: 'unexpected-status' });
    expect(await nextAttempt()).toMatchObject({ result: { kind: 'reconcile' }, sentAgain: false });
  });
});

describe('a unit whose call the client proves was not applied', () => {
  it('fails its rows at once on an explicit refusal', async () => {
    const refused = errorFromStatus({
      ...CREATE,
      status: 400,
      isWrite: true,
      bodyText: '',
      nowMs: 0,
    });
    const { deps, input } = await setUp({ send: () => refused });
    expect(await executeUnit(deps, input)).toMatchObject({
      kind: 'done',
      rows: { done: 0, failed: 1 },
    });
  });

  it('sends again without a lookup after a 429 or a connection refused before the send', async () => {
    const failures = [
      errorFromStatus({ ...CREATE, status: 429, isWrite: true, bodyText: '', nowMs: 0 }),
      errorFromTransport(
        new TransportFailure('connection refused', 'network', false, 'ECONNREFUSED'),
        CREATE,
        true,
      ),
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(PartnerApiError);
      const { deps, input, nextAttempt } = await setUp({ send: () => failure });
      await expect(executeUnit(deps, input)).rejects.toBe(failure);
      expect((await nextAttempt()).sentAgain).toBe(true);
    }
  });
});
