import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isGrpcServiceError, type Client } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { WorkerDeploymentOptions } from '@temporalio/worker';
import { projectRoot } from '../config/project-paths.js';

// The worker's place in Temporal's Worker Deployment versioning (docs/temporal-notes.md,
// "Versioning"): every workflow is pinned to the build it started on, so a new build never replays
// a history an older build wrote, and workflow code changes need no patch branches.

const GRPC_NOT_FOUND = 5;
const GRPC_ALREADY_EXISTS = 6;
const GRPC_FAILED_PRECONDITION = 9;
const grpcCode = (error: unknown) => (isGrpcServiceError(error) ? Number(error.code) : undefined);

/** The package's version, from its package.json (beside dist/ in the image too). */
export const packageVersion = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * A build's id: the package version and the first 12 hex digits of the SHA-256 of the workflow
 * bundle, e.g. `0.1.0-3f9a6c1e8b2d`. Workers that run the same workflow code share it on any
 * machine, without being told; any change to the workflows' code makes a new build.
 */
export function buildIdOf(workflowBundleCode: string, version = packageVersion): string {
  return `${version}-${createHash('sha256').update(workflowBundleCode).digest('hex').slice(0, 12)}`;
}

/**
 * The deployment version of the workers serving `taskQueue`: the deployment is named after the
 * task queue (one deployment per installation, `ledgerlift` by default), the build after its code.
 */
export function deploymentVersionOf(
  taskQueue: string,
  workflowBundleCode: string,
): WorkerDeploymentVersion {
  return { deploymentName: taskQueue, buildId: buildIdOf(workflowBundleCode) };
}

/** Worker options that pin each workflow to the build it started on. */
export function pinnedTo(version: WorkerDeploymentVersion): WorkerDeploymentOptions {
  return { version, useWorkerVersioning: true, defaultVersioningBehavior: 'PINNED' };
}

/**
 * Makes `version` the current version of its deployment, so new workflows start on it, unless a
 * build first seen after it is current: a worker of an older build that restarts while its pinned
 * runs drain does not take new work back. Safe to call from many workers at once. Called before
 * the worker polls: its task queues join the version when they do.
 */
export async function makeCurrentUnlessNewer(
  client: Client,
  namespace: string,
  version: WorkerDeploymentVersion,
): Promise<CurrentVersionOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await makeCurrentOnce(client, namespace, version);
    } catch (error) {
      // Another worker changed the deployment between our look and our change: look again.
      const raced = grpcCode(error) === GRPC_FAILED_PRECONDITION;
      if (!raced || attempt === 5) throw error;
    }
  }
}

type CurrentVersionOutcome = 'made-current' | 'already-current' | 'newer-is-current';

async function makeCurrentOnce(
  client: Client,
  namespace: string,
  version: WorkerDeploymentVersion,
): Promise<CurrentVersionOutcome> {
  const service = client.workflowService;
  const described = await service
    .describeWorkerDeployment({ namespace, deploymentName: version.deploymentName })
    .catch((error: unknown) => {
      if (grpcCode(error) === GRPC_NOT_FOUND) return undefined;
      throw error;
    });
  const info = described?.workerDeploymentInfo;
  const current = info?.routingConfig?.currentDeploymentVersion;
  if (current?.buildId === version.buildId) return 'already-current';
  const firstSeen = (buildId: string | null | undefined) =>
    (info?.versionSummaries ?? []).find((summary) => summary.deploymentVersion?.buildId === buildId)
      ?.createTime;
  // Protobuf seconds arrive as a Long (or a number).
  const seconds = (time: { seconds?: { toString(): string } | number | null } | null | undefined) =>
    Number(time?.seconds?.toString() ?? 0);
  const ours = firstSeen(version.buildId);
  if (current && ours && seconds(firstSeen(current.buildId)) > seconds(ours)) {
    return 'newer-is-current';
  }
  try {
    await service.setWorkerDeploymentCurrentVersion({
      namespace,
      deploymentName: version.deploymentName,
      buildId: version.buildId,
      // Another worker changing the deployment in between fails this call rather than being undone.
      ...(described ? { conflictToken: described.conflictToken } : {}),
      identity: `ledgerlift worker ${version.buildId}`,
      // Before the worker polls, the version has neither pollers nor task queues yet.
      allowNoPollers: true,
      ignoreMissingTaskQueues: true,
    });
    return 'made-current';
  } catch (error) {
    if (grpcCode(error) === GRPC_ALREADY_EXISTS) return 'already-current';
    throw error;
  }
}
