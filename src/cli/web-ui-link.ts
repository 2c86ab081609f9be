import type { TemporalSettings } from '../config/temporal-settings.js';
import type { DevStackInfo } from '../dev/dev-stack-file.js';

/**
 * The Temporal Web UI's address: TEMPORAL_UI_URL when set, else the dev stack's (it prints and
 * records it), else the dev server's convention of the frontend's port plus 1000.
 */
export function webUiBase(
  settings: Pick<TemporalSettings, 'address'>,
  dev: DevStackInfo | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const configured = env.TEMPORAL_UI_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  if (dev?.uiUrl) return dev.uiUrl;
  const match = /^(.*):(\d+)$/.exec(settings.address);
  const host = match?.[1] ?? settings.address;
  const port = match ? Number(match[2]) + 1000 : 8233;
  return `http://${host}:${port}`;
}

/** The page of one workflow in the Web UI. */
export function workflowPageUrl(base: string, namespace: string, workflowId: string): string {
  return `${base}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}

/** The Web UI's Start Workflow form. */
export function startFormUrl(base: string, namespace: string): string {
  return `${base}/namespaces/${encodeURIComponent(namespace)}/workflows/start-workflow`;
}
