import { describe, expect, it } from 'vitest';
import { connectWithRetry, type ConnectRetry } from '../../src/run-store/connect-with-retry.js';

/** A retry policy whose waits are recorded, not slept. */
function recordedRetry(budgetMs = 1_000): ConnectRetry & { waits: number[] } {
  const waits: number[] = [];
  return {
    initialDelayMs: 50,
    maxDelayMs: 200,
    budgetMs,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    waits,
  };
}

/** A connect that fails with `errors`, in order, then succeeds. */
function failingThen(errors: Error[]) {
  let calls = 0;
  return {
    connect: () => {
      const error = errors[calls];
      calls += 1;
      return error === undefined ? Promise.resolve('connected') : Promise.reject(error);
    },
    calls: () => calls,
  };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const startingUp = Object.assign(new Error('the database system is starting up'), {
  code: '57P03',
});

describe('connecting to the run store while PostgreSQL restarts', () => {
  it('waits for the server to accept connections again, a little longer each time', async () => {
    const retry = recordedRetry();
    const server = failingThen([refused, refused, startingUp, startingUp]);
    await expect(connectWithRetry(server.connect, retry)).resolves.toBe('connected');
    expect(server.calls()).toBe(5);
    expect(retry.waits).toEqual([50, 100, 200, 200]);
  });

  it('gives up once its budget is spent, with the last error', async () => {
    const retry = recordedRetry(300);
    const server = failingThen(Array.from({ length: 50 }, () => refused));
    await expect(connectWithRetry(server.connect, retry)).rejects.toBe(refused);
    expect(retry.waits).toEqual([50, 100, 200]);
  });

  it('does not retry what waiting cannot fix: a refused password', async () => {
    const retry = recordedRetry();
    const badPassword = Object.assign(new Error('password authentication failed'), {
      code: '28P01',
    });
    const server = failingThen([badPassword]);
    await expect(connectWithRetry(server.connect, retry)).rejects.toBe(badPassword);
    expect(server.calls()).toBe(1);
  });
});
