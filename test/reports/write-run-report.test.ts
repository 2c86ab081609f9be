import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeRunReport } from '../../src/reports/write-run-report.js';
import { modesUnder } from '../support/file-modes.js';
import { sampleRunReport } from './sample-report.js';

let runsDir: string | undefined;
afterEach(async () => {
  if (runsDir) await rm(runsDir, { recursive: true, force: true });
});

describe('writeRunReport', () => {
  it('writes the report into owner-only folders, its files readable by their owner only', async () => {
    runsDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-report-modes-'));
    const reportsRoot = path.join(runsDir, 'acme', 'reports');
    await writeRunReport(sampleRunReport(), reportsRoot, 'live-s1');
    expect(await modesUnder(path.join(runsDir, 'acme'))).toEqual({
      '.': 'folder 700',
      reports: 'folder 700',
      'reports/latest.json': 'file 600',
      'reports/live-s1': 'folder 700',
      'reports/live-s1/report.html': 'file 600',
      'reports/live-s1/report.json': 'file 600',
      'reports/live-s1/report.xlsx': 'file 600',
    });
  });
});
