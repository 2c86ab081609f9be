import { describe, expect, it } from 'vitest';
import {
  centsOf,
  formatCents,
  isPlainDecimal,
  lineAmountCents,
  normalizeDecimal,
  parseDecimal,
  sumCents,
} from '../../src/money/index.js';

describe('exact money', () => {
  it('parses plain decimals exactly, including forms floats get wrong', () => {
    expect(parseDecimal('0.1')).toEqual({ units: 1n, scale: 1 });
    expect(parseDecimal('-1234.50')).toEqual({ units: -123450n, scale: 2 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDecimal('+3')).toEqual({ units: 3n, scale: 0 });
    expect(centsOf('0.1') + centsOf('0.2')).toBe(centsOf('0.3'));
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const bad of ['', '1,234.50', '$3', '(12.00)', '1e3', 'NaN', '1.2.3', '-']) {
      expect(isPlainDecimal(bad), bad).toBe(false);
      expect(() => parseDecimal(bad), bad).toThrow(RangeError);
    }
  });

  it('formats cents with two places and a leading minus', () => {
    expect(formatCents(123450n)).toBe('1234.50');
    expect(formatCents(-5n)).toBe('-0.05');
    expect(formatCents(0n)).toBe('0.00');
    expect(formatCents(99999999999999999999n)).toBe('999999999999999999.99');
  });

  it('refuses to silently round money with more than two places', () => {
    expect(() => centsOf('1.005')).toThrow(/two decimal places/);
    expect(centsOf('1.500')).toBe(150n);
    expect(centsOf('1.005', { round: true })).toBe(101n);
    expect(centsOf('-1.005', { round: true })).toBe(-101n);
  });

  it('computes line amounts half away from zero', () => {
    expect(lineAmountCents('3', '19.99')).toBe(5997n);
    expect(lineAmountCents('1.5', '0.125')).toBe(19n); // 0.1875
    expect(lineAmountCents('2', '-0.0125')).toBe(-3n); // -0.025
    expect(lineAmountCents('0.333', '3')).toBe(100n); // 0.999
  });

  it('sums and normalises', () => {
    expect(sumCents([100n, -250n, 1n])).toBe(-149n);
    expect(normalizeDecimal('1.500')).toBe('1.5');
    expect(normalizeDecimal('-0.00')).toBe('0');
    expect(normalizeDecimal('007')).toBe('7');
    expect(normalizeDecimal('-0.050')).toBe('-0.05');
  });
});
