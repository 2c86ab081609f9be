import { centsOf, type Cents } from '../../money/index.js';
import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import { openAtCutover, type Settlements } from '../../ledger/open-at-cutover.js';

export { emptySettlements, type Settlements } from '../../ledger/open-at-cutover.js';

/** `openAtCutover` for a canonical document (see src/ledger/open-at-cutover.ts). */
export function outstandingAtCutover(
  document: SalesDocument | PurchaseDocument,
  settlements: Settlements,
): { outstanding: Cents; clamped: boolean } {
  return openAtCutover(
    {
      total: centsOf(document.total),
      amountDue: document.amountDue === undefined ? undefined : centsOf(document.amountDue),
      dueAtCutover:
        document.dueAtCutover === undefined ? undefined : centsOf(document.dueAtCutover),
      status: document.status,
    },
    settlements,
  );
}
