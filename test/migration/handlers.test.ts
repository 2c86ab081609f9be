import { describe, expect, it } from 'vitest';
import type { OutcomeView } from '../../src/migration/outcomes/outcome-view.js';
import { References } from '../../src/migration/outcomes/references.js';
import type { RowOutcome } from '../../src/migration/outcomes/row-outcome.js';
import { documentLines } from '../../src/migration/handlers/document-lines.js';
import { balanceRows } from '../../src/migration/handlers/opening-balance.js';
import { partsOf } from '../../src/migration/accounting/payment-parts.js';
import { matchPage } from '../../src/migration/handlers/reconcile-scan.js';
import { handlerFor } from '../../src/migration/handlers/registry.js';
import { chooseSubType } from '../../src/migration/handlers/choose-sub-type.js';
import {
  controlSubTypeNames,
  findWorkspaceRoles,
} from '../../src/migration/handlers/workspace-roles.js';
import { stepNames, stepPhases, type PhaseName } from '../../src/migration/contracts/steps.js';
import { bill, invoice, opening, payment } from '../support/ledger-builders.js';

/** References over a fixed map of (entity, key) to UUID. */
function refs(ids: Record<string, string>): References {
  const view: OutcomeView = {
    get: (entity, key): RowOutcome | undefined =>
      ids[`${entity}:${key}`]
        ? {
            entity,
            key,
            status: 'created',
            id: ids[`${entity}:${key}`],
            step: 'accounts',
            phase: 'create',
          }
        : undefined,
    idOf: (entity, key) => ids[`${entity}:${key}`],
  };
  return new References(view);
}

describe('phase handlers', () => {
  it('cover every phase of every step', () => {
    for (const step of stepNames) {
      for (const phase of stepPhases[step] as readonly PhaseName[]) {
        expect(handlerFor(step, phase).phase).toBe(phase);
      }
    }
  });
});

describe('document lines', () => {
  const ids = refs({
    'account:4000': 'rev',
    'account:@clearing': 'clr',
    'workspace-account:tax': 'tax',
    'product:WIDGET': 'prod',
  });

  it('keep quantity and price when the API will compute the same amount, else send one unit', () => {
    const document = invoice({
      key: 'INV-9',
      date: '2026-02-01',
      party: 'C',
      lines: [
        { account: '4000', amount: '59.97', quantity: '3', unitPrice: '19.99' },
        { account: '4000', amount: '90.00', quantity: '1', unitPrice: '100.00' }, // a 10% discount
      ],
    });
    const lines = documentLines(document, ids, undefined);
    expect(lines).toMatchObject([
      { quantity: '3', unitPrice: '19.99', accountUuid: 'rev' },
      { quantity: '1', unitPrice: '90.00', accountUuid: 'rev' },
    ]);
  });

  it('send invoice tax to the clearing account (reclassified later) and bill tax to the tax account', () => {
    const lines = [{ account: '4000', amount: '100.00', tax: '8.25' }];
    const sales = documentLines(
      invoice({ key: 'I', date: '2026-02-01', party: 'C', lines }),
      ids,
      undefined,
    );
    expect(sales).toContainEqual(
      expect.objectContaining({ name: 'Tax', unitPrice: '8.25', accountUuid: 'clr' }),
    );
    const purchase = documentLines(
      bill({ key: 'B', date: '2026-02-01', party: 'V', lines }),
      ids,
      undefined,
    );
    expect(purchase).toContainEqual(
      expect.objectContaining({ name: 'Tax', unitPrice: '8.25', accountUuid: 'tax' }),
    );
  });

  it('send a sales line the API refuses on its own account to the clearing account, with its name and amount', () => {
    const document = invoice({
      key: 'INV-7',
      date: '2026-02-01',
      party: 'C',
      lines: [
        { account: '4000', amount: '100.00' },
        { account: '425', amount: '45.00' },
      ],
    });
    const withFreight = refs({
      'account:4000': 'rev',
      'account:425': 'freight',
      'account:@clearing': 'clr',
    });
    expect(documentLines(document, withFreight, undefined, [1])).toMatchObject([
      { accountUuid: 'rev', unitPrice: '100.00' },
      { accountUuid: 'clr', unitPrice: '45.00', name: 'Line for 425' },
    ]);
  });

  it('post a partly settled conversion document as one line for what was open at the cutover', () => {
    const document = invoice({
      key: 'OLD',
      date: '2025-12-01',
      party: 'C',
      lines: [{ account: '4000', amount: '300.00' }],
    });
    expect(documentLines(document, ids, '120.00')).toEqual([
      expect.objectContaining({ quantity: '1', unitPrice: '120.00', accountUuid: 'clr' }),
    ]);
    expect(documentLines(document, ids, '300.00')).toEqual([
      expect.objectContaining({ unitPrice: '300.00', accountUuid: 'clr' }),
    ]);
  });

  it('name the reference that is missing instead of sending a broken document', () => {
    const document = invoice({
      key: 'X',
      date: '2026-02-01',
      party: 'C',
      lines: [{ account: '9999', amount: '1.00' }],
    });
    expect(documentLines(document, ids, undefined)).toEqual({
      missing: 'its line account 9999 was not migrated',
    });
  });
});

describe('opening balance rows', () => {
  it('net receivables and payables into the clearing account, one row per workspace account', () => {
    const rows = balanceRows(
      [
        opening('1000', '1000.00', '0.00'),
        opening('1100', '300.00', '0.00'),
        opening('2000', '0.00', '200.00'),
        opening('3000', '0.00', '1100.00'),
      ],
      refs({ 'account:1000': 'bank', 'account:3000': 'equity', 'account:@clearing': 'clr' }),
      { '1100': 'receivable', '2000': 'payable' },
    );
    expect(rows).toEqual([
      { accountUuid: 'bank', debit: '1000.00', credit: '0.00' },
      { accountUuid: 'clr', debit: '100.00', credit: '0.00' },
      { accountUuid: 'equity', debit: '0.00', credit: '1100.00' },
    ]);
  });
});

describe('payment parts', () => {
  it('are the allocations in order, then any unallocated rest, signed as the bank sees them', () => {
    const received = payment('P', '2026-03-01', '1000', 'C', '250.00', [
      ['INV-1', '100.00'],
      ['INV-2', '120.00'],
    ]);
    expect(partsOf({ kind: 'customer-payment', payment: received })).toEqual([
      { key: 'P#0', amount: '100.00', allocation: { documentKey: 'INV-1', amount: '100.00' } },
      { key: 'P#1', amount: '120.00', allocation: { documentKey: 'INV-2', amount: '120.00' } },
      { key: 'P#2', amount: '30.00' },
    ]);
    const paid = payment('Q', '2026-03-01', '1000', 'V', '80.00', [['B-1', '80.00']]);
    expect(partsOf({ kind: 'vendor-payment', payment: paid })).toEqual([
      { key: 'Q#0', amount: '-80.00', allocation: { documentKey: 'B-1', amount: '80.00' } },
    ]);
  });
});

describe('the workspace chart', () => {
  const chart = [
    {
      id: 'ar',
      name: 'Accounts Receivable',
      type: 'Assets',
      subTypeName: 'Accounts Receivable',
      editable: false,
    },
    {
      id: 'ap',
      name: 'Accounts Payable',
      type: 'Liabilities',
      subTypeName: 'Accounts Payable',
      editable: false,
    },
    {
      id: 'tx',
      name: 'Sales Tax Payable',
      type: 'Liabilities',
      subTypeName: 'Sales Tax Payable',
      editable: false,
    },
    {
      id: 'ui',
      name: 'Uncategorized Income',
      type: 'Income',
      subTypeName: 'Revenue',
      editable: false,
    },
    {
      id: 'x',
      name: 'Receivable from owner',
      type: 'Assets',
      subTypeName: 'Current Assets',
      editable: true,
    },
  ];

  it('finds the control accounts, system accounts first', () => {
    const roles = findWorkspaceRoles(chart);
    expect(roles.get('receivable')?.id).toBe('ar');
    expect(roles.get('payable')?.id).toBe('ap');
    expect(roles.get('tax')?.id).toBe('tx');
    expect(roles.get('uncategorized-income')?.id).toBe('ui');
  });

  it('never creates an account under a control sub-type', () => {
    const catalog = [
      { id: 1, type: 'Liabilities', name: 'Accounts Payable' },
      { id: 2, type: 'Liabilities', name: 'Sales Tax Payable' },
      { id: 3, type: 'Liabilities', name: 'Current Liabilities' },
    ];
    expect(chooseSubType('tax', catalog, controlSubTypeNames(chart))?.id).toBe(3);
    expect(chooseSubType('revenue', catalog, new Set())).toBeUndefined();
  });
});

describe('reconciliation scans', () => {
  const context = {
    scope: { runName: 'r', mode: 'live' as const, stageId: 's', profile: 'p' },
    unitId: 'u',
    outcomes: {} as OutcomeView,
    refs: refs({}),
    attemptStartedAt: '2026-05-01T12:00:00.000Z',
  };
  const row = (key: string) => ({ entity: 'invoice', key, data: key });
  const matched = (r: { entity: string; key: string }, record: { id: string }): RowOutcome => ({
    entity: r.entity,
    key: r.key,
    status: 'matched',
    id: record.id,
    step: 'invoices',
    phase: 'create',
  });

  it('stop once a whole newest-first page predates the attempt', () => {
    const old = {
      records: [
        { id: 'a', createdAt: '2026-04-01T00:00:00.000Z' },
        { id: 'b', createdAt: '2026-03-01T00:00:00.000Z' },
      ],
      page: 2,
      totalPages: 9,
    };
    expect(matchPage(context, [row('X')], old, () => false, matched).nextPage).toBeNull();
  });

  it('keep scanning when pages are not sorted newest first, so correctness never rests on the order', () => {
    const unsorted = {
      records: [
        { id: 'a', createdAt: '2026-03-01T00:00:00.000Z' },
        { id: 'b', createdAt: '2026-04-01T00:00:00.000Z' },
      ],
      page: 2,
      totalPages: 9,
    };
    expect(matchPage(context, [row('X')], unsorted, () => false, matched).nextPage).toBe(3);
  });

  // Issue 29: two customers named "Acme" in the workspace, and a create that timed out unapplied.
  it('never claim a record the pre-run snapshot holds, even when it is the only match', () => {
    const page = {
      records: [
        { id: 'acme-before-run', createdAt: '2026-05-01T12:00:02.000Z' },
        { id: 'acme-by-attempt', createdAt: '2026-05-01T12:00:01.000Z' },
      ],
      page: 1,
      totalPages: 1,
    };
    const preRunIds = new Set(['acme-before-run']);
    const found = matchPage({ ...context, preRunIds }, [row('A')], page, () => true, matched);
    expect(found.matched.map((m) => m.id)).toEqual(['acme-by-attempt']);
    const alone = { ...page, records: [page.records[0] as { id: string; createdAt: string }] };
    expect(
      matchPage({ ...context, preRunIds }, [row('A')], alone, () => true, matched).matched,
    ).toEqual([]);
  });

  it('never claim a record created well before the attempt, but allow for clock skew', () => {
    const page = (createdAt: string) => ({
      records: [{ id: 'acme', createdAt }],
      page: 1,
      totalPages: 1,
    });
    // An hour before the attempt's first send: the attempt cannot have created it.
    expect(
      matchPage(context, [row('A')], page('2026-05-01T11:00:00.000Z'), () => true, matched).matched,
    ).toEqual([]);
    // Five minutes "before" by the worker's clock: the API's clock may be that far behind.
    expect(
      matchPage(context, [row('A')], page('2026-05-01T11:55:00.000Z'), () => true, matched).matched,
    ).toHaveLength(1);
  });

  it('let each workspace record be claimed by one row only', () => {
    const page = {
      records: [{ id: 'only', createdAt: '2026-05-01T12:00:01.000Z' }],
      page: 1,
      totalPages: 1,
    };
    const result = matchPage(context, [row('A'), row('B')], page, () => true, matched);
    expect(result.matched.map((m) => m.key)).toEqual(['A']);
  });
});
