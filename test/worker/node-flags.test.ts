import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import { WORKER_HEAP_MB, workerNodeFlags } from '../../src/worker/worker-command.js';

const read = (file: string) => readFile(path.join(projectRoot, file), 'utf8');

describe("the worker's heap cap", () => {
  it('is passed by `npm run worker`, which benchmarks and tests also use', async () => {
    const { scripts } = JSON.parse(await read('package.json')) as { scripts: { worker: string } };
    for (const flag of workerNodeFlags) expect(scripts.worker.split(' ')).toContain(flag);
  });

  it("is passed by the container image's command", async () => {
    const command = /^CMD (\[.*\])$/m.exec(await read('Dockerfile'))?.[1];
    expect(command).toBeDefined();
    const argv = JSON.parse(command ?? '[]') as string[];
    for (const flag of workerNodeFlags) {
      expect(argv.indexOf(flag)).toBeGreaterThan(0);
      expect(argv.indexOf(flag)).toBeLessThan(argv.indexOf('dist/src/worker/main.js'));
    }
  });

  it('is the cap `ledgerlift worker` restarts itself under', async () => {
    // bin/ledgerlift.js runs before anything is compiled, so it states the number itself.
    const stated = /const WORKER_HEAP_MB = (\d+);/.exec(await read('bin/ledgerlift.js'))?.[1];
    expect(Number(stated)).toBe(WORKER_HEAP_MB);
  });
});
