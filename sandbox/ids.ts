import { randomBytes, randomUUID } from 'node:crypto';

/** Every record is identified by a UUID (spec convention 1); internal ids never leave the sandbox. */
export function newUuid(): string {
  return randomUUID();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** An opaque random secret (tokens, authorization codes): URL-safe base64 with a readable prefix. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}
