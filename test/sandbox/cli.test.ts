import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { startProgram } from '../support/processes.js';

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run sandbox (sandbox/main.ts)', () => {
  it('prints one line with its base URL, serves, and flushes its data file on SIGTERM', async () => {
    const dataFile = path.join(dir, 'cli.json');
    const cli = startProgram('sandbox/main.ts', [
      '--port',
      '0',
      '--data',
      dataFile,
      '--no-rate-limit',
      '--window-ms',
      '1000',
    ]);
    const line = await cli.waitFor(/Partner API sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = line.slice(line.indexOf('http'));
    const reset = await request(`${url}/__sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reset.statusCode).toBe(200);
    await reset.body.dump();
    expect(await cli.stop('SIGTERM')).toBe(0);
    expect(cli.output().trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toMatchObject({
      format: 'ledgerlift-sandbox/1',
    });
  });
});
