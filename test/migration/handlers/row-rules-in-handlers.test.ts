import { describe, expect, it } from 'vitest';
import type { Account, JournalEntry, Party, Product } from '../../../src/ledger/index.js';
import type {
  CustomerBody,
  InvoiceBody,
  JournalEntryBody,
  ProductBody,
  TransactionBody,
  WorkspaceAccount,
} from '../../../src/migration/contracts/migration-api.js';
import type { StagedRow } from '../../../src/migration/contracts/staged-row.js';
import type { StepName } from '../../../src/migration/contracts/steps.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import type { PlanContext, UnitContext } from '../../../src/migration/engine/phase-handler.js';
import { accountsCreate } from '../../../src/migration/handlers/accounts-create.js';
import { bankTransactionsCreate } from '../../../src/migration/handlers/bank-transactions-create.js';
import type { DocumentRow } from '../../../src/migration/handlers/document-plans.js';
import { invoicesCreate } from '../../../src/migration/handlers/invoices-create.js';
import {
  INVOICE_LINES,
  invoicesReclassifyTax,
} from '../../../src/migration/handlers/invoices-reclassify-tax.js';
import { journalEntriesCreate } from '../../../src/migration/handlers/journal-entries-create.js';
import { customersCreate, productsCreate } from '../../../src/migration/handlers/parties-create.js';
import {
  customerRefusal,
  invoiceRefusal,
  journalEntryRefusal,
  productRefusal,
  transactionRefusal,
} from '../../../src/migration/handlers/request-rules.js';
import type { OutcomeView } from '../../../src/migration/outcomes/outcome-view.js';
import { References } from '../../../src/migration/outcomes/references.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { account, bankLine, invoice, party } from '../../support/ledger-builders.js';

/**
 * The handlers send a legacy row the API would refuse as it is in a form the API takes, the books
 * unchanged, and a dry run predicts the refusal of anything left (docs/api-assumptions.md, "Row
 * rules"). Each body is checked with the rules the sandbox agrees with (request-rules.test.ts).
 */
const ids: Record<string, string> = {
  'account:4000': 'sales',
  'account:425': 'freight',
  'account:1000': 'bank',
  'account:3000': 'equity',
  'account:@clearing': 'clearing',
  'customer:C': 'customer',
  'workspace-account:tax': 'tax',
  'workspace-account:uncategorized-income': 'uncategorized',
};

function outcomesOf(outcomes: Record<string, RowOutcome>): OutcomeView {
  return {
    get: (entity, key) => outcomes[`${entity}:${key}`],
    idOf: (entity, key) => outcomes[`${entity}:${key}`]?.id ?? ids[`${entity}:${key}`],
  };
}

const unit = (outcomes: Record<string, RowOutcome> = {}): UnitContext => {
  const view = outcomesOf(outcomes);
  return {
    scope: { runName: 'r', mode: 'dry-run', profile: 'p' },
    unitId: 'u1',
    outcomes: view,
    refs: new References(view),
    attemptStartedAt: undefined,
  } as unknown as UnitContext;
};

/** A plan context over staged rows by step and a workspace snapshot by resource. */
function planContext(
  staged: Partial<Record<StepName, unknown[]>>,
  snapshots: Record<string, unknown[]> = {},
  outcomes: Record<string, RowOutcome> = {},
): PlanContext {
  const view = outcomesOf(outcomes);
  async function* rows(step: StepName, records: unknown[]): AsyncGenerator<StagedRow> {
    const entity = step.replace(/ies$/, 'y').replace(/s$/, '');
    for (const record of records)
      yield await Promise.resolve({ entity, key: 'x', record } as unknown as StagedRow);
  }
  return {
    manifest: { cutoverDate: '2026-01-01', endDate: '2026-03-31', baseCurrency: 'USD' },
    outcomes: view,
    refs: new References(view),
    batchSize: 25,
    stagedRows: (step: StepName) => rows(step, staged[step] ?? []),
    snapshot: (resource: string) => Promise.resolve(snapshots[resource] ?? []),
  } as unknown as PlanContext;
}

const chart: Account[] = [
  account('4000', 'Sales', 'revenue'),
  account('425', 'Freight', 'expense'),
  account('1000', 'Checking', 'bank'),
  account('3000', 'Capital', 'equity'),
];

describe('documents the API would refuse as they are', () => {
  it('go with prices of four places, names cut to 255 and descriptions to 4,000 characters', () => {
    const document = invoice({
      key: 'INV-1',
      date: '2026-02-01',
      party: 'C',
      // A Xero 12.5% discount on 19.99: 17.49125 a unit, 2 units 34.98.
      lines: [{ account: '4000', amount: '34.98', quantity: '2', unitPrice: '17.49125' }],
    });
    const [line] = document.lines;
    if (line) line.description = `Consulting ${'x'.repeat(5000)}`;
    document.dueDate = '2026-01-15'; // before the date
    const row: UnitRow<DocumentRow<typeof document>> = {
      entity: 'invoice',
      key: 'INV-1',
      data: { document },
    };
    const body = invoicesCreate.prepare(unit(), [row]).request as InvoiceBody;
    expect(invoiceRefusal(body)).toBeUndefined();
    expect(body.dueDate).toBe('2026-02-01');
    expect(body.products[0]).toMatchObject({ quantity: '1', unitPrice: '34.98' });
    expect(body.products[0]?.name).toHaveLength(255);
    expect(body.products[0]?.description).toHaveLength(4000);
  });

  it('are predicted refused by the dry run, with the code the live refusal gets', () => {
    const document = invoice({
      key: 'INV-2',
      date: '2026-02-01',
      party: 'C',
      lines: [{ account: '4000', amount: '-5.00' }],
    });
    const row = { entity: 'invoice', key: 'INV-2', data: { document } };
    const [predicted] = invoicesCreate.predict(unit(), [row]);
    expect(predicted).toMatchObject({
      status: 'failed',
      code: 'api.400',
      reason: 'the API would refuse it (400): a document total cannot be negative',
    });
  });
});

describe('bank lines and journals the API would refuse as they are', () => {
  it('skip a bank line that moves nothing, and cut a long description', async () => {
    const zero = bankLine('T0', '2026-02-01', '1000', '0.00', '425');
    const own = bankLine('T1', '2026-02-01', '1000', '-5.00', '1000');
    const long = {
      ...bankLine('T2', '2026-02-01', '1000', '-5.00', '425'),
      description: 'y'.repeat(1500),
    };
    const decided: RowOutcome[] = [];
    const units: UnitRow[] = [];
    const context = planContext({ 'bank-transactions': [zero, own, long] });
    Object.assign(context, {
      sink: {
        decided: (outcome: RowOutcome) => Promise.resolve(void decided.push(outcome)),
        batches: () => ({
          add: (row: UnitRow) => Promise.resolve(void units.push(row)),
          flush: () => Promise.resolve(),
        }),
      },
    });
    const planned = await bankTransactionsCreate.plan(context);
    expect(decided.map((o) => [o.key, o.status, o.code])).toEqual([
      ['T0', 'skipped', 'bank.nothing-to-post'],
      ['T1', 'skipped', 'bank.nothing-to-post'],
    ]);
    expect(planned.counts).toMatchObject({ planned: 3, skipped: 2 });
    const prepared = bankTransactionsCreate.prepare(unit(), units as never);
    const [body] = prepared.request as TransactionBody[];
    expect(body && transactionRefusal(body)).toBeUndefined();
    expect(body?.description).toHaveLength(1000);
  });

  it('send a journal line as what it nets to, and leave out lines of nothing', () => {
    const at = { file: 'journals.csv', row: 2 };
    const entry: JournalEntry = {
      key: 'JE-1',
      date: '2026-02-01',
      memo: 'Accrual',
      lines: [
        { accountKey: '425', debit: '15.00', credit: '5.00', description: '', source: at },
        { accountKey: '4000', debit: '0.00', credit: '0.00', description: '', source: at },
        { accountKey: '3000', debit: '0.00', credit: '10.00', description: '', source: at },
      ],
      source: at,
    };
    const row = { entity: 'journal-entry', key: 'JE-1', data: { entry } };
    const body = journalEntriesCreate.prepare(unit(), [row]).request as JournalEntryBody;
    expect(journalEntryRefusal(body)).toBeUndefined();
    expect(body.lines).toEqual([
      { accountUuid: 'freight', debit: '10.00', credit: '0.00' },
      { accountUuid: 'equity', debit: '0.00', credit: '10.00' },
    ]);
  });
});

describe('customers and products the API would refuse as they are', () => {
  it('send a customer without an email the API refuses, kept in its notes', () => {
    const customer: Party = {
      ...party('C', 'Bright Co'),
      email: 'a@b.example; c@d.example',
      phone: '5'.repeat(60),
    };
    const prepared = customersCreate.prepare(unit(), [
      { entity: 'customer', key: 'C', data: customer },
    ]);
    const [body] = prepared.request as CustomerBody[];
    expect(body && customerRefusal(body)).toBeUndefined();
    expect(body).toMatchObject({ notes: 'Email in the legacy books: a@b.example; c@d.example' });
    expect(body?.email).toBeUndefined();
  });

  it('default a product selling on an expense account to uncategorized income, and leave out a price of five places', async () => {
    const freightItem: Product = {
      key: 'FREIGHT',
      name: 'Freight recharge',
      type: 'service',
      salesPrice: '0.12345',
      incomeAccountKey: '425',
      expenseAccountKey: '4000',
      taxable: false,
      active: true,
      source: { file: 'items.csv', row: 2 },
    };
    const context = planContext({ accounts: chart, products: [freightItem] }, { products: [] });
    const planned = await productsCreate.plan(context);
    const rows = planned.units.flat();
    const body = productsCreate.prepare(unit(), rows).request?.[0] as ProductBody;
    expect(productRefusal(body)).toBeUndefined();
    expect(body).toMatchObject({ incomeAccountUuid: 'uncategorized', name: 'Freight recharge' });
    expect(body.expenseAccountUuid).toBeUndefined();
    expect(body.price).toBeUndefined();
  });
});

describe('accounts the API would refuse', () => {
  it('fail up front when the workspace or another legacy account has the name, in any case', async () => {
    const workspace: WorkspaceAccount[] = [
      { id: 'w1', name: 'Freight', type: 'Income', editable: true },
    ];
    const context = planContext(
      {
        accounts: [
          chart[1],
          account('426', 'Postage', 'expense'),
          account('427', 'POSTAGE', 'expense'),
        ],
      },
      {
        'chart-of-accounts': workspace,
        'account-sub-types': [
          { id: 19, type: 'Expenses', name: 'Operating Expenses' },
          { id: 17, type: 'Income', name: 'Other Income' },
        ],
      },
    );
    const planned = await accountsCreate.plan(context);
    const failed = planned.decided.filter((o) => o.status === 'failed');
    expect(failed.map((o) => [o.key, o.code])).toEqual([
      ['425', 'account.name-taken'],
      ['427', 'account.name-taken'],
    ]);
    expect(failed[0]?.reason).toContain(`the workspace's "Freight" (Income) has its name`);
    expect(planned.units.flat().map((row) => row.key)).toEqual(['426', '@clearing']);
  });
});

describe('the reclassification of sales lines', () => {
  const created = (key: string): RowOutcome => ({
    entity: 'invoice',
    key,
    status: 'created',
    id: `id-${key}`,
    step: 'invoices',
    phase: 'create',
  });

  it('moves each month and account apart, credit notes netted, and documents after the end on their own', async () => {
    const recharge = (key: string, date: string, amount: string) =>
      invoice({
        key,
        date,
        party: 'C',
        lines: [
          { account: '4000', amount: '100.00', tax: '8.25' },
          { account: '425', amount },
        ],
      });
    const refund = invoice(
      { key: 'CN-1', date: '2026-02-25', party: 'C', lines: [{ account: '425', amount: '10.00' }] },
      'credit-note',
    );
    const documents = [
      recharge('INV-1', '2026-01-15', '45.00'),
      recharge('INV-2', '2026-02-20', '30.00'),
      refund,
      recharge('INV-3', '2026-04-02', '12.00'),
    ];
    const outcomes = Object.fromEntries(documents.map((d) => [`invoice:${d.key}`, created(d.key)]));
    const context = planContext({ accounts: chart, invoices: documents }, {}, outcomes);
    const planned = await invoicesReclassifyTax.plan(context);
    const journals = planned.units.map((rows) => {
      const body = invoicesReclassifyTax.prepare(unit(), rows).request as JournalEntryBody;
      expect(journalEntryRefusal(body)).toBeUndefined();
      return [
        rows.map((row) => row.key).join(' '),
        body.date,
        body.lines.map((l) => `${l.accountUuid} ${l.debit}/${l.credit}`).join(', '),
      ];
    });
    expect(journals).toEqual([
      ['INV-1', '2026-01-15', 'clearing 8.25/0.00, tax 0.00/8.25'],
      ['INV-1@425', '2026-01-15', 'clearing 45.00/0.00, freight 0.00/45.00'],
      ['INV-2', '2026-02-20', 'clearing 8.25/0.00, tax 0.00/8.25'],
      ['INV-2@425 CN-1@425', '2026-02-25', 'clearing 20.00/0.00, freight 0.00/20.00'],
      ['INV-3', '2026-04-02', 'clearing 8.25/0.00, tax 0.00/8.25'],
      ['INV-3@425', '2026-04-02', 'clearing 12.00/0.00, freight 0.00/12.00'],
    ]);
    expect(new Set(planned.units.flat().map((row) => row.entity))).toEqual(
      new Set(['invoice-tax', INVOICE_LINES]),
    );
  });
});
