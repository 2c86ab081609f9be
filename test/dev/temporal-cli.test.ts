import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTemporalCli } from '../../src/dev/temporal-cli.js';

describe('finding the Temporal CLI', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function fakeCli(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-cli-'));
    dirs.push(dir);
    const file = path.join(dir, 'temporal');
    await writeFile(file, '#!/bin/sh\necho fake\n');
    await chmod(file, 0o755);
    return file;
  }

  it('prefers TEMPORAL_CLI over anything on PATH', async () => {
    const explicit = await fakeCli();
    const onPath = await fakeCli();
    const found = await findTemporalCli({ TEMPORAL_CLI: explicit, PATH: path.dirname(onPath) });
    expect(found).toEqual({ kind: 'binary', path: explicit, source: 'TEMPORAL_CLI' });
  });

  it('finds temporal on PATH when TEMPORAL_CLI is unset', async () => {
    const onPath = await fakeCli();
    const found = await findTemporalCli({
      PATH: `/nonexistent${path.delimiter}${path.dirname(onPath)}`,
    });
    expect(found).toEqual({ kind: 'binary', path: onPath, source: 'PATH' });
  });

  it('rejects a TEMPORAL_CLI that is not executable, naming it', async () => {
    await expect(findTemporalCli({ TEMPORAL_CLI: '/nonexistent/temporal' })).rejects.toThrow(
      '/nonexistent/temporal',
    );
  });
});
