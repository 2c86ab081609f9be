import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { SmokeActivities } from '../activities/smoke-activities.js';

const { greet } = proxyActivities<SmokeActivities>({ startToCloseTimeout: '30 seconds' });

/** Input of {@link smokeWorkflow}: one object, so the Temporal UI's Start Workflow form can send it. */
export interface SmokeInput {
  name: string;
}

/** Proves the stack end to end: a workflow on the project's worker runs a real activity. */
export async function smokeWorkflow(
  input: SmokeInput,
): Promise<{ greeting: string; workflowId: string }> {
  const greeting = await greet(input.name);
  return { greeting, workflowId: workflowInfo().workflowId };
}
