import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TemporalSettings } from '../../src/config/temporal-settings.js';
import { workerSettings } from '../../src/config/worker-settings.js';
import { startTemporalServer } from '../../src/dev/cluster/start-cluster.js';
import { createWorkers } from '../../src/worker/create-worker.js';
import { createMigrationDeps } from '../../src/worker/migration-deps.js';
import {
  buildIdOf,
  deploymentVersionOf,
  makeCurrent,
  pinnedTo,
} from '../../src/worker/worker-version.js';
import { smokeWorkflow } from '../../workflows/smoke.js';
import { connectClient, testSettings, testWorkflowBundle } from '../support/temporal.js';
import { waitFor } from '../support/wait.js';
import { heldRun, proceed } from './versioning-workflows.js';

/**
 * The server these tests run on: the run's dev server (Temporal Server 1.29 today), or another
 * release to try the behaviour of: the `temporal-server` binary LEDGERLIFT_VERSIONING_SERVER names,
 * started here on loopback with an in-memory SQLite, or the server at LEDGERLIFT_VERSIONING_ADDRESS.
 * What the tests expect follows from the version the server reports, not from these variables.
 */
async function serverUnderTest(): Promise<{ address: string; stop(): Promise<void> }> {
  const binary = process.env.LEDGERLIFT_VERSIONING_SERVER;
  const address = process.env.LEDGERLIFT_VERSIONING_ADDRESS;
  if (binary) {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-versioning-server-'));
    const server = await startTemporalServer({
      binary,
      folder,
      persistence: { sqliteInMemory: true },
    });
    return {
      address: server.address,
      async stop() {
        await server.stop();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  return { address: address ?? inject('temporalAddress'), stop: async () => {} };
}

/** Registers the namespace on a bare server; the dev server and a set-up cluster already have it. */
async function ensureNamespace(client: Client, namespace: string) {
  const { namespaces } = await client.workflowService.listNamespaces({ pageSize: 100 });
  if (namespaces.some((known) => known.namespaceInfo?.name === namespace)) return;
  await client.workflowService.registerNamespace({
    namespace,
    workflowExecutionRetentionPeriod: msToTs('1 day'),
  });
}

/**
 * Whether a continue-as-new that asks for `initialVersioningBehavior: 'AUTO_UPGRADE'` starts its
 * next run on the current build. Temporal Server 1.30 reads the option; 1.29 does not know it and
 * keeps the next run pinned to the previous run's build (docs/temporal-notes.md, "Versioning").
 */
function continueAsNewUpgrades(serverVersion: string): boolean {
  const [major = 0, minor = 0] = serverVersion.split('.').map((part) => Number.parseInt(part, 10));
  return major > 1 || (major === 1 && minor >= 30);
}

let settings: TemporalSettings;
const silent = { trace() {}, debug() {}, info() {}, log() {}, warn() {}, error() {} };

/** The build that completed each workflow task of a run, read from its history. */
async function buildsThatRan(handle: WorkflowHandle): Promise<string[]> {
  const { events } = await handle.fetchHistory();
  return (events ?? []).flatMap((event) => {
    const completed = event.workflowTaskCompletedEventAttributes;
    return completed ? [completed.deploymentVersion?.buildId ?? 'unversioned'] : [];
  });
}

describe('Worker Deployment versioning', () => {
  let server: Awaited<ReturnType<typeof serverUnderTest>>;
  let serverVersion: string;
  let client: Client;
  let closeClient: () => Promise<void>;
  let connection: NativeConnection;
  const running: Array<{ worker: Worker; done: Promise<void> }> = [];

  beforeAll(async () => {
    server = await serverUnderTest();
    settings = { ...testSettings('versioning'), address: server.address };
    const connected = await connectClient(settings);
    client = connected.client;
    closeClient = () => connected.connection.close();
    await ensureNamespace(client, settings.namespace);
    serverVersion = (await client.workflowService.getSystemInfo({})).serverVersion ?? '';
    connection = await NativeConnection.connect({ address: settings.address });
  });
  afterAll(async () => {
    for (const { worker } of running) worker.shutdown();
    await Promise.all(running.map(({ done }) => done));
    await connection?.close();
    await closeClient?.();
    await server?.stop();
  });

  /** The build new workflows on this deployment start on. */
  async function currentBuildId(deploymentName: string) {
    const { workerDeploymentInfo } = await client.workflowService.describeWorkerDeployment({
      namespace: settings.namespace,
      deploymentName,
    });
    return workerDeploymentInfo?.routingConfig?.currentDeploymentVersion?.buildId;
  }

  /** Makes a build current as a worker process does, then starts its worker. */
  async function startBuild(code: string) {
    const version = deploymentVersionOf(settings.taskQueue, code);
    await makeCurrent(client, settings.namespace, version);
    const worker = await Worker.create({
      connection,
      namespace: settings.namespace,
      taskQueue: settings.taskQueue,
      workflowBundle: { code },
      workerDeploymentOptions: pinnedTo(version),
    });
    running.push({ worker, done: worker.run() });
    return version;
  }

  it('keeps running workflows on their build and starts new ones on the current build', async () => {
    const { code: codeA } = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./versioning-workflows.ts', import.meta.url)),
      logger: silent,
    });
    // Any change to the workflows' code makes a new build: here, one comment. It goes first: the
    // bundle ends with its inline source map, whose base64 a trailing comment would extend.
    const codeB = `// build B\n${codeA}`;

    const a = await startBuild(codeA);
    expect(await currentBuildId(settings.taskQueue)).toBe(a.buildId);
    const start = (id: string) =>
      client.workflow.start(heldRun, {
        taskQueue: settings.taskQueue,
        workflowId: `${settings.taskQueue}-${id}`,
        args: [0],
      });
    const pinned = await start('pinned');
    const continuing = await start('continuing');
    for (const handle of [pinned, continuing]) {
      await waitFor('the first task on build A', async () => {
        const builds = await buildsThatRan(handle);
        return builds.length > 0 && builds;
      });
    }

    const b = await startBuild(codeB);
    expect(b.buildId).not.toBe(a.buildId);
    // A second worker of build B starting changes nothing.
    await makeCurrent(client, settings.namespace, b);
    expect(await currentBuildId(settings.taskQueue)).toBe(b.buildId);

    const fresh = await start('fresh');
    await fresh.signal(proceed, 'finish');
    await pinned.signal(proceed, 'finish');
    expect(await fresh.result()).toBe(0);
    expect(await pinned.result()).toBe(0);
    // How many workflow tasks a run takes depends on whether its signal arrives before its first
    // task is dispatched; which builds ran them does not.
    expect(new Set(await buildsThatRan(fresh))).toEqual(new Set([b.buildId]));
    expect(await buildsThatRan(pinned)).toEqual([a.buildId, a.buildId]);

    await continuing.signal(proceed, 'continue');
    const next = client.workflow.getHandle(continuing.workflowId);
    await waitFor('the continued run', async () => {
      const { runId } = await next.describe();
      return runId !== continuing.firstExecutionRunId;
    });
    await next.signal(proceed, 'finish');
    expect(await next.result()).toBe(1);
    // The continued run asked for the current build (`onCurrentBuild`): a server that reads the
    // option runs all of it on build B; Server 1.29 (the dev server's, and docker-compose.yml's)
    // keeps its pin, so it finishes on build A, which must serve until its runs drain.
    const continuedOn = continueAsNewUpgrades(serverVersion) ? b.buildId : a.buildId;
    expect(new Set(await buildsThatRan(next)), `on Temporal Server ${serverVersion}`).toEqual(
      new Set([continuedOn]),
    );
  });

  it("runs the worker process's workflows pinned to its build, made current", async () => {
    const own = { ...testSettings('versioned-worker'), address: settings.address };
    const runsDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-versioned-'));
    const worker = workerSettings({ LEDGERLIFT_RUNS_DIR: runsDir });
    const deps = createMigrationDeps(worker);
    const workers = await createWorkers({
      settings: own,
      worker,
      deps,
      connection,
      workflowBundle: testWorkflowBundle(),
      versioned: true,
    });
    try {
      const buildId = buildIdOf(await readFile(testWorkflowBundle().codePath, 'utf8'));
      const handle = await client.workflow.start(smokeWorkflow, {
        taskQueue: own.taskQueue,
        workflowId: `versioned-${randomUUID()}`,
        args: [{ name: 'Ada' }],
      });
      await workers.runUntil(handle.result());
      expect(new Set(await buildsThatRan(handle))).toEqual(new Set([buildId]));
      expect(await currentBuildId(own.taskQueue)).toBe(buildId);
    } finally {
      await deps.close();
      await rm(runsDir, { recursive: true, force: true });
    }
  });
});
