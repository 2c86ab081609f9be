/** Query parameter values a route accepts; arrays are sent comma-separated, as the spec documents. */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** Named query parameters; undefined and null are left out. */
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** Encodes `params` in insertion order (the order matters when the query is signed). */
export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.append(key, value.join(','));
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

/** A path segment for an identifier, percent-encoded so an odd id cannot change the route. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}
