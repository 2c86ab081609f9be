import { DEFAULT_PROFILE_NAME } from '../credentials/credential-store.js';
import { createFileCredentialStore } from '../credentials/file-credential-store.js';
import type { DevStackInfo } from '../dev/dev-stack-file.js';
import { CliError } from './exit-codes.js';

/**
 * The connection profile of a run: --profile, else LEDGERLIFT_PROFILE, else the dev stack's own
 * (`sandbox`) when the command talks to `ledgerlift dev`, else `default`. So the README's commands
 * run as written against the dev stack.
 */
export function chooseProfile(
  given: string | undefined,
  dev: DevStackInfo | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return (
    given ?? (env.LEDGERLIFT_PROFILE?.trim() || undefined) ?? dev?.profile ?? DEFAULT_PROFILE_NAME
  );
}

/**
 * Against the dev stack, whose worker's credential file this machine can read: refuses a profile
 * that file lacks, naming those it has, before a run starts that could only pause on it. Elsewhere
 * the worker's store is out of reach, and the worker says the same when the run starts.
 */
export async function checkDevProfile(
  profile: string,
  dev: DevStackInfo | undefined,
): Promise<void> {
  if (!dev) return;
  const store = createFileCredentialStore({ path: dev.credentialsPath });
  const existing = await store.listProfiles().catch(() => undefined);
  if (!existing || existing.includes(profile)) return;
  throw new CliError(
    `No profile "${profile}" in the dev stack's credentials (${dev.credentialsPath}). ` +
      (existing.length > 0
        ? `Profiles there: ${existing.join(', ')}; leave out --profile to use "${dev.profile}", or run \`ledgerlift connect --profile ${profile}\`.`
        : `It holds no profile: run \`ledgerlift connect --profile ${profile}\` first.`),
  );
}
