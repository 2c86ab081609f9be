const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Matches a requested redirect URI against the registered ones (assumption A2): exact match, except
 * that a registered http loopback URI matches the same URI on any port (RFC 8252 §7.3), because
 * native apps listen on whatever port is free.
 */
export function matchRedirectUri(registered: string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !LOOPBACK_HOSTS.has(asked.hostname)) return false;
  return registered.some((candidate) => {
    let known: URL;
    try {
      known = new URL(candidate);
    } catch {
      return false;
    }
    return (
      known.protocol === 'http:' &&
      known.hostname === asked.hostname &&
      known.pathname === asked.pathname &&
      known.search === asked.search &&
      asked.hash === ''
    );
  });
}

/** The redirect target with the given query parameters appended. */
export function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
