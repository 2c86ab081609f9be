import { describe, expect, it } from 'vitest';
import { isReversible } from '../../../src/migration/undo/reversible-entities.js';

describe('what an undo reverses', () => {
  it('unapplies credit notes from invoices, but lists vendor credits (no unapply route)', () => {
    expect(isReversible({ entity: 'credit-application', phase: 'apply-credit' })).toBe(true);
    expect(isReversible({ entity: 'credit-application', phase: 'apply-vendor-credit' })).toBe(
      false,
    );
  });

  it('covers documents and payments, not the cutover date setting', () => {
    expect(isReversible({ entity: 'invoice', phase: 'create' })).toBe(true);
    expect(isReversible({ entity: 'payment-allocation', phase: 'assign' })).toBe(true);
    expect(isReversible({ entity: 'workspace-cutover', phase: 'cutover' })).toBe(false);
  });
});
