import { describe, expect, it } from 'vitest';
import { devServerArgs } from '../../src/dev/temporal-dev-server.js';

function valuesOf(args: string[], flag: string): string[] {
  return args.flatMap((arg, i) => (arg === flag && args[i + 1] ? [args[i + 1] as string] : []));
}

describe('temporal dev server arguments', () => {
  it('persists to the given SQLite file and serves the UI beside the frontend', () => {
    const args = devServerArgs({ port: 7300, dbFile: '/data/temporal.db' });
    expect(valuesOf(args, '--db-filename')).toEqual(['/data/temporal.db']);
    expect(valuesOf(args, '--ui-port')).toEqual(['8300']);
    expect(valuesOf(args, '--ip')).toEqual(['127.0.0.1']);
    expect(args).not.toContain('--headless');
  });

  it('uses one task-queue partition and fair dispatch, so runs share the rate limit by weight', () => {
    expect(valuesOf(devServerArgs({}), '--dynamic-config-value')).toEqual([
      'matching.numTaskqueueReadPartitions=1',
      'matching.numTaskqueueWritePartitions=1',
      'matching.enableFairness=true',
    ]);
  });

  it('registers the search attributes the migration workflows upsert', () => {
    expect(valuesOf(devServerArgs({}), '--search-attribute')).toEqual([
      'LedgerliftPhase=Keyword',
      'LedgerliftMode=Keyword',
      'LedgerliftRowsDone=Int',
      'LedgerliftRowsFailed=Int',
      'LedgerliftKind=Keyword',
    ]);
  });

  it('can run headless for CI', () => {
    const args = devServerArgs({ headless: true });
    expect(args).toContain('--headless');
    expect(args).not.toContain('--ui-port');
  });
});
