import { describe, expect, it } from 'vitest';
import type { StagedRow } from '../../../src/migration/contracts/staged-row.js';
import type { StageManifest } from '../../../src/migration/contracts/stage-manifest.js';
import type { StepName } from '../../../src/migration/contracts/steps.js';
import type { PlanContext } from '../../../src/migration/engine/phase-handler.js';
import {
  billsExchangeDifference,
  invoicesExchangeDifference,
} from '../../../src/migration/handlers/documents-exchange-difference.js';
import { hasForeignDocuments } from '../../../src/migration/handlers/exchange-account-of.js';

/** A plan context with only what the question reads: the manifest and the staged documents. */
function contextOf(
  manifest: Pick<StageManifest, 'baseCurrency' | 'documentCurrencies'>,
  staged: Partial<Record<StepName, Array<{ currency: string }>>>,
): { context: PlanContext; rowsRead: () => number } {
  let read = 0;
  const context = {
    manifest,
    stagedRows: (step: StepName): AsyncIterable<StagedRow> => rowsOf(staged[step] ?? []),
  } as unknown as PlanContext;
  async function* rowsOf(records: Array<{ currency: string }>): AsyncGenerator<StagedRow> {
    for (const record of records) {
      read += 1;
      yield await Promise.resolve({
        entity: 'invoice',
        key: `K-${read}`,
        record,
      } as unknown as StagedRow);
    }
  }
  return { context, rowsRead: () => read };
}

describe('whether the books hold foreign documents', () => {
  const documents = {
    invoices: Array.from({ length: 50 }, () => ({ currency: 'USD' })),
    bills: [{ currency: 'USD' }, { currency: 'EUR' }],
  };

  it("answers from the stage manifest's currencies, reading no document", async () => {
    const foreign = contextOf(
      { baseCurrency: 'USD', documentCurrencies: ['EUR', 'USD'] },
      documents,
    );
    expect(await hasForeignDocuments(foreign.context)).toBe(true);
    expect(foreign.rowsRead()).toBe(0);
    const home = contextOf({ baseCurrency: 'USD', documentCurrencies: ['USD'] }, documents);
    expect(await hasForeignDocuments(home.context)).toBe(false);
    expect(home.rowsRead()).toBe(0);
  });

  it('reads the documents of a stage whose manifest predates the list', async () => {
    const older = contextOf({ baseCurrency: 'USD' }, documents);
    expect(await hasForeignDocuments(older.context)).toBe(true);
    expect(older.rowsRead()).toBe(52);
  });
});

describe('the exchange-difference phase of books in one currency', () => {
  it('plans nothing without reading a staged document', async () => {
    const documents = {
      invoices: Array.from({ length: 50 }, () => ({ currency: 'USD' })),
      bills: [{ currency: 'USD' }],
    };
    for (const handler of [invoicesExchangeDifference, billsExchangeDifference]) {
      const home = contextOf({ baseCurrency: 'USD', documentCurrencies: ['USD'] }, documents);
      const context = {
        ...home.context,
        documents: () => Promise.resolve({ get: () => undefined }),
        outcomes: { get: () => undefined },
      } as unknown as PlanContext;
      expect(await handler.plan(context)).toMatchObject({ units: [], decided: [] });
      expect(home.rowsRead()).toBe(0);
    }
  });
});
