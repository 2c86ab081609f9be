import { PartnerApiError } from './errors.js';

/**
 * The error for a profile with no stored workspace: it names the profiles the store does hold, so
 * a mistyped or defaulted `--profile` is fixed at once (issue: following the README against the dev
 * stack asked for a profile nobody had connected, and said nothing of `sandbox`).
 */
export function missingProfileError(
  profileName: string,
  location: string,
  existing: readonly string[],
): PartnerApiError {
  const others = existing.filter((name) => name !== profileName);
  const choice =
    others.length > 0
      ? `Profiles there: ${others.join(', ')}; use one (--profile ${others[0]}) or run \`ledgerlift connect --profile ${profileName}\`.`
      : `It holds no profile yet: run \`ledgerlift connect --profile ${profileName}\` first.`;
  return new PartnerApiError(
    'credential',
    `No workspace is connected for profile "${profileName}" in ${location}. ${choice}`,
    { problem: 'not_connected' },
  );
}
