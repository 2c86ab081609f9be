import { describe, expect, it } from 'vitest';
import {
  dateShapeOf,
  excelSerialToIso,
  isAmbiguous,
  resolveNumericDate,
} from '../../src/sources/values/parse-date.js';

describe('dates', () => {
  it('reads ISO, month-name and report forms exactly', () => {
    expect(dateShapeOf('2024-01-31')).toEqual({ kind: 'exact', iso: '2024-01-31' });
    expect(dateShapeOf('2024-01-31T00:00:00')).toEqual({ kind: 'exact', iso: '2024-01-31' });
    expect(dateShapeOf('31 Jan 2024')).toEqual({ kind: 'exact', iso: '2024-01-31' });
    expect(dateShapeOf('December 31, 2023')).toEqual({ kind: 'exact', iso: '2023-12-31' });
    expect(dateShapeOf('Dec 31, 23')).toEqual({ kind: 'exact', iso: '2023-12-31' });
  });

  it('keeps day/month order open until it is known, with QuickBooks two-digit years', () => {
    const us = dateShapeOf('7/16/98');
    expect(us).toEqual({ kind: 'numeric', first: 7, second: 16, year: 1998 });
    if (us.kind === 'numeric')
      expect(resolveNumericDate(us, 'MDY')).toEqual({ ok: true, iso: '1998-07-16' });
    const dashed = dateShapeOf('05-01-15');
    expect(dashed).toEqual({ kind: 'numeric', first: 5, second: 1, year: 2015 });
    if (dashed.kind === 'numeric') {
      expect(isAmbiguous(dashed)).toBe(true);
      expect(resolveNumericDate(dashed, 'DMY')).toEqual({ ok: true, iso: '2015-01-05' });
    }
    const same = dateShapeOf('05/05/2024');
    expect(same.kind === 'numeric' && isAmbiguous(same)).toBe(false);
  });

  it('rejects impossible dates and recognises Excel serials', () => {
    expect(dateShapeOf('2023-02-29').kind).toBe('invalid');
    expect(dateShapeOf('2024-02-29')).toEqual({ kind: 'exact', iso: '2024-02-29' });
    expect(dateShapeOf('45306')).toEqual({ kind: 'serial', serial: 45306 });
    expect(excelSerialToIso(45306)).toBe('2024-01-15');
    expect(excelSerialToIso(61)).toBe('1900-03-01');
  });
});
