import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestWindow } from '../../src/partner-api/request-window.js';
import {
  ABANDONED_AFTER_MS,
  ensureSharedWindowSchema,
  SharedRequestWindow,
} from '../../src/run-store/shared-request-window.js';
import type { SqlDatabase } from '../../src/run-store/run-store.js';

/**
 * Two worker processes of one client id, as the cluster runs them, each with its own window object
 * over the same PostgreSQL (PGlite here). A sleep the test controls stands for the wait, so "held
 * back" is observed as a wait asked for, never as time passing.
 */
let db: SqlDatabase;
let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  db = {
    query: (text, params) => pglite.query(text, params) as never,
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({ query: (text, params) => tx.query(text, params) as never }),
      ),
    close: () => pglite.close(),
  };
  await ensureSharedWindowSchema(db);
});
afterAll(async () => db.close());

const limit = { requests: 3, windowMs: 1 };

/** A sleep that records each wait and lets it end only once the test opens the gate. */
function gatedSleep() {
  const waits: number[] = [];
  let open = false;
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      if (!open) await gate;
    },
    open() {
      open = true;
      release();
      gate = Promise.resolve();
    },
  };
}

describe('the request window shared by worker processes', () => {
  it('holds back a request of one process while the other has the limit in flight', async () => {
    const client = 'http://127.0.0.1 shared-a';
    const first = gatedSleep();
    const second = gatedSleep();
    const processA = new SharedRequestWindow(() => Promise.resolve(db), client, limit, first.sleep);
    const processB = new SharedRequestWindow(
      () => Promise.resolve(db),
      client,
      limit,
      second.sleep,
    );

    const answers = [await processA.enter(), await processA.enter(), await processA.enter()];
    expect(first.waits).toEqual([]);

    let admitted = false;
    const fourth = processB.enter().then((answer) => {
      admitted = true;
      return answer;
    });
    // The second process looks, finds the first's three counted, and waits.
    await expect.poll(() => second.waits.length).toBeGreaterThan(0);
    expect(admitted).toBe(false);

    answers[0]?.();
    await processA.answersWritten();
    second.open();
    (await fourth)();
    expect(admitted).toBe(true);
    for (const answer of answers) answer();
    await processA.answersWritten();
    await processB.answersWritten();
  });

  it('is what two windows of their own cannot be: each lets its own limit through', async () => {
    const clock = { now: () => 0, sleep: () => new Promise<void>(() => undefined) };
    const own = [new RequestWindow(limit, clock), new RequestWindow(limit, clock)];
    let sent = 0;
    for (const window of own) {
      for (let i = 0; i < limit.requests; i += 1) {
        await window.enter();
        sent += 1;
      }
    }
    // Six requests in flight for one client id whose limit is three: the cluster's late 429s.
    expect(sent).toBe(2 * limit.requests);
  });

  it('stops counting a request its process never answered (a worker killed mid-call)', async () => {
    const client = 'http://127.0.0.1 shared-b';
    await db.query(
      `insert into ledgerlift_api_requests (client, sent_at) values
         ($1, clock_timestamp() - make_interval(secs => $2::float8 / 1000 + 60)),
         ($1, clock_timestamp() - make_interval(secs => $2::float8 / 1000 + 60)),
         ($1, clock_timestamp() - make_interval(secs => $2::float8 / 1000 + 60))`,
      [client, ABANDONED_AFTER_MS],
    );
    const sleep = gatedSleep();
    const window = new SharedRequestWindow(() => Promise.resolve(db), client, limit, sleep.sleep);
    (await window.enter())();
    expect(sleep.waits).toEqual([]);
    await window.answersWritten();
  });
});
