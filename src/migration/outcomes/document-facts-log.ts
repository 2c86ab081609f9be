import type { RunStore } from '../../run-store/run-store.js';
import type { DocumentFacts, DocumentFactsEntry } from '../contracts/stage-manifest.js';
import { IndexedLog } from './indexed-log.js';

/** The facts staging decided for each document, looked up by entity and key while planning. */
export interface DocumentFactsView {
  get(entity: 'invoice' | 'bill', key: string): DocumentFacts | undefined;
}

/** The stage's document-facts log (stageKeys().documentFacts), indexed off the heap. */
export class DocumentFactsLog extends IndexedLog<DocumentFactsEntry> implements DocumentFactsView {
  constructor(store: RunStore, log: string) {
    super(store, log, (entry) => [entry.entity, entry.key]);
  }

  get(entity: 'invoice' | 'bill', key: string): DocumentFacts | undefined {
    return this.lookup([entity, key]);
  }

  /** The latest facts of every document. */
  values(): Iterable<DocumentFactsEntry> {
    return this.latestValues();
  }
}
