import type { Cents } from '../money/index.js';
import type { DocumentSummaries, ReadSummary } from './document-summaries.js';

/** A document as a payment or a credit found it. */
export interface FoundDocument {
  key: string;
  summary: ReadSummary;
}

/** What a payment's or a credit's reference to a document comes to. */
export type Resolution =
  | { kind: 'found'; document: FoundDocument }
  | { kind: 'ambiguous'; candidates: [FoundDocument, FoundDocument] }
  | { kind: 'unknown' };

/** What a payment or a credit says of the document it settles. */
export interface DocumentReference {
  entity: 'invoice' | 'bill';
  /** The number the export names (or the document's key), "(no number)" when it names none. */
  reference: string;
  /** The document types it may settle (an invoice, say, or a credit note). */
  types: readonly ReadSummary['type'][];
  /** The customer or vendor paying or credited, when known. */
  partyKey: string | undefined;
  amount: Cents;
  date: string;
}

/**
 * Finds the document a payment or a credit settles. A reference that is a document's key is that
 * document. Otherwise the number is shared or missing (Xero allows both), and the document is the
 * one of the same contact with that number, dated on or before the settlement and still open for
 * its amount; of several, the one whose open amount it settles exactly. Only when that still
 * leaves two is it ambiguous. When none is open, the contact's first document with the number is
 * returned, so the usual checks say what is wrong (more paid than the total, say).
 */
export function resolveDocument(
  documents: DocumentSummaries,
  wanted: DocumentReference,
): Resolution {
  const direct = documents.get(wanted.entity, wanted.reference);
  if (direct) return { kind: 'found', document: { key: wanted.reference, summary: direct } };
  const ofParty = documents.byNumber(wanted.entity, wanted.reference, wanted.partyKey);
  // None of the party's: another party's, so that the usual checks name whose it is.
  const pool =
    ofParty.length > 0 || wanted.partyKey === undefined
      ? ofParty
      : documents.byNumber(wanted.entity, wanted.reference, undefined);
  const open = pool.filter(
    ({ summary }) =>
      wanted.types.includes(summary.type) &&
      summary.status !== 'draft' &&
      summary.status !== 'void' &&
      summary.date <= wanted.date &&
      summary.total - summary.applied >= wanted.amount,
  );
  const exact = open.filter(({ summary }) => summary.total - summary.applied === wanted.amount);
  const choices = open.length > 1 && exact.length > 0 ? exact : open;
  const [first, second] = choices;
  if (first && second) return { kind: 'ambiguous', candidates: [first, second] };
  if (first) return { kind: 'found', document: first };
  const [fallback] = pool;
  return fallback ? { kind: 'found', document: fallback } : { kind: 'unknown' };
}
