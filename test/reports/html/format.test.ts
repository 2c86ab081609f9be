import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMinutes,
  formatMoney,
  formatTimestamp,
} from '../../../src/reports/html/format.js';

describe('formatMoney', () => {
  it('groups thousands and keeps two places, exactly', () => {
    expect(formatMoney('1234.50')).toBe('1,234.50');
    expect(formatMoney('-1234.5')).toBe('-1,234.50');
    expect(formatMoney('0.00')).toBe('0.00');
    expect(formatMoney('-0.07')).toBe('-0.07');
    expect(formatMoney('999.99')).toBe('999.99');
    expect(formatMoney('1000')).toBe('1,000.00');
  });

  it('prints amounts beyond a double’s precision digit for digit', () => {
    expect(formatMoney('12345678901234567890.12')).toBe('12,345,678,901,234,567,890.12');
    expect(formatMoney('-90071992547409.93')).toBe('-90,071,992,547,409.93');
  });

  it('shows a value that is not a plain decimal as it is rather than failing the report', () => {
    expect(formatMoney('n/a')).toBe('n/a');
    expect(formatMoney('1.234')).toBe('1.234');
  });
});

describe('other figures', () => {
  it('groups counts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-4200)).toBe('-4,200');
  });

  it('states durations the way a consultant plans with them', () => {
    expect(formatMinutes(0.2)).toBe('under 1 min');
    expect(formatMinutes(1.1)).toBe('2 min');
    expect(formatMinutes(59)).toBe('59 min');
    expect(formatMinutes(125.5)).toBe('2 h 06 min');
    expect(formatMinutes(Number.NaN)).toBe('unknown');
  });

  it('shortens ISO timestamps to the minute in UTC', () => {
    expect(formatTimestamp('2024-04-02T09:41:07.000Z')).toBe('2024-04-02 09:41 UTC');
    expect(formatTimestamp('yesterday')).toBe('yesterday');
  });
});
