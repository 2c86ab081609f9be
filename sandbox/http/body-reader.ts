import { isLosslessNumber } from '../../src/json/exact-json.js';
import { centsOf, isPlainDecimal, normalizeDecimal, parseDecimal } from '../../src/money/index.js';
import type { Cents } from '../../src/money/index.js';
import { isUuid } from '../ids.js';
import { type FieldError, validationFailed } from './api-error.js';

/** A field that was sent but not applied (spec convention 5). */
export interface PartnerWarning {
  field: string;
  reason: 'internal_only' | 'unknown_field';
  message: string;
}

interface Issues {
  errors: FieldError[];
  warnings: PartnerWarning[];
}

interface Required {
  required?: boolean;
  nullable?: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in YYYY-MM-DD form. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads one JSON object field by field. Each accessor validates and records a located error instead
 * of throwing, so one 400 lists every bad field; every key never asked for becomes an
 * `unknown_field` warning (the field was not applied). Numbers arrive as `LosslessNumber` (exact
 * text), so money is parsed straight into cents and never through a double.
 */
export class BodyReader {
  private readonly seen = new Set<string>();

  private constructor(
    readonly raw: Record<string, unknown>,
    private readonly prefix: string,
    private readonly issues: Issues,
  ) {}

  /** Reads a request body; a body that is not a JSON object is a 400. */
  static of(body: unknown): BodyReader {
    if (body === undefined) return new BodyReader({}, '', { errors: [], warnings: [] });
    if (!isRecord(body)) throw validationFailed('The request body must be a JSON object.');
    return new BodyReader(body, '', { errors: [], warnings: [] });
  }

  /**
   * Reads a whole request body: `read` asks for its fields, then every unknown key becomes a warning
   * and any field error a 400, so the caller's rules only ever see valid fields.
   */
  static read<T>(
    body: unknown,
    read: (reader: BodyReader) => T,
  ): { fields: T; reader: BodyReader } {
    const reader = BodyReader.of(body);
    const fields = read(reader);
    reader.finish();
    reader.assertValid();
    return { fields, reader };
  }

  get errors(): FieldError[] {
    return this.issues.errors;
  }

  get warnings(): PartnerWarning[] {
    return this.issues.warnings;
  }

  path(name: string): string {
    return this.prefix ? `${this.prefix}.${name}` : name;
  }

  fail(name: string, reason: string, message: string): void {
    this.issues.errors.push({ field: this.path(name), reason, message });
  }

  /** Marks fields as known without reading them (they are read elsewhere or deliberately ignored). */
  known(...names: string[]): void {
    for (const name of names) this.seen.add(name);
  }

  has(name: string): boolean {
    this.seen.add(name);
    return Object.prototype.hasOwnProperty.call(this.raw, name) && this.raw[name] !== undefined;
  }

  private present(name: string, options: Required): 'absent' | 'null' | 'value' {
    if (!this.has(name)) {
      if (options.required) this.fail(name, 'required', `${this.path(name)} is required.`);
      return 'absent';
    }
    if (this.raw[name] === null) {
      if (!options.nullable) this.fail(name, 'invalid', `${this.path(name)} cannot be null.`);
      return 'null';
    }
    return 'value';
  }

  string(
    name: string,
    options: Required & { max?: number; allowEmpty?: boolean } = {},
  ): string | null | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return state === 'null' && options.nullable ? null : undefined;
    const value = this.raw[name];
    if (typeof value !== 'string') {
      this.fail(name, 'invalid_type', `${this.path(name)} must be a string.`);
      return undefined;
    }
    const trimmed = value.trim();
    if (!trimmed && !options.allowEmpty) {
      if (options.required) this.fail(name, 'required', `${this.path(name)} cannot be empty.`);
      return options.nullable ? null : trimmed;
    }
    if (options.max !== undefined && value.length > options.max) {
      this.fail(name, 'too_long', `${this.path(name)} is longer than ${options.max} characters.`);
      return undefined;
    }
    return trimmed;
  }

  uuid(name: string, options: Required = {}): string | null | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return state === 'null' && options.nullable ? null : undefined;
    const value = this.raw[name];
    if (!isUuid(value)) {
      this.fail(name, 'invalid_uuid', `${this.path(name)} must be a UUID.`);
      return undefined;
    }
    return value.toLowerCase();
  }

  uuidArray(name: string, options: Required = {}): string[] | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    if (!Array.isArray(value) || !value.every(isUuid)) {
      this.fail(name, 'invalid_uuid', `${this.path(name)} must be an array of UUIDs.`);
      return undefined;
    }
    return value.map((id) => id.toLowerCase());
  }

  boolean(name: string, options: Required = {}): boolean | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    if (typeof value !== 'boolean') {
      this.fail(name, 'invalid_type', `${this.path(name)} must be true or false.`);
      return undefined;
    }
    return value;
  }

  integer(
    name: string,
    options: Required & { min?: number; max?: number } = {},
  ): number | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    const text = isLosslessNumber(value) ? value.value : undefined;
    if (text === undefined || !/^-?\d+$/.test(text)) {
      this.fail(name, 'invalid_type', `${this.path(name)} must be an integer.`);
      return undefined;
    }
    const number = Number(text);
    if (
      (options.min !== undefined && number < options.min) ||
      (options.max !== undefined && number > options.max)
    ) {
      this.fail(name, 'out_of_range', `${this.path(name)} is out of range.`);
      return undefined;
    }
    return number;
  }

  /** A decimal JSON number with at most `maxScale` places, normalised ("1.50" -> "1.5"). */
  decimal(
    name: string,
    options: Required & { maxScale?: number; positive?: boolean } = {},
  ): string | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    const text = isLosslessNumber(value) ? value.value : undefined;
    const maxScale = options.maxScale ?? 4;
    if (text === undefined || !isPlainDecimal(text)) {
      this.fail(name, 'invalid_type', `${this.path(name)} must be a JSON number.`);
      return undefined;
    }
    const parsed = parseDecimal(text);
    const normalized = normalizeDecimal(text);
    if ((normalized.split('.')[1]?.length ?? 0) > maxScale) {
      this.fail(
        name,
        'too_precise',
        `${this.path(name)} has more than ${maxScale} decimal places.`,
      );
      return undefined;
    }
    if (options.positive && parsed.units <= 0n) {
      this.fail(name, 'out_of_range', `${this.path(name)} must be greater than zero.`);
      return undefined;
    }
    return normalized;
  }

  /** Money as a JSON number with at most two places (assumption T10), in cents. */
  money(
    name: string,
    options: Required & { sign?: 'positive' | 'nonNegative' | 'nonZero' } = {},
  ): Cents | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    const text = isLosslessNumber(value) ? value.value : undefined;
    if (text === undefined || !isPlainDecimal(text)) {
      this.fail(name, 'invalid_type', `${this.path(name)} must be a JSON number.`);
      return undefined;
    }
    let cents: Cents;
    try {
      cents = centsOf(text);
    } catch {
      this.fail(name, 'too_precise', `${this.path(name)} has more than two decimal places.`);
      return undefined;
    }
    const sign = options.sign;
    if (
      (sign === 'positive' && cents <= 0n) ||
      (sign === 'nonNegative' && cents < 0n) ||
      (sign === 'nonZero' && cents === 0n)
    ) {
      this.fail(name, 'out_of_range', `${this.path(name)} is out of range.`);
      return undefined;
    }
    return cents;
  }

  /** Money as a string decimal with at most two places (opening balance rows). */
  moneyString(name: string, options: Required = {}): Cents | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value.trim())) {
      this.fail(
        name,
        'invalid_amount',
        `${this.path(name)} must be a string decimal with at most two places, e.g. "1250.00".`,
      );
      return undefined;
    }
    return centsOf(value.trim());
  }

  date(name: string, options: Required = {}): string | null | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return state === 'null' && options.nullable ? null : undefined;
    const value = this.raw[name];
    if (!isIsoDate(value)) {
      this.fail(name, 'invalid_date', `${this.path(name)} must be a date in YYYY-MM-DD form.`);
      return undefined;
    }
    return value;
  }

  enumOf<T extends string>(
    name: string,
    values: readonly T[],
    options: Required = {},
  ): T | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      this.fail(name, 'invalid_enum', `${this.path(name)} must be one of ${values.join(', ')}.`);
      return undefined;
    }
    return value as T;
  }

  array(name: string, options: Required = {}): unknown[] | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return undefined;
    const value = this.raw[name];
    if (!Array.isArray(value)) {
      this.fail(name, 'invalid_type', `${this.path(name)} must be an array.`);
      return undefined;
    }
    return value as unknown[];
  }

  /** Array of objects, each read by its own child reader sharing this reader's errors. */
  objects(name: string, options: Required = {}): BodyReader[] | undefined {
    const items = this.array(name, options);
    if (!items) return undefined;
    const readers: BodyReader[] = [];
    items.forEach((item, index) => {
      const child = this.childOf(item, `${this.path(name)}[${index}]`);
      if (child) readers.push(child);
    });
    return readers.length === items.length ? readers : undefined;
  }

  object(name: string, options: Required = {}): BodyReader | null | undefined {
    const state = this.present(name, options);
    if (state !== 'value') return state === 'null' && options.nullable ? null : undefined;
    return this.childOf(this.raw[name], this.path(name));
  }

  private childOf(value: unknown, path: string): BodyReader | undefined {
    if (!isRecord(value)) {
      this.issues.errors.push({
        field: path,
        reason: 'invalid_type',
        message: `${path} must be an object.`,
      });
      return undefined;
    }
    return new BodyReader(value, path, this.issues);
  }

  /** A field the service manages: reported as `internal_only` and not applied (spec convention 5). */
  internalOnly(names: string[], why: string): void {
    for (const name of names) {
      if (this.has(name)) {
        this.issues.warnings.push({
          field: this.path(name),
          reason: 'internal_only',
          message: `${this.path(name)} is managed by the service (${why}); it was not applied.`,
        });
      }
    }
  }

  /** Legacy numeric spellings: a 400 naming the UUID field to use instead (spec convention 2). */
  rejectLegacy(legacy: Record<string, string>): void {
    for (const [name, replacement] of Object.entries(legacy)) {
      if (this.has(name)) {
        this.fail(
          name,
          'legacy_numeric_id',
          `${this.path(name)} is a legacy numeric reference; send ${replacement} (UUIDs) instead.`,
        );
      }
    }
  }

  /** Reports every key never read as an `unknown_field` warning. Call once, after all reads. */
  finish(): void {
    for (const key of Object.keys(this.raw)) {
      if (!this.seen.has(key)) {
        this.issues.warnings.push({
          field: this.path(key),
          reason: 'unknown_field',
          message: `${this.path(key)} is not a field of this resource; it was not applied.`,
        });
      }
    }
  }

  /** Throws a 400 listing every recorded field error. */
  assertValid(message = 'The request has invalid fields.'): void {
    if (this.issues.errors.length > 0) throw validationFailed(message, this.issues.errors);
  }
}
