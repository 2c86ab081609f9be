import { Context } from '@temporalio/activity';

/** A trivial activity proving that a real worker executes real activities. */
export function createSmokeActivities() {
  return {
    greet(name: string): Promise<string> {
      const workflowId = Context.current().info.workflowExecution?.workflowId ?? 'no workflow';
      return Promise.resolve(`Hello, ${name}, from activity of ${workflowId}`);
    },
  };
}

export type SmokeActivities = ReturnType<typeof createSmokeActivities>;
