import { afterEach, describe, expect, it } from 'vitest';
import {
  DocumentSummaries,
  type DocumentSummary,
} from '../../src/validation/document-summaries.js';
import { resolveDocument, type DocumentReference } from '../../src/validation/resolve-document.js';

const bill = (row: number, overrides: Partial<DocumentSummary> = {}): DocumentSummary => ({
  entity: 'bill',
  type: 'bill',
  partyKey: 'Acme Property',
  date: '2026-01-14',
  currency: 'USD',
  total: 100_000n,
  baseTotal: 100_000n,
  applied: 0n,
  appliedBeforeCutover: 0n,
  beforeCutover: false,
  status: 'open',
  location: { file: 'Bills.csv', row },
  ...overrides,
});

const payment = (overrides: Partial<DocumentReference> = {}): DocumentReference => ({
  entity: 'bill',
  reference: 'RENT',
  types: ['bill'],
  partyKey: 'Acme Property',
  amount: 100_000n,
  date: '2026-03-01',
  ...overrides,
});

describe('which document a payment naming a shared number settles', () => {
  const documents = new DocumentSummaries();
  const file = (key: string, summary: DocumentSummary) => {
    documents.add('bill', key, summary);
    documents.addNumber('bill', 'RENT', summary.partyKey, key);
  };
  afterEach(() => documents.clear());

  it('prefers the document it settles exactly over one it would settle in part', () => {
    file('a', bill(2, { total: 300_000n }));
    file('b', bill(3, { total: 150_000n }));
    const found = resolveDocument(documents, payment({ amount: 150_000n }));
    expect(found).toMatchObject({ kind: 'found', document: { key: 'b' } });
  });

  it('never settles a document dated after the payment, a draft or a void', () => {
    file('later', bill(2, { date: '2026-04-01' }));
    file('draft', bill(3, { status: 'draft' }));
    file('void', bill(4, { status: 'void' }));
    file('open', bill(5));
    expect(resolveDocument(documents, payment())).toMatchObject({
      kind: 'found',
      document: { key: 'open' },
    });
  });

  it('is ambiguous only when two of the contact’s documents fit alike', () => {
    file('jan', bill(2));
    file('feb', bill(3, { date: '2026-02-14' }));
    file('other', bill(4, { partyKey: 'Beta Storage' }));
    const found = resolveDocument(documents, payment());
    expect(found.kind).toBe('ambiguous');
    if (found.kind === 'ambiguous')
      expect(found.candidates.map((candidate) => candidate.key)).toEqual(['jan', 'feb']);
  });

  it("names another contact's document when the contact has none, for the party check", () => {
    file('beta', bill(2, { partyKey: 'Beta Storage' }));
    expect(resolveDocument(documents, payment())).toMatchObject({
      kind: 'found',
      document: { key: 'beta', summary: { partyKey: 'Beta Storage' } },
    });
    expect(resolveDocument(documents, payment({ reference: 'AP' }))).toEqual({ kind: 'unknown' });
  });
});
