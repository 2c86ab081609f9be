import type { SandboxWorkspaceSeed } from '../../sandbox/index.js';

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
