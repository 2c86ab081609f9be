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

  it('reads cents in every written form, the common ones by a shorter path', () => {
    expect(centsOf('-0.50')).toBe(-50n);
    expect(centsOf('007.10')).toBe(710n);
    expect(centsOf('12')).toBe(1200n);
    expect(centsOf('-12')).toBe(-1200n);
    expect(centsOf('-0')).toBe(0n);
    expect(centsOf(' 1.50 ')).toBe(150n);
    expect(centsOf('+1.5')).toBe(150n);
    expect(centsOf('.05')).toBe(5n);
    expect(centsOf('12345678901234567890.99')).toBe(1234567890123456789099n);
    expect(() => centsOf('1.2.34')).toThrow(RangeError);
    expect(() => centsOf('--1.00')).toThrow(RangeError);
  });

  it('normalises every plain decimal as exact arithmetic would', () => {
    // Against the arithmetic definition: the shortest text of units / 10^scale.
    const byArithmetic = (text: string) => {
      const { units, scale } = parseDecimal(text);
      if (units === 0n) return '0';
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const whole = digits.slice(0, digits.length - scale);
      const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
      return `${units < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
    };
    const written = ['0', '-0', '+0.000', '.5', '-.50', '5.', '100', '10.10', '0010.0100', '+3'];
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let index = 0; index < 2000; index += 1) {
      const whole = '0'.repeat(next(3)) + String(next(100000));
      const fraction = String(next(1000)).padStart(next(4), '0') + '0'.repeat(next(3));
      const sign = ['', '-', '+'][next(3)] ?? '';
      written.push(`${sign}${whole}${next(4) === 0 ? '' : `.${fraction}`}`);
    }
    for (const text of written) expect(normalizeDecimal(text), text).toBe(byArithmetic(text));
  });
});
