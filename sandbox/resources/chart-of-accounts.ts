import { newUuid } from '../ids.js';
import { ApiError, forbidden, validationFailed } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import { money } from '../http/views.js';
import type { AccountRecord, AccountType } from '../state/records.js';
import {
  ACCOUNT_TYPES,
  isDebitNormal,
  SUB_TYPES,
  subTypeById,
} from '../state/account-sub-types.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { accountTypeOf, accountsReferencedByDocuments } from './account-rules.js';
import { findOr404, runBulk, uuidParam } from './shared.js';

const COLOR = /^#[0-9a-fA-F]{6}$/;
const CURRENCY = /^[A-Z]{3}$/;

type DeleteBlock =
  'NOT_EDITABLE' | 'HAS_SUB_ACCOUNTS' | 'HAS_JOURNAL_ENTRIES' | 'HAS_INVOICE_PRODUCTS';

/** Why an account cannot be deleted, or null. `referenced` is computed once per request. */
function deleteBlock(
  ws: WorkspaceData,
  account: AccountRecord,
  referenced: Set<string>,
): DeleteBlock | null {
  if (account.systemRole) return 'NOT_EDITABLE';
  for (const other of ws.accounts.values())
    if (other.parentId === account.id) return 'HAS_SUB_ACCOUNTS';
  if (ws.journal.lineCount(account.id) > 0) return 'HAS_JOURNAL_ENTRIES';
  if (referenced.has(account.id)) return 'HAS_INVOICE_PRODUCTS';
  return null;
}

/** systemBalance: the journal balance on the account's normal side (positive = normal). */
function naturalBalance(ws: WorkspaceData, account: AccountRecord): bigint {
  const debitBalance = ws.journal.debitBalance(account.id);
  return isDebitNormal(accountTypeOf(account)) ? debitBalance : -debitBalance;
}

interface ViewOptions {
  balances: boolean;
  deleteMeta: Set<string> | null;
  children: Map<string, AccountRecord[]>;
}

function subTypeView(subTypeId: number) {
  const subType = subTypeById(subTypeId)!;
  return { id: subType.id, type: subType.type, name: subType.name, anchorTier: subType.anchorTier };
}

function accountView(
  ws: WorkspaceData,
  account: AccountRecord,
  options?: ViewOptions,
): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: account.id,
    name: account.name,
    accountNumber: account.accountNumber,
    type: accountTypeOf(account),
    status: account.status,
    editable: account.systemRole === null,
    currency: account.currency,
    description: account.description,
    color: account.color,
    subType: subTypeView(account.subTypeId),
    institution: null,
  };
  const children = options?.children.get(account.id) ?? [];
  if (account.parentId === null) {
    view.subAccounts = children.map((child) => accountView(ws, child, options));
  }
  if (options?.deleteMeta) {
    const block = deleteBlock(ws, account, options.deleteMeta);
    view.canDelete = block === null;
    if (block) view.deleteBlockedReason = block;
  }
  if (options?.balances) {
    view.systemBalance = money(naturalBalance(ws, account));
    if (account.parentId === null) {
      view.providerBalances = [];
      view.reconcileBalances = [];
    }
  }
  view.createdAt = account.createdAt;
  view.updatedAt = account.updatedAt;
  return view;
}

function childrenOf(ws: WorkspaceData): Map<string, AccountRecord[]> {
  const children = new Map<string, AccountRecord[]>();
  for (const account of ws.accounts.values()) {
    if (!account.parentId) continue;
    const list = children.get(account.parentId) ?? [];
    list.push(account);
    children.set(account.parentId, list);
  }
  return children;
}

/** The account `type` filter is exact: singular or other case is a 400 (spec). */
function readTypeFilter(ctx: RequestContext): AccountType | undefined {
  const query = new QueryReader(ctx.query);
  const type = query.string('type');
  if (type !== undefined && !(ACCOUNT_TYPES as readonly string[]).includes(type)) {
    throw validationFailed(`type must be exactly one of ${ACCOUNT_TYPES.join(', ')}.`, [
      { field: 'type', reason: 'invalid_enum', message: `"${type}" is not an account type.` },
    ]);
  }
  return type as AccountType | undefined;
}

function nameTaken(ws: WorkspaceData, name: string, except?: string): boolean {
  const lower = name.toLowerCase();
  for (const account of ws.accounts.values()) {
    if (account.id !== except && account.name.toLowerCase() === lower) return true;
  }
  return false;
}

function numberTaken(ws: WorkspaceData, accountNumber: string, except?: string): boolean {
  for (const account of ws.accounts.values()) {
    if (account.id !== except && account.accountNumber === accountNumber) return true;
  }
  return false;
}

function readCommon(reader: BodyReader) {
  reader.internalOnly(['type'], 'derived from subTypeId');
  reader.internalOnly(['editable', 'id', 'createdAt', 'updatedAt', 'systemBalance'], 'read-only');
  const accountNumber = reader.string('accountNumber', { nullable: true, max: 50 });
  const description = reader.string('description', { allowEmpty: true, max: 1000 });
  const color = reader.string('color');
  if (color && !COLOR.test(color))
    reader.fail('color', 'invalid', 'color must be a hex color like #1a2b3c.');
  const status = reader.enumOf('status', ['active', 'inactive'] as const);
  return { accountNumber, description, color, status };
}

/** Creates one account (single create and each bulk row). */
function createAccount(ctx: RequestContext, input: unknown) {
  const { ws } = ctx;
  const reader = BodyReader.of(input);
  reader.rejectLegacy({ parentAccountId: 'parentAccountUuid' });
  const name = reader.string('name', { required: true, max: 200 });
  const subTypeId = reader.integer('subTypeId', { required: true });
  const currency = reader.string('currency');
  const parentUuid = reader.uuid('parentAccountUuid', { nullable: true });
  const common = readCommon(reader);
  reader.finish();
  const subType = subTypeId === undefined ? undefined : subTypeById(subTypeId);
  if (subTypeId !== undefined && !subType)
    reader.fail('subTypeId', 'not_found', `Unknown subTypeId ${subTypeId}.`);
  if (subType?.control) {
    reader.fail(
      'subTypeId',
      'control_sub_type',
      `${subType.name} accounts are system accounts and cannot be created.`,
    );
  }
  if (currency && !CURRENCY.test(currency))
    reader.fail('currency', 'invalid', 'currency must be an ISO 4217 code.');
  let parent: AccountRecord | undefined;
  if (parentUuid) {
    parent = ws.accounts.get(parentUuid);
    if (!parent)
      reader.fail('parentAccountUuid', 'not_found', `Account ${parentUuid} was not found.`);
    else if (parent.parentId)
      reader.fail('parentAccountUuid', 'nested', 'A sub-account cannot have children.');
    else if (parent.systemRole)
      reader.fail('parentAccountUuid', 'not_editable', 'System accounts cannot have sub-accounts.');
    else if (subType && accountTypeOf(parent) !== subType.type) {
      reader.fail(
        'subTypeId',
        'type_mismatch',
        `A sub-account inherits its parent's type (${accountTypeOf(parent)}).`,
      );
    }
  }
  if (name && nameTaken(ws, name))
    reader.fail('name', 'duplicate', `An account named "${name}" already exists.`);
  if (common.accountNumber && numberTaken(ws, common.accountNumber)) {
    reader.fail(
      'accountNumber',
      'duplicate',
      `Account number ${common.accountNumber} is already used.`,
    );
  }
  reader.assertValid();
  const account: AccountRecord = {
    id: newUuid(),
    name: name!,
    accountNumber: common.accountNumber ?? null,
    subTypeId: subType!.id,
    status: parent?.status ?? common.status ?? 'active',
    currency: parent?.currency ?? currency ?? ws.meta.currency,
    description: common.description ?? '',
    color: common.color ?? '#3b82f6',
    parentId: parent?.id ?? null,
    systemRole: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  ws.accounts.set(account.id, account);
  return { account, warnings: reader.warnings };
}

export const chartOfAccountsRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/chart-of-accounts',
    handler(ctx) {
      const type = readTypeFilter(ctx);
      const query = new QueryReader(ctx.query);
      const balances = query.boolean('includeBalances') ?? false;
      const includeDeleteMeta = query.boolean('includeDeleteMeta') ?? false;
      query.assertValid();
      const page = readPage(ctx.query);
      const topLevel = [...ctx.ws.accounts.values()].filter(
        (account) => account.parentId === null && (!type || accountTypeOf(account) === type),
      );
      const options: ViewOptions = {
        balances,
        deleteMeta: includeDeleteMeta ? accountsReferencedByDocuments(ctx.ws) : null,
        children: childrenOf(ctx.ws),
      };
      return {
        data: pageOf(topLevel, page, 'accounts', (account) =>
          accountView(ctx.ws, account, options),
        ),
      };
    },
  },
  {
    method: 'GET',
    path: '/chart-of-accounts/:uuid',
    handler(ctx) {
      const account = findOr404(ctx.ws.accounts, uuidParam(ctx), 'Account');
      const query = new QueryReader(ctx.query);
      const balances = query.boolean('includeBalances') ?? false;
      const includeDeleteMeta = query.boolean('includeDeleteMeta') ?? false;
      query.assertValid();
      const options: ViewOptions = {
        balances,
        deleteMeta: includeDeleteMeta ? accountsReferencedByDocuments(ctx.ws) : null,
        children: childrenOf(ctx.ws),
      };
      return { data: { account: accountView(ctx.ws, account, options) } };
    },
  },
  {
    method: 'GET',
    path: '/account-sub-types',
    handler(ctx) {
      const type = readTypeFilter(ctx);
      const subTypes = SUB_TYPES.filter((subType) => !type || subType.type === type).map(
        (subType) => ({
          id: subType.id,
          type: subType.type,
          name: subType.name,
          anchorTier: subType.anchorTier,
          systemOnly: subType.control,
        }),
      );
      return { data: { country: ctx.ws.meta.country, subTypes } };
    },
  },
  {
    method: 'POST',
    path: '/chart-of-accounts',
    handler(ctx) {
      const { account, warnings } = createAccount(ctx, ctx.body);
      return { status: 201, data: { account: accountView(ctx.ws, account) }, warnings };
    },
  },
  {
    method: 'POST',
    path: '/chart-of-accounts/bulk',
    handler(ctx) {
      return runBulk(ctx, 'accounts', 'account', (input) => {
        const { account, warnings } = createAccount(ctx, input);
        return {
          status: 'created',
          id: account.id,
          record: accountView(ctx.ws, account),
          warnings,
        };
      });
    },
  },
  {
    method: 'PATCH',
    path: '/chart-of-accounts/:uuid',
    handler(ctx) {
      const { ws } = ctx;
      const account = findOr404(ws.accounts, uuidParam(ctx), 'Account');
      const reader = BodyReader.of(ctx.body);
      reader.rejectLegacy({ parentAccountId: 'parentAccountUuid' });
      const name = reader.string('name', { max: 200 });
      const subTypeId = reader.integer('subTypeId');
      reader.known('currency', 'parentAccountUuid');
      const common = readCommon(reader);
      reader.finish();
      if (account.systemRole) {
        const protectedFields = [
          'name',
          'subTypeId',
          'status',
          'currency',
          'parentAccountUuid',
        ].filter((field) => reader.has(field));
        if (protectedFields.length > 0) {
          throw forbidden(
            `${account.name} is a system account: ${protectedFields.join(', ')} cannot be changed.`,
          );
        }
      }
      if (reader.has('currency') || reader.has('parentAccountUuid')) {
        reader.fail(
          reader.has('currency') ? 'currency' : 'parentAccountUuid',
          'immutable',
          'An account keeps its currency and parent once created.',
        );
      }
      const subType = subTypeId === undefined ? undefined : subTypeById(subTypeId);
      if (subTypeId !== undefined && !subType)
        reader.fail('subTypeId', 'not_found', `Unknown subTypeId ${subTypeId}.`);
      if (subType && subType.type !== accountTypeOf(account)) {
        reader.fail(
          'subTypeId',
          'type_change',
          `Moving an account from ${accountTypeOf(account)} to ${subType.type} is not allowed.`,
        );
      } else if (subType?.control && subType.id !== account.subTypeId) {
        reader.fail(
          'subTypeId',
          'control_sub_type',
          `${subType.name} is reserved for system accounts.`,
        );
      }
      if (name && nameTaken(ws, name, account.id))
        reader.fail('name', 'duplicate', `An account named "${name}" already exists.`);
      if (common.accountNumber && numberTaken(ws, common.accountNumber, account.id)) {
        reader.fail(
          'accountNumber',
          'duplicate',
          `Account number ${common.accountNumber} is already used.`,
        );
      }
      reader.assertValid();
      if (name) account.name = name;
      if (subType) account.subTypeId = subType.id;
      if (common.accountNumber !== undefined) account.accountNumber = common.accountNumber;
      if (common.description !== undefined) account.description = common.description ?? '';
      if (common.color) account.color = common.color;
      if (common.status) {
        account.status = common.status;
        // Sub-accounts inherit their parent's status.
        for (const child of ws.accounts.values())
          if (child.parentId === account.id) child.status = common.status;
      }
      account.updatedAt = ctx.now;
      return { data: { account: accountView(ws, account) }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/chart-of-accounts/:uuid',
    handler(ctx) {
      const { ws } = ctx;
      const account = findOr404(ws.accounts, uuidParam(ctx), 'Account');
      const block = deleteBlock(ws, account, accountsReferencedByDocuments(ws));
      if (block === 'NOT_EDITABLE')
        throw forbidden(
          `${account.name} is a system account and cannot be deleted (NOT_EDITABLE).`,
        );
      if (block) {
        // The reason rides in `errors` too, as includeDeleteMeta names it, so a caller (an undo)
        // can report why without parsing the message.
        const message = `${account.name} cannot be deleted (${block}).`;
        throw new ApiError(400, 'business_rule', message, [
          { field: 'uuid', reason: block, message },
        ]);
      }
      ws.accounts.delete(account.id);
      return { message: 'Account deleted.', data: { account: accountView(ws, account) } };
    },
  },
];
