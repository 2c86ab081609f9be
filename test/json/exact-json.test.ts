import { describe, expect, it } from 'vitest';
import {
  isLosslessNumber,
  jsonNumber,
  parseJsonExact,
  parseJsonWithDecimalStrings,
  stringifyJsonExact,
} from '../../src/json/exact-json.js';

describe('exact JSON', () => {
  it('keeps decimals as their exact text instead of doubles', () => {
    const parsed = parseJsonWithDecimalStrings(
      '{"total": 0.30000000000000004, "amountDue": 1234.50, "page": 2, "big": 123456789012345678901}',
    );
    expect(parsed).toEqual({
      total: '0.30000000000000004',
      amountDue: '1234.50',
      page: 2,
      big: '123456789012345678901',
    });
  });

  it('keeps every number distinguishable from a string when parsing strictly', () => {
    const parsed = parseJsonExact('{"a": 12.5, "b": "12.5"}') as Record<string, unknown>;
    expect(isLosslessNumber(parsed.a)).toBe(true);
    expect(String(parsed.a)).toBe('12.5');
    expect(parsed.b).toBe('12.5');
  });

  it('writes money as exact JSON numbers', () => {
    expect(stringifyJsonExact({ unitPrice: jsonNumber('19.90'), quantity: jsonNumber('3') })).toBe(
      '{"unitPrice":19.90,"quantity":3}',
    );
  });
});
