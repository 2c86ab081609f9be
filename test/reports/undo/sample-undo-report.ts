import type { UndoPlan, UndoVerification } from '../../../src/migration/contracts/undo-types.js';
import {
  buildUndoReport,
  type UndoReport,
  type UndoReportFacts,
} from '../../../src/reports/undo/undo-report-data.js';

/** The plan of an undo of the demo company's run: payments first, accounts last. */
export const samplePlan: UndoPlan = {
  planId: 'undo-3f9a01c2b7de',
  asOf: '2024-12-31',
  calls: 47,
  groups: [
    { phase: 'undo-unassign', step: 'payments', units: 12 },
    { phase: 'undo-delete-transactions', step: 'payments', units: 12 },
    { phase: 'undo-correct-documents', step: 'invoices', units: 9 },
    { phase: 'undo-apply-corrections', step: 'invoices', units: 9 },
    { phase: 'undo-opening-balance', step: 'opening-balance', units: 1 },
    { phase: 'undo-deactivate-parties', step: 'customers', units: 3 },
    { phase: 'undo-delete-accounts', step: 'accounts', units: 1 },
  ],
  notReversible: [
    {
      entity: 'invoice-attachment',
      key: 'INV-1007/receipt.pdf',
      id: '0190c7a2-0000-7000-8000-00000000aa01',
      step: 'invoices',
      reason:
        'undo does not reverse invoice-attachment records (invoices/attach): correct it by hand',
    },
  ],
};

export const needsReviewVerification: UndoVerification = {
  balanced: false,
  differences: [
    { account: '1200 Accounts Receivable', before: '0.00', after: '1240.00' },
    { account: '4000 Sales', before: '-98250.75', after: '-99490.75' },
  ],
  reversed: 45,
  notReversed: [
    {
      entity: 'invoice',
      key: 'INV-1042',
      id: '0190c7a2-0000-7000-8000-0000000b1042',
      step: 'invoices',
      reason: 'VALIDATION_ERROR: the invoice is in a closed period (2024-03)',
    },
  ],
  inactiveInstead: [
    {
      entity: 'account',
      key: '6150 Coffee supplies',
      id: '0190c7a2-0000-7000-8000-00000000c615',
      step: 'accounts',
      reason: 'ACCOUNT_HAS_ACTIVITY: the account has postings in a closed period',
    },
  ],
};

/** The cutover date the run set: the API cannot clear it, so every live undo keeps it. */
const keptCutover = {
  entity: 'workspace-cutover',
  key: 'cutover',
  id: '2024-01-01',
  step: 'opening-balance',
  reason: 'the cutover date stays set: the API has no call that clears it',
} as const;

const base: UndoReportFacts = {
  runName: 'harbor-pine-roasters-2024',
  mode: 'dry-run',
  plan: samplePlan,
  calls: 0,
  requestsPerMinute: 60,
  status: 'dry-run-complete',
  estimatedMinutes: 0.8,
  generatedAt: '2026-11-25T23:40:00.000Z',
};

export function sampleUndoReport(
  kind: 'dry-run' | 'needs-review' | 'verified',
  facts: Partial<UndoReportFacts> = {},
): UndoReport {
  if (kind === 'dry-run') return buildUndoReport({ ...base, ...facts });
  const verification: UndoVerification =
    kind === 'verified'
      ? {
          balanced: true,
          differences: [],
          reversed: 47,
          notReversed: [],
          inactiveInstead: [],
          keptSettings: [keptCutover],
        }
      : needsReviewVerification;
  return buildUndoReport({
    ...base,
    mode: 'live',
    calls: 48,
    status: kind,
    verification,
    ...facts,
  });
}
