import type { Account, PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import {
  anyForeignCurrency,
  EXCHANGE_ACCOUNT_KEY,
  EXCHANGE_ACCOUNT_NAME,
  legacyExchangeAccount,
  WORKSPACE_EXCHANGE_ROLE,
} from '../accounting/exchange-account.js';
import type { StageManifest } from '../contracts/stage-manifest.js';
import type { PlanContext } from '../engine/phase-handler.js';

/**
 * True when some invoice or bill is in another currency than the books' base currency. Staging
 * lists the documents' currencies in the manifest, so the accounts step need not read every
 * document; a stage from before it did is read through.
 */
export async function hasForeignDocuments(context: PlanContext): Promise<boolean> {
  const listed = listsForeignDocuments(context.manifest);
  if (listed !== undefined) return listed;
  const base = context.manifest.baseCurrency;
  for (const step of ['invoices', 'bills'] as const) {
    for await (const staged of context.stagedRows(step)) {
      const document = staged.record as SalesDocument | PurchaseDocument;
      if (document.currency !== base) return true;
    }
  }
  return false;
}

/**
 * Whether the manifest lists a document currency other than the base currency; undefined for a
 * stage from before manifests listed them (the documents must then be read).
 */
export function listsForeignDocuments(manifest: StageManifest): boolean | undefined {
  const listed = manifest.documentCurrencies;
  return listed && anyForeignCurrency(listed, manifest.baseCurrency);
}

/**
 * The workspace UUID of the exchange-difference account the accounts step settled on
 * (src/migration/accounting/exchange-account.ts), with its name for the report; undefined while
 * that account has not succeeded.
 */
export async function exchangeAccountOf(
  context: PlanContext,
): Promise<{ uuid: string; name: string } | undefined> {
  const chart: Account[] = [];
  for await (const staged of context.stagedRows('accounts')) chart.push(staged.record as Account);
  const legacy = legacyExchangeAccount(chart);
  if (legacy) {
    const uuid = context.refs.account(legacy.key);
    return uuid ? { uuid, name: legacy.name } : undefined;
  }
  const found = context.refs.id('workspace-account', WORKSPACE_EXCHANGE_ROLE);
  if (found) return { uuid: found, name: "the workspace's exchange gains and losses account" };
  const created = context.refs.account(EXCHANGE_ACCOUNT_KEY);
  return created ? { uuid: created, name: EXCHANGE_ACCOUNT_NAME } : undefined;
}
