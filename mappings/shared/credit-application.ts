import type { CreditApplication, Money } from '../../src/ledger/index.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from './document-parts.js';
import { creditApplicationKey } from './keys.js';

/**
 * One credit application row, mapped: keyed by its own key, else by credit and document; only its
 * location when the row failed or a part is missing. `partyKeyOf` names the contact, where the
 * format gives one.
 */
export function mappedCreditApplication(
  row: RowFields,
  parts: {
    key?: string | undefined;
    kind: CreditApplication['kind'] | undefined;
    date: string | undefined;
    creditKey: string | undefined;
    documentKey: string | undefined;
    amount: Money | undefined;
  },
  partyKeyOf: (kind: CreditApplication['kind']) => string | undefined = () => undefined,
): Mapped<'credit-application'>[] {
  const { kind, date, creditKey, documentKey, amount } = parts;
  const key =
    parts.key ??
    (creditKey && documentKey ? creditApplicationKey(creditKey, documentKey) : undefined);
  const mapped: Mapped<'credit-application'> = {
    entity: 'credit-application',
    key,
    location: row.location(),
    problems: [],
  };
  if (row.failed || !kind || !date || !creditKey || !documentKey || !amount || !key)
    return [mapped];
  const value: CreditApplication = compact({
    key,
    kind,
    date,
    creditKey,
    documentKey,
    amount,
    partyKey: partyKeyOf(kind),
    source: row.location(),
  });
  return [{ ...mapped, value }];
}
