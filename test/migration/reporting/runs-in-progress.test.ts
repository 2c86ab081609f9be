import type { Client } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import type { RunProgress } from '../../../src/migration/contracts/workflow-types.js';
import { listRunsInProgress } from '../../../src/migration/reporting/runs-in-progress.js';

function progress(runName: string, mode: 'live' | 'dry-run', left: number, weight?: number) {
  return {
    runName,
    mode,
    calls: { made: 10, remainingEstimate: left },
    ...(weight !== undefined ? { weight } : {}),
  } as RunProgress;
}

/** A Temporal client that lists these open runs and answers their progress (or not). */
function clientWith(runs: Record<string, RunProgress | undefined>): Client {
  return {
    workflow: {
      list: () => Object.keys(runs).map((workflowId) => ({ workflowId })),
      getHandle: (workflowId: string) => ({
        query: () => {
          const answer = runs[workflowId];
          return answer ? Promise.resolve(answer) : Promise.reject(new Error('query timed out'));
        },
      }),
    },
  } as unknown as Client;
}

describe('the live runs in progress, for a dry run estimate', () => {
  it('lists live runs with calls left, their weight (default 1), and leaves out the rest', async () => {
    const client = clientWith({
      'ledgerlift-globex': progress('globex', 'live', 600, 2),
      'ledgerlift-initech': progress('initech', 'live', 90),
      'ledgerlift-other-dry-run': progress('other-dry-run', 'dry-run', 500),
      'ledgerlift-finishing': progress('finishing', 'live', 0),
      'ledgerlift-silent': undefined,
      'ledgerlift-acme': progress('acme', 'live', 300),
    });
    expect(await listRunsInProgress(client, 'acme')).toEqual([
      { name: 'globex', weight: 2, remainingCalls: 600 },
      { name: 'initech', weight: 1, remainingCalls: 90 },
    ]);
  });
});
