import { describe, expect, it } from 'vitest';
import { cancelledNumbers, currentNumber } from '../../../src/migration/handlers/document-plans.js';

describe('documents an undo cancelled', () => {
  it('reads the cancelled numbers from the corrections an undo posted', () => {
    const cancelled = cancelledNumbers(['INV-0001-Ua1b2c3', 'CM-7', 'INV-0002-R2-Uzz9x8w']);
    expect([...cancelled].sort()).toEqual(['INV-0001', 'INV-0002-R2']);
  });

  it('keeps the own number of a document no undo cancelled', () => {
    expect(currentNumber('INV-0003', cancelledNumbers(['INV-0001-Ua1b2c3']))).toBe('INV-0003');
  });

  it('issues a cancelled document again under the first number no undo cancelled', () => {
    const once = cancelledNumbers(['INV-0001-Ua1b2c3']);
    expect(currentNumber('INV-0001', once)).toBe('INV-0001-R2');
    const twice = cancelledNumbers(['INV-0001-Ua1b2c3', 'INV-0001-R2-Ud4e5f6']);
    expect(currentNumber('INV-0001', twice)).toBe('INV-0001-R3');
  });
});
