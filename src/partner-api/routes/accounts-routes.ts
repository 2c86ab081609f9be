import type { BulkResult } from '../bulk.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import {
  accountCreateSchema,
  accountSchema,
  accountSubTypeSchema,
  accountUpdateSchema,
  type Account,
  type AccountCreate,
  type AccountSubType,
  type AccountType,
  type AccountUpdate,
} from '../schemas/accounts-schema.js';
import type { WriteResult } from '../schemas/common.js';
import { readPage } from '../pagination.js';
import { encodeBody, writeReader, type RouteKit } from '../request-executor.js';

/** Filters of the chart-of-accounts list. */
export interface AccountListQuery {
  /** Exactly `Assets`, `Liabilities`, `Equity`, `Income` or `Expenses`. */
  type?: AccountType;
  includeBalances?: boolean;
  includeDeleteMeta?: boolean;
}

const ACCOUNT_KEYS = ['account'];
const ACCOUNT_LIST = {
  path: '/chart-of-accounts',
  listKeys: ['accounts', 'records'],
  schema: accountSchema,
  what: 'account',
};

/** Chart-of-accounts routes. */
export function accountRoutes(kit: RouteKit) {
  return {
    /** Every top-level account (sub-accounts are nested under `subAccounts`), or one page. */
    ...kit.lists<typeof accountSchema, AccountListQuery>(ACCOUNT_LIST),

    /** The sub-type catalog of the workspace's country, optionally for one type. */
    listSubTypes(
      query: { type?: AccountType } = {},
      options?: CallOptions,
    ): Promise<AccountSubType[]> {
      return kit.get(
        '/account-sub-types',
        (envelope) =>
          readPage(envelope.data, ['subTypes'], accountSubTypeSchema, 1, 'sub-type').records,
        options,
        { ...query },
      );
    },

    create: kit.creator({
      ...ACCOUNT_LIST,
      recordKeys: ACCOUNT_KEYS,
      createSchema: accountCreateSchema,
    }),

    /** Creates any number of accounts, 100 per call; outcomes map back to `rows` by index. */
    bulkCreate(
      rows: readonly AccountCreate[],
      options?: CallOptions & { batchSize?: number },
    ): Promise<BulkResult<Account>> {
      return kit.bulk(
        'POST',
        '/chart-of-accounts/bulk',
        'accounts',
        rows,
        (row, index) => encodeBody(accountCreateSchema, row, `account row ${index}`),
        ACCOUNT_KEYS,
        accountSchema,
        options,
      );
    },

    update(
      uuid: string,
      body: AccountUpdate,
      options?: CallOptions,
    ): Promise<WriteResult<Account>> {
      return kit.write(
        'PATCH',
        `/chart-of-accounts/${segment(uuid)}`,
        encodeBody(accountUpdateSchema, body, 'account update'),
        writeReader(accountSchema, ACCOUNT_KEYS, 'the updated account'),
        options,
      );
    },

    delete(uuid: string, options?: CallOptions): Promise<WriteResult<unknown>> {
      return kit.remove(`/chart-of-accounts/${segment(uuid)}`, options);
    },
  };
}

export type AccountRoutes = ReturnType<typeof accountRoutes>;
