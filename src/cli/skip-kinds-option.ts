import { kindOf, MAX_SKIP_KINDS, SKIP_KIND_PATTERN } from '../ledger/skip-kinds.js';
import { CliError } from './exit-codes.js';

/**
 * The kinds `--skip-kind` names (repeated, or comma-separated), in the form the problems quote them
 * ("Inventory Adjust" and "inventory-adjust" are one kind); a CliError for one that cannot be.
 */
export function skipKindsOf(values: readonly string[] | undefined): string[] {
  const named = (values ?? []).flatMap((value) => value.split(',')).map((value) => value.trim());
  const kinds = [...new Set(named.filter(Boolean).map(kindOf))];
  const bad = kinds.filter((kind) => !SKIP_KIND_PATTERN.test(kind));
  if (bad.length > 0 || kinds.length > MAX_SKIP_KINDS) {
    throw new CliError(
      `--skip-kind takes up to ${MAX_SKIP_KINDS} kinds as the problems name them, like --skip-kind untyped,eft (got ${JSON.stringify(named.slice(0, 5))}).`,
    );
  }
  return kinds;
}
