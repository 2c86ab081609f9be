import { describe, expect, it } from 'vitest';
import { parseAmount, type NumberFormat } from '../../src/sources/values/parse-amount.js';

const ok = (text: string, format?: NumberFormat) => {
  const parsed = parseAmount(text, format);
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
    expect(ok('1.234.567')).toBe('1234567');
    expect(ok('0,500')).toBe('0.5');
  });

  it('says what an amount shows of its file format, and the currency written with it', () => {
    const evidence = (text: string) => {
      const parsed = parseAmount(text);
      return parsed.ok ? { ...parsed.evidence, currency: parsed.currency } : parsed.reason;
    };
    expect(evidence('1.234,56')).toEqual({ decimal: ',', currency: undefined });
    expect(evidence('12.50')).toEqual({ decimal: '.', currency: undefined });
    expect(evidence('1,234,567')).toEqual({ decimal: '.', currency: undefined });
    expect(evidence('1 234,56')).toEqual({ decimal: ',', spaceGroups: true, currency: undefined });
    expect(evidence('1 234 567')).toEqual({ spaceGroups: true, currency: undefined });
    expect(evidence('120')).toEqual({ currency: undefined });
    expect(evidence('EUR 1,000.00')).toEqual({ decimal: '.', currency: 'EUR' });
    expect(evidence('12.00 GBP')).toEqual({ decimal: '.', currency: 'GBP' });
  });

  it('leaves an amount that reads two ways to its file, and reads it as the file says', () => {
    for (const text of ['10.000', '-2.500', '1,234', '(1.000)']) {
      const parsed = parseAmount(text);
      expect(parsed.ok ? 'read' : parsed.undecided).toBe('decimal');
    }
    expect(parseAmount('10.000')).toMatchObject({ readings: ['10000', '10.000'] });
    expect(ok('10.000', { decimal: ',' })).toBe('10000');
    expect(ok('-2.500', { decimal: ',' })).toBe('-2500');
    expect(ok('10.000', { decimal: '.' })).toBe('10');
    expect(ok('1,234', { decimal: '.' })).toBe('1234');
    expect(ok('1,234', { decimal: ',' })).toBe('1.234');
    // The file's mark settles only what reads two ways; the override's applies to every amount.
    expect(ok('12.50', { decimal: ',' })).toBe('12.5');
    expect(ok('12.50', { decimal: ',', forced: true })).toMatch(/misplaced/);
    expect(ok('1.234', { decimal: ',', forced: true })).toBe('1234');
  });

  it('reads spaces between digits as thousands only where the file groups them so', () => {
    const parsed = parseAmount('100 200');
    expect(parsed.ok ? 'read' : parsed.undecided).toBe('space');
    expect(ok('100 200')).toContain('100200 or two numbers (100 and 200)');
    expect(ok('100 200', { spaceGroups: true })).toBe('100200');
    expect(ok('10 0200')).toMatch(/space inside the number/);
  });

  it('refuses what is not an amount, saying why', () => {
    expect(ok('abc')).toMatch(/not a number/);
    expect(ok('1.2.3,4,5')).toMatch(/error/);
    expect(ok('12,34,5')).toMatch(/misplaced/);
    expect(ok('')).toMatch(/no digits/);
    expect(ok('1,234.5', { decimal: ',', forced: true })).toMatch(/error/);
  });
});
