import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/harness.js';

describe('request statistics (for benchmarks)', () => {
  let test: TestSandbox;
  beforeAll(async () => {
    test = await startTestSandbox();
  });
  afterAll(async () => test.close());

  it('count every request, telling writes from reads, reports and token exchanges', async () => {
    const before = test.sandbox.admin.requestStats();
    await test.api.post('/customers', { customer: 'Counted Co' });
    await test.api.get('/customers');
    await test.api.post('/reports/trial-balance?endDate=2026-03-31');
    const after = test.sandbox.admin.requestStats();
    expect(after.total - before.total).toBe(3);
    expect(after.writes - before.writes).toBe(1);
    expect(after.reads - before.reads).toBe(2);
    // The grant at the start was neither: token exchanges are not API reads or writes.
    expect(before.writes + before.reads).toBe(0);
    expect(before.total).toBe(1);

    const overHttp = (await (
      await fetch(`${test.sandbox.url}/__sandbox/request-stats`)
    ).json()) as {
      data: { stats: { total: number } };
    };
    expect(overHttp.data.stats.total).toBeGreaterThanOrEqual(after.total);
  });
});
