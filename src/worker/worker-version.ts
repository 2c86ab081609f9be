import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { WorkerDeploymentOptions } from '@temporalio/worker';
import { projectRoot } from '../config/project-paths.js';

// The worker's place in Temporal's Worker Deployment versioning (docs/temporal-notes.md,
// "Versioning"): every workflow is pinned to the build it started on, so a new build never replays
// a history an older build wrote, and workflow code changes need no patch branches.

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
 * Makes `version` the current version of its deployment, so new workflows start on it: the last
 * worker process to start decides, as one consultant's dev stack and a `git checkout` of older
 * code expect. Setting the current version again is a no-op, so many workers of one build may
 * call it at once. Called before the worker polls: its task queues join the version when they do.
 */
export async function makeCurrent(
  client: Client,
  namespace: string,
  version: WorkerDeploymentVersion,
): Promise<void> {
  await client.workflowService.setWorkerDeploymentCurrentVersion({
    namespace,
    deploymentName: version.deploymentName,
    buildId: version.buildId,
    identity: `ledgerlift worker ${version.buildId}`,
    // Before the worker polls, the version has neither pollers nor task queues yet.
    allowNoPollers: true,
    ignoreMissingTaskQueues: true,
  });
}
