import { describe, expect, it } from 'vitest';
import { temporalSettings, type TemporalSettings } from '../../src/config/temporal-settings.js';
import { workerEnvironment } from '../../src/config/worker-environment.js';
import { workerSettings, type WorkerSettings } from '../../src/config/worker-settings.js';

const temporal: TemporalSettings = {
  address: '127.0.0.1:7299',
  namespace: 'dev',
  taskQueue: 'ledgerlift',
  apiTaskQueue: 'ledgerlift-api',
};
const worker: WorkerSettings = {
  runsDir: '/tmp/ledgerlift/runs',
  requestsPerWindow: 100,
  rateWindowSeconds: 10,
  rateHeadroom: 0.99,
  rateLimited: true,
  liveApiLimit: { requestsPerWindow: 100, rateWindowSeconds: 60 },
  ambiguousSettleSeconds: 60,
  runStoreUrl: undefined,
  credentialsPath: '/tmp/ledgerlift/credentials.json',
  sourcesRoot: '/',
};

describe('the environment the dev stack starts its worker with', () => {
  it('reads back as the very settings the stack chose, the real API limit included', () => {
    const env = workerEnvironment(temporal, worker);
    expect(temporalSettings(env)).toEqual(temporal);
    expect(workerSettings(env)).toEqual(worker);
  });

  it('reads back without a real API limit or credentials file when the settings have none', () => {
    const plain: WorkerSettings = { ...worker, credentialsPath: undefined };
    delete plain.liveApiLimit;
    expect(workerSettings(workerEnvironment(temporal, plain))).toEqual(plain);
  });
});
