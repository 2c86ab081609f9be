import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/harness.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('the sandbox against hostile requests', () => {
  it('answers 401, never 500, to a malformed signature', async () => {
    for (const signature of [
      // As many characters as a real signature, but each two bytes in UTF-8.
      '\u00e9'.repeat(64),
      'z'.repeat(64),
      'A'.repeat(64),
      'ab',
      `${'0'.repeat(63)}\u00ff`,
    ]) {
      const response = await t.api.get('/customers', { signature });
      expect(response.status, JSON.stringify(signature)).toBe(401);
    }
  });

  it('keeps the admin routes for loopback Host headers', async () => {
    const evil = await request(`${t.sandbox.url}/__sandbox/request-stats`, {
      headers: { host: 'attacker.example:4010' },
    });
    expect(evil.statusCode).toBe(403);
    expect(await evil.body.text()).toContain('loopback Host');
    for (const host of ['localhost:4010', '127.0.0.1', '[::1]:80']) {
      const fine = await request(`${t.sandbox.url}/__sandbox/request-stats`, { headers: { host } });
      expect(fine.statusCode, host).toBe(200);
      await fine.body.dump();
    }
  });

  it('changes the sandbox only for JSON requests, which a web page cannot send unasked', async () => {
    for (const contentType of [undefined, 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await request(`${t.sandbox.url}/__sandbox/faults`, {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType } : {},
        body: JSON.stringify({ path: '/partners/customers', errorRate: 1 }),
      });
      expect(response.statusCode, String(contentType)).toBe(403);
      expect(await response.body.text()).toContain('application/json');
    }
    // Nothing was set: customers still answer.
    expect((await t.api.get('/customers')).status).toBe(200);
    const reset = await request(`${t.sandbox.url}/__sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reset.statusCode).toBe(200);
    await reset.body.dump();
  });

  it('forbids framing the consent page', async () => {
    const response = await request(
      `${t.sandbox.url}/oauth/authorize?client_id=ledgerlift-sandbox&redirect_uri=${encodeURIComponent('http://127.0.0.1/callback')}`,
    );
    await response.body.dump();
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
