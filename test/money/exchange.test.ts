import { describe, expect, it } from 'vitest';
import {
  allocateBase,
  divideByRate,
  divideRounded,
  isExchangeRate,
  multiplyByRate,
  proRata,
} from '../../src/money/index.js';

describe('exchange-rate arithmetic', () => {
  it('converts at a rate quoted as base units per foreign unit, exactly', () => {
    // 1,234.56 USD at 1.3456 CAD per USD = 1,661.2239... CAD
    expect(multiplyByRate(123456n, '1.3456')).toBe(166122n);
    // A float would give 0.30000000000000004: exact decimals do not.
    expect(multiplyByRate(10n, '3')).toBe(30n);
    expect(multiplyByRate(-123456n, '1.3456')).toBe(-166122n);
  });

  it('converts at a rate quoted as foreign units per base unit (Xero)', () => {
    // 100.00 USD at 0.75 USD per CAD = 133.33 CAD
    expect(divideByRate(10000n, '0.75')).toBe(13333n);
    expect(divideByRate(-10000n, '0.75')).toBe(-13333n);
    // 1.00 GBP at 0.555 GBP per CAD = 1.8018 CAD
    expect(divideByRate(100n, '0.555')).toBe(180n);
  });

  it('rounds half away from zero, once', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(multiplyByRate(1n, '0.5')).toBe(1n); // 0.005 -> 0.01
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('refuses rates that are not positive plain decimals', () => {
    for (const bad of ['0', '-1.2', '1,3', 'abc', '']) {
      expect(isExchangeRate(bad), bad).toBe(false);
      expect(() => multiplyByRate(100n, bad), bad).toThrow(RangeError);
    }
    expect(isExchangeRate('1.345600')).toBe(true);
  });

  it('takes a part of a document pro rata of its base total', () => {
    expect(proRata(5000n, 10000n, 13457n)).toBe(6729n);
    expect(proRata(10000n, 10000n, 13457n)).toBe(13457n);
    expect(proRata(1n, 0n, 5n)).toBe(0n);
  });

  it('allocates a base total over lines so they add up to it to the cent', () => {
    const parts = allocateBase(10000n, [3333n, 3333n, 3334n]);
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(10000n);
    const thirds = allocateBase(100n, [1n, 1n, 1n]);
    expect(thirds.reduce((a, b) => a + b, 0n)).toBe(100n);
    expect(thirds).toEqual([34n, 33n, 33n]);
    const withCredit = allocateBase(-13457n, [-5000n, -5000n, 0n]);
    expect(withCredit.reduce((a, b) => a + b, 0n)).toBe(-13457n);
    expect(withCredit[2]).toBe(0n);
  });
});
