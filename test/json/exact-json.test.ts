import { describe, expect, it } from 'vitest';
import {
  isLosslessNumber,
  jsonNumber,
  parseJsonExact,
  parseJsonWithDecimalStrings,
  stringifyJsonExact,
} from '../../src/json/exact-json.js';
import { parse as parseLossless } from 'lossless-json';

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

  it('reads numbers inside strings, escapes and exponents as the strict parser does', () => {
    const text = String.raw`{"n": "INV \"12.5\" \\ 7", "u": "\u00e9 3.0", "e": -1.5e-3, "E": 2E+21,
      "z": -0, "i": -42, "list": [0, 0.0, 9007199254740993, {"deep": [1.10, "2.20"]}], "t": true, "f": null}`;
    const parsed = parseJsonWithDecimalStrings(text);
    expect(parsed).toEqual({
      n: 'INV "12.5" \\ 7',
      u: 'é 3.0',
      e: '-1.5e-3',
      E: '2E+21',
      z: -0,
      i: -42,
      list: [0, '0.0', '9007199254740993', { deep: ['1.10', '2.20'] }],
      t: true,
      f: null,
    });
    // lossless-json's own parser, with the same rule for numbers, reads the same document.
    const strict = parseLossless(text, null, (value: string) =>
      /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value,
    );
    expect(parsed).toEqual(strict);
  });

  it('still refuses what is not JSON', () => {
    for (const text of [
      '{"a": 01}',
      '{"a": .5}',
      '{"a": 1.}',
      '[1.5.5]',
      '{"a": "1.5}',
      '["x2 ]',
      '{"a": NaN}',
    ])
      expect(() => parseJsonWithDecimalStrings(text), text).toThrow(SyntaxError);
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
