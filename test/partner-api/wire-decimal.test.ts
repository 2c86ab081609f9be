import { describe, expect, it } from 'vitest';
import { parseJsonWithDecimalStrings, stringifyJsonExact } from '../../src/json/exact-json.js';
import {
  invoiceCreateSchema,
  invoiceSchema,
} from '../../src/partner-api/schemas/invoices-schema.js';
import { openingBalanceSetSchema } from '../../src/partner-api/schemas/opening-balance-schema.js';
import { moneyFromWire, plainDecimalFromWire } from '../../src/partner-api/schemas/wire-decimal.js';
import { encodeBody } from '../../src/partner-api/request-executor.js';

describe('numbers from the wire', () => {
  it('turns every JSON number form into an exact money string', () => {
    const parsed = parseJsonWithDecimalStrings(
      '[1234.5, 100, -0.1, 0.30000000000000004, 1.5e3, 12345678901234567890.12, 0.125]',
    ) as unknown[];
    expect(parsed.map((value) => moneyFromWire.parse(value))).toEqual([
      '1234.50',
      '100.00',
      '-0.10',
      '0.30000000000000004',
      '1500.00',
      '12345678901234567890.12',
      '0.125',
    ]);
    expect(plainDecimalFromWire('2.5E-3')).toBe('0.0025');
    expect(moneyFromWire.safeParse('USD').success).toBe(false);
    expect(moneyFromWire.safeParse(0.1).success).toBe(false);
  });

  it('parses documents with money strings and decimal quantities', () => {
    const invoice = invoiceSchema.parse(
      parseJsonWithDecimalStrings(
        '{"id":"i1","total":1099.9,"amountDue":0,"products":[{"quantity":1.5,"unitPrice":733.2667}],"extra":{"kept":true}}',
      ),
    );
    expect(invoice.total).toBe('1099.90');
    expect(invoice.amountDue).toBe('0.00');
    expect(invoice.products?.[0]).toMatchObject({ quantity: '1.5', unitPrice: '733.2667' });
    expect(invoice.extra).toEqual({ kept: true });
  });
});

describe('numbers to the wire', () => {
  it('writes money and quantities as exact JSON numbers, opening balances as strings', () => {
    const body = encodeBody(
      invoiceCreateSchema,
      {
        customer: { customer: 'Walk-in' },
        date: '2026-02-01',
        dueDate: '2026-03-01',
        products: [
          { name: 'Consulting', quantity: '1.50', unitPrice: '0.10', categoryAccountUuid: 'inc-1' },
        ],
      },
      'invoice',
    );
    expect(stringifyJsonExact(body)).toBe(
      '{"customer":{"customer":"Walk-in"},"date":"2026-02-01","dueDate":"2026-03-01",' +
        '"products":[{"name":"Consulting","quantity":1.5,"unitPrice":0.1,"categoryAccountUuid":"inc-1"}]}',
    );
    const opening = encodeBody(
      openingBalanceSetSchema,
      { rows: [{ accountUuid: 'a', debit: '1234.5', credit: '0' }], replaceExisting: true },
      'opening balance',
    );
    expect(stringifyJsonExact(opening)).toBe(
      '{"rows":[{"accountUuid":"a","debit":"1234.50","credit":"0.00"}],"replaceExisting":true}',
    );
  });

  it('refuses money with more than two places or that is not a plain decimal, before sending', () => {
    expect(() =>
      encodeBody(
        openingBalanceSetSchema,
        { rows: [{ accountUuid: 'a', debit: '1.005', credit: '0' }] },
        'opening balance',
      ),
    ).toThrow(expect.objectContaining({ kind: 'invalid-request' }));
    expect(() =>
      encodeBody(
        openingBalanceSetSchema,
        { rows: [{ accountUuid: 'a', debit: '$12', credit: '0' }] },
        'opening balance',
      ),
    ).toThrow(/rows\.0\.debit/);
  });
});
