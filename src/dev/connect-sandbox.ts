import { runConsentFlow, type ConsentFlowResult } from '../partner-api/index.js';
import type { CredentialStore } from '../credentials/index.js';
import type { SandboxWorkspaceSeed } from '../../sandbox/index.js';

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
  const offered = [
    ...html.matchAll(/<input type="radio" name="workspace_id" value="([^"]+)"/g),
  ].map((match) => decodeEntities(match[1] as string));
  const checked = /<input type="radio" name="workspace_id" value="([^"]+)"[^>]*checked/.exec(html);
  const chosen = workspaceId
    ? offered.find((id) => id.toLowerCase() === workspaceId.toLowerCase())
    : checked?.[1] && decodeEntities(checked[1]);
  if (!chosen) {
    throw new Error(
      workspaceId
        ? `the consent page does not offer workspace ${workspaceId}`
        : 'the consent page offers no workspace',
    );
  }
  fields.set('workspace_id', chosen);
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
  /** The workspace to approve (default: the one the page offers first). */
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

/** The sandbox's default workspace (sandbox/sandbox-config.ts) keeps its id; others get one per currency and country. */
const ID_PREFIX = '3f9a6c1e-8b2d-4e57-a1c4-';

/**
 * A sandbox workspace in another currency and country (`ledgerlift dev --currency CAD --country
 * CA`), so a company can be rehearsed in its own currency. Its id follows from the two codes, so a
 * restarted stack finds the same workspace, with what earlier rehearsals wrote, in its data file.
 */
export function sandboxWorkspaceFor(currency: string, country: string): SandboxWorkspaceSeed {
  const code = `${currency}${country}`.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency.toUpperCase()) || !/^[A-Z]{2}$/.test(country.toUpperCase())) {
    throw new Error(
      `a sandbox workspace needs an ISO 4217 currency and an ISO 3166 country code (got "${currency}", "${country}")`,
    );
  }
  const hex = Buffer.from(code, 'ascii').toString('hex').padEnd(12, '0');
  return {
    id: `${ID_PREFIX}${hex}`,
    name: `Sandbox Trading Co (${code.slice(0, 3)}, ${code.slice(3)})`,
    currency: code.slice(0, 3),
    country: code.slice(3),
  };
}
