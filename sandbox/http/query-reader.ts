import { isUuid } from '../ids.js';
import { type FieldError, validationFailed } from './api-error.js';
import { isIsoDate } from './body-reader.js';
import type { Query } from './route.js';

/** The single value of a query parameter (the first one when it was repeated). */
export function queryValue(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) return value[0];
  return value;
}

/** Reads query parameters, collecting errors so one 400 names every bad parameter. */
export class QueryReader {
  readonly errors: FieldError[] = [];

  constructor(readonly query: Query) {}

  private fail(name: string, reason: string, message: string): void {
    this.errors.push({ field: name, reason, message });
  }

  string(name: string): string | undefined {
    const value = queryValue(this.query, name);
    return value === undefined || value === '' ? undefined : value;
  }

  /** First present of several alias names. */
  alias(...names: string[]): string | undefined {
    for (const name of names) {
      const value = this.string(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    this.fail(name, 'invalid_type', `${name} must be true or false.`);
    return undefined;
  }

  enumOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if ((values as readonly string[]).includes(value)) return value as T;
    this.fail(name, 'invalid_enum', `${name} must be one of ${values.join(', ')}.`);
    return undefined;
  }

  date(name: string, required = false): string | undefined {
    const value = this.string(name);
    if (value === undefined) {
      if (required) this.fail(name, 'required', `${name} is required (YYYY-MM-DD).`);
      return undefined;
    }
    if (!isIsoDate(value)) {
      this.fail(name, 'invalid_date', `${name} must be a date in YYYY-MM-DD form.`);
      return undefined;
    }
    return value;
  }

  uuid(...names: string[]): string | undefined {
    const name = names.find((candidate) => this.string(candidate) !== undefined);
    if (!name) return undefined;
    const value = this.string(name)!;
    if (!isUuid(value)) {
      this.fail(name, 'invalid_uuid', `${name} must be a UUID; numeric ids are not accepted.`);
      return undefined;
    }
    return value.toLowerCase();
  }

  /** Comma-separated UUIDs, or the parameter repeated; numeric ids are a 400. */
  uuidList(...names: string[]): string[] | undefined {
    for (const name of names) {
      const raw = this.query[name] ?? this.query[`${name}[]`];
      if (raw === undefined || raw === '') continue;
      const values = (Array.isArray(raw) ? raw : [raw]).flatMap((item) =>
        item
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      );
      if (!values.every(isUuid)) {
        this.fail(name, 'invalid_uuid', `${name} must list UUIDs; numeric ids are not accepted.`);
        return undefined;
      }
      return values.map((value) => value.toLowerCase());
    }
    return undefined;
  }

  /** Legacy numeric parameter names: a 400 naming the UUID parameter to use instead. */
  rejectLegacy(legacy: Record<string, string>): void {
    for (const [name, replacement] of Object.entries(legacy)) {
      if (this.query[name] !== undefined) {
        this.fail(
          name,
          'legacy_numeric_id',
          `${name} is a legacy numeric filter; use ${replacement} (UUIDs) instead.`,
        );
      }
    }
  }

  assertValid(): void {
    if (this.errors.length > 0) {
      throw validationFailed('The query has invalid parameters.', this.errors);
    }
  }
}
