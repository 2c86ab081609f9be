import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import proto from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import { workflowsPath } from '../../src/code-form/code-form.js';
import { replayAll } from '../support/replay.js';

const folder = path.join(projectRoot, 'test', 'fixtures', 'histories');

/**
 * Histories of a real migration (a failed row replayed, steps continued as new), captured by
 * `npx tsx scripts/capture-histories.ts`. A workflow change that breaks replay would break the
 * migrations already running on the build before it: recapture once the change is meant.
 */
describe('committed workflow histories', () => {
  it("replay deterministically on today's workflow code", async () => {
    const files = (await readdir(folder)).filter((file) => file.endsWith('.binpb'));
    expect(files.length).toBeGreaterThan(20);
    const histories = await Promise.all(
      files.map(async (file) => ({
        workflowId: file.replace(/__[0-9a-f-]+\.binpb$/, '').replaceAll('__', '/'),
        history: proto.temporal.api.history.v1.History.decode(
          await readFile(path.join(folder, file)),
        ),
      })),
    );
    const results = await replayAll(
      { workflowsPath, replayName: 'committed-histories' },
      histories,
    );
    expect(results).toHaveLength(files.length);
    expect(results.filter((result) => result.error)).toEqual([]);
  }, 120_000);
});
