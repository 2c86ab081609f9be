import type { ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';

/**
 * Polls a Temporal frontend until it answers, or fails after `timeoutMs` naming the address; stops
 * early when the server process (`what`, for the message) has exited.
 */
export async function waitForFrontend(
  address: string,
  server: ChildProcess,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${what} exited with code ${server.exitCode}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.getSystemInfo({});
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${what} at ${address} did not answer within ${timeoutMs} ms`, {
    cause: lastError,
  });
}
