import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/sources/values/parse-amount.js';

const ok = (text: string, separator?: '.' | ',') => {
  const parsed = parseAmount(text, separator);
  return parsed.ok ? parsed.value : `error: ${parsed.reason}`;
};

describe('parseAmount', () => {
  it('reads the forms legacy exports write, exactly', () => {
    expect(ok('1234.50')).toBe('1234.5');
    expect(ok('"4,250.00"'.replace(/"/g, ''))).toBe('4250');
    expect(ok('$(250.00)')).toBe('-250');
    expect(ok('(1,234.56)')).toBe('-1234.56');
    expect(ok('$-3')).toBe('-3');
    expect(ok('-$3.10')).toBe('-3.1');
    expect(ok('12.00-')).toBe('-12');
    expect(ok('1.234,50')).toBe('1234.5');
    expect(ok('12,5')).toBe('12.5');
    expect(ok('1 234,56 €')).toBe('1234.56');
    expect(ok("1'234.50")).toBe('1234.5');
    expect(ok('USD 99,250.02')).toBe('99250.02');
    expect(ok('£0.10')).toBe('0.1');
    expect(ok('0.30000000000000004')).toBe('0.30000000000000004');
  });

  it('reads "1,234" as thousands unless the override says the decimal mark is a comma', () => {
    expect(ok('1,234')).toBe('1234');
    expect(ok('1,234', ',')).toBe('1.234');
    expect(ok('1.234', ',')).toBe('1234');
  });

  it('refuses what is not an amount, saying why', () => {
    expect(ok('abc')).toMatch(/not a number/);
    expect(ok('1.2.3,4,5')).toMatch(/error/);
    expect(ok('12,34,5')).toMatch(/misplaced/);
    expect(ok('')).toMatch(/no digits/);
    expect(ok('1,234.5', ',')).toMatch(/error/);
  });
});
