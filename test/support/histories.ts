import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import { stepNames } from '../../src/migration/contracts/steps.js';

export interface FetchedHistory {
  workflowId: string;
  runId: string;
  history: proto.temporal.api.history.v1.IHistory;
  /**
   * The history as stored (protobuf binary): payloads are JSON text inside it, so any secret or
   * name a workflow carried would appear here verbatim.
   */
  bytes: Buffer;
}

/** Every execution (continued-as-new runs included) of a workflow id. */
async function executionsOf(client: Client, workflowId: string): Promise<FetchedHistory[]> {
  const histories: FetchedHistory[] = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    const history = await client.workflow.getHandle(workflowId, execution.runId).fetchHistory();
    const bytes = Buffer.from(proto.temporal.api.history.v1.History.encode(history).finish());
    histories.push({ workflowId, runId: execution.runId, history, bytes });
  }
  return histories;
}

/** The histories of a migration: the run itself and every step child of every round. */
export async function migrationHistories(
  client: Client,
  runWorkflowId: string,
  plans = ['main'],
): Promise<FetchedHistory[]> {
  const histories = await executionsOf(client, runWorkflowId);
  for (const plan of plans) {
    for (const step of stepNames) {
      histories.push(...(await executionsOf(client, `${runWorkflowId}/${plan}/${step}`)));
    }
  }
  return histories;
}
