import type { StepName } from '../contracts/steps.js';

/** Where a stage keeps its parts in the run store. */
export function stageKeys(stageId: string) {
  const base = `stages/${stageId}`;
  return {
    manifest: `${base}/manifest`,
    rows: (step: StepName) => `${base}/rows/${step}`,
    problems: `${base}/problems`,
    skips: `${base}/skips`,
    /** A log of DocumentFactsEntry, one per document (the latest per document wins). */
    documentFacts: `${base}/document-facts`,
    projection: `${base}/projection`,
    legacyTrialBalance: `${base}/legacy-trial-balance`,
  };
}
