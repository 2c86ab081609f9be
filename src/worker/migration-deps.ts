import { Context } from '@temporalio/activity';
import type { MigrationActivityDeps } from '../../activities/index.js';
import {
  apiRequestLimit,
  estimateCallsPerMinute,
  type WorkerSettings,
} from '../config/worker-settings.js';
import { captureExchange } from '../migration/call-log/capture-calls.js';
import { migrationApiOver } from '../migration/api-adapter/client-adapter.js';
import { handlerFor } from '../migration/handlers/registry.js';
import { undoHandlerFor } from '../migration/undo/reversal-handlers.js';
import { confinedReader } from '../migration/staging/confine-source.js';
import { readValidatedExports } from '../migration/staging/validated-exports.js';
import { MAX_SEND_DELAY_MS } from '../migration/sending/send-deadline.js';
import { createPartnerApiClient, type PartnerApiClientOptions } from '../partner-api/index.js';
import type { PartnerApiClient } from '../partner-api/client.js';
import { openRunStores } from '../run-store/open-run-store.js';
import type { SharedLimit } from '../run-store/shared-request-window.js';

/**
 * How long a run's store, and the caches keyed on it (its outcome index above all), stay after the
 * run's last activity started. A run sharing the API budget with many others still starts one
 * every few seconds; a paused run starts none, and gives all of it back (docs/benchmarks.md,
 * "Memory while waiting"). Rebuilding an index when the run resumes reads its log once.
 */
const RUN_CACHES_IDLE_MS = 2 * 60_000;

/** The running activity's context, or undefined outside an activity (tests, scripts). */
function currentActivity(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/**
 * The real dependencies of the migration activities: run stores from the worker settings, one
 * Partner API client per connection profile (tokens from the worker's credential store), the source
 * readers, and the phase handlers.
 */
export function createMigrationDeps(
  settings: WorkerSettings,
  clientOptions: Omit<PartnerApiClientOptions, 'profile'> = {},
): MigrationActivityDeps & { close(): Promise<void> } {
  const stores = openRunStores({
    runsDir: settings.runsDir,
    postgresUrl: settings.runStoreUrl,
    releaseIdleAfterMs: RUN_CACHES_IDLE_MS,
  });
  const clients = new Map<string, PartnerApiClient>();
  const limit = apiRequestLimit(settings);
  const { sharedWindow } = stores;
  const clientFor = (profile: string) => {
    let client = clients.get(profile);
    if (!client) {
      client = createPartnerApiClient({
        ...(settings.credentialsPath ? { credentialsPath: settings.credentialsPath } : {}),
        ...(limit ? { requestLimit: limit } : {}),
        // Worker processes that share PostgreSQL share one request window per client id.
        ...(sharedWindow
          ? {
              sendWindow: (
                connection: { baseUrl: string; clientId: string },
                shared: SharedLimit,
              ) => sharedWindow(`${connection.baseUrl} ${connection.clientId}`, shared),
            }
          : {}),
        ...clientOptions,
        logger: (event) => {
          captureExchange(event);
          clientOptions.logger?.(event);
        },
        profile,
      });
      clients.set(profile, client);
    }
    return client;
  };
  return {
    openStore: (runName) => stores.open(runName),
    api: (profile) =>
      Promise.resolve(migrationApiOver(clientFor(profile), currentActivity()?.cancellationSignal)),
    // Undo phases (src/migration/undo/) run through the same engine as the migration's.
    handler: (step, phase) => undoHandlerFor(phase) ?? handlerFor(step, phase),
    now: () => new Date(),
    ambiguousSettleMs: settings.ambiguousSettleSeconds * 1000,
    readValidatedExports: confinedReader(readValidatedExports, settings.sourcesRoot),
    sourcesRoot: settings.sourcesRoot,
    runFolder: (runName) => stores.runFolder(runName),
    requestsPerMinute: estimateCallsPerMinute(settings),
    // Where the server paces calls, a call sends at its turn or goes back to the queue.
    ...(limit ? { maxSendDelayMs: MAX_SEND_DELAY_MS } : {}),
    async close() {
      await Promise.all([...clients.values()].map((client) => client.close()));
      await stores.close();
    },
  };
}
