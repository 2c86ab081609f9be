import { runConsentFlow, type ConsentFlowResult } from '../partner-api/index.js';
import type { CredentialStore } from '../credentials/index.js';

/** The sandbox's default app (docs/sandbox.md); a real service's come from its partner portal. */
export const SANDBOX_APP = {
  clientId: 'ledgerlift-sandbox',
  clientSecret: 'sandbox-secret-not-for-production',
} as const;

/**
 * Approves a sandbox consent page as a person would in a browser: reads the form, submits it with
 * "Approve", and follows the redirect to the loopback callback. Only for the embedded sandbox.
 */
export async function approveSandboxConsent(
  consentUrl: string,
  workspaceId?: string,
): Promise<void> {
  const page = await fetch(consentUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`the consent page answered ${page.status}: ${html.slice(0, 200)}`);
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(match[1] as string, decodeEntities(match[2] as string));
  }
  const workspace = /<input type="radio" name="workspace_id" value="([^"]+)"[^>]*checked/.exec(
    html,
  );
  if (!workspace?.[1]) throw new Error('the consent page offers no workspace');
  // The first workspace unless one is named (a sandbox seeded with several).
  fields.set('workspace_id', workspaceId ?? decodeEntities(workspace[1]));
  fields.set('decision', 'approve');
  const action = new URL('/oauth/authorize', consentUrl);
  const answer = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) {
    throw new Error(`approving consent answered ${answer.status} without a redirect`);
  }
  await (await fetch(location)).text();
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Connects a profile to an embedded sandbox through its real consent flow, approving it. */
export async function connectToSandbox(options: {
  baseUrl: string;
  profile: string;
  credentialStore?: CredentialStore;
  credentialsPath?: string;
  /** The workspace to approve (default: the first the sandbox offers). */
  workspaceId?: string;
}): Promise<ConsentFlowResult> {
  return runConsentFlow({
    connection: { baseUrl: options.baseUrl, ...SANDBOX_APP },
    env: {},
    profile: options.profile,
    ...(options.credentialStore ? { credentialStore: options.credentialStore } : {}),
    ...(options.credentialsPath ? { credentialsPath: options.credentialsPath } : {}),
    printUrl: () => undefined,
    openBrowser: (url: string) => approveSandboxConsent(url, options.workspaceId),
  });
}
