/**
 * Kinds of transaction a consultant may leave out of a migration on purpose (`--skip-kind`): the
 * transaction type as the problems name it, lower case with dashes ("Inventory Adjust" →
 * "inventory-adjust", no type at all → "untyped").
 */
export const SKIP_KIND_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const MAX_SKIP_KINDS = 50;

/** The kind name of a transaction type. */
export function kindOf(type: string): string {
  const kind = type
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return kind || 'untyped';
}
