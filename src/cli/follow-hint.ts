import type { TemporalSettings } from '../config/temporal-settings.js';
import { runNameOfWorkflowId } from '../migration/contracts/run-name.js';
import { devStackTarget } from './dev-stack-target.js';
import { webUiBase, workflowPageUrl } from './web-ui-link.js';

/**
 * What Ctrl-C prints while a command follows a run: the run is Temporal's, so it goes on, and here
 * is how to follow it again.
 */
export function followHint(
  workflowId: string,
  settings: Pick<TemporalSettings, 'address' | 'namespace'>,
): string {
  const runName = runNameOfWorkflowId(workflowId) ?? workflowId;
  const page = workflowPageUrl(
    webUiBase(settings, devStackTarget(settings)),
    settings.namespace,
    workflowId,
  );
  return [
    `Stopped following run "${runName}". The run goes on in Temporal: Ctrl-C did not stop it.`,
    `  Follow it:   ledgerlift status ${runName} --watch`,
    `  Web UI:      ${page}`,
    `  Pause it:    ledgerlift pause ${runName}`,
  ].join('\n');
}
