import { businessRule, conflict } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import { moneyString } from '../http/views.js';
import type { OpeningBalanceRow } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { accountTypeOf, checkAccountRef } from './account-rules.js';

function openingBalanceView(ws: WorkspaceData) {
  const state = ws.openingBalance;
  return {
    status: state.status,
    cutoverDate: ws.meta.cutoverDate,
    rows: state.rows.map((row) => {
      const account = ws.accounts.get(row.accountUuid);
      return {
        accountUuid: row.accountUuid,
        accountName: account?.name ?? null,
        accountType: account ? accountTypeOf(account) : null,
        debit: moneyString(row.debit),
        credit: moneyString(row.credit),
      };
    }),
  };
}

function workspaceView(ws: WorkspaceData) {
  return {
    id: ws.meta.id,
    name: ws.meta.name,
    currency: ws.meta.currency,
    country: ws.meta.country,
    cutoverDate: ws.meta.cutoverDate,
    onboardingComplete: ws.meta.onboardingComplete,
  };
}

/** Posts the published opening balance as one journal dated at the cutover date (assumption R8). */
function publish(ws: WorkspaceData, now: string): void {
  ws.journal.remove(ws.openingBalance.journalEntryId);
  ws.openingBalance.journalEntryId = ws.journal.post(
    {
      date: ws.meta.cutoverDate!,
      memo: 'Opening balance',
      source: { type: 'opening_balance', uuid: ws.meta.id },
      lines: ws.openingBalance.rows.map((row) => ({
        accountUuid: row.accountUuid,
        debit: row.debit,
        credit: row.credit,
        description: 'Opening balance',
      })),
    },
    now,
  );
  ws.openingBalance.status = 'published';
}

function setOpeningBalance(ctx: RequestContext) {
  const { ws } = ctx;
  const reader = BodyReader.of(ctx.body);
  const replaceExisting = reader.boolean('replaceExisting') ?? false;
  const rows: OpeningBalanceRow[] = (reader.objects('rows', { required: true }) ?? []).map(
    (row) => {
      const accountUuid = row.uuid('accountUuid', { required: true });
      const debit = row.moneyString('debit') ?? 0n;
      const credit = row.moneyString('credit') ?? 0n;
      checkAccountRef(ws, row, 'accountUuid', accountUuid);
      if (debit > 0n && credit > 0n)
        row.fail(
          'debit',
          'both_sides',
          `${row.path('debit')}: a row is a debit or a credit, not both.`,
        );
      if (debit === 0n && credit === 0n)
        row.fail('debit', 'zero_row', `${row.path('debit')}: a row needs a debit or a credit.`);
      row.finish();
      return { accountUuid: accountUuid ?? '', debit, credit };
    },
  );
  reader.finish();
  if (reader.has('rows') && rows.length === 0 && reader.errors.length === 0) {
    reader.fail('rows', 'empty', 'rows must be a non-empty array.');
  }
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.accountUuid))
      reader.fail('rows', 'duplicate_account', `Account ${row.accountUuid} appears twice.`);
    seen.add(row.accountUuid);
  }
  reader.assertValid();
  if (ws.meta.onboardingComplete)
    throw businessRule('Onboarding is complete: the opening balance can no longer be published.');
  if (!ws.meta.cutoverDate)
    throw businessRule('Set the cutover date first (PATCH /partners/workspace).');
  if (ws.openingBalance.status !== 'none' && !replaceExisting) {
    throw conflict('An opening balance already exists; send replaceExisting: true to replace it.');
  }
  // Draft first; the draft persists even when publish validation fails (spec).
  ws.journal.remove(ws.openingBalance.journalEntryId);
  ws.openingBalance = { status: 'draft', rows, journalEntryId: null };
  let debits = 0n;
  let credits = 0n;
  for (const row of rows) {
    debits += row.debit;
    credits += row.credit;
  }
  if (debits !== credits) {
    throw businessRule(
      `Debits (${moneyString(debits)}) must equal credits (${moneyString(credits)}); the draft was saved, retry with replaceExisting: true.`,
    );
  }
  publish(ws, ctx.now);
  return {
    status: 201,
    message: 'Opening balance published.',
    data: { openingBalance: openingBalanceView(ws) },
    warnings: reader.warnings,
  };
}

export const openingBalanceRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/opening-balance',
    handler: (ctx) => ({ data: { openingBalance: openingBalanceView(ctx.ws) } }),
  },
  { method: 'POST', path: '/opening-balance', handler: setOpeningBalance },
  {
    method: 'GET',
    path: '/workspace',
    handler: (ctx) => ({ data: { workspace: workspaceView(ctx.ws) } }),
  },
  {
    method: 'PATCH',
    path: '/workspace',
    handler(ctx) {
      const { ws } = ctx;
      const reader = BodyReader.of(ctx.body);
      const cutoverDate = reader.date('cutoverDate', { required: true });
      reader.internalOnly(
        ['id', 'name', 'currency', 'country', 'onboardingComplete'],
        'managed by the service',
      );
      reader.finish();
      reader.assertValid();
      ws.meta.cutoverDate = cutoverDate!;
      // A published opening balance moves with the cutover date.
      if (ws.openingBalance.status === 'published') publish(ws, ctx.now);
      return { data: { workspace: workspaceView(ws) }, warnings: reader.warnings };
    },
  },
  {
    method: 'GET',
    path: '/workspace/gst-settings',
    handler: (ctx) => ({ data: { gstSettings: gstView(ctx.ws) } }),
  },
  {
    method: 'PATCH',
    path: '/workspace/gst-settings',
    permission: 'manage_settings',
    handler(ctx) {
      const gst = ctx.ws.meta.gst;
      const reader = BodyReader.of(ctx.body);
      const registered = reader.boolean('registered');
      const accountingBasis = reader.enumOf('accountingBasis', ['accrual', 'cash'] as const);
      const filingFrequency = reader.enumOf('filingFrequency', [
        'monthly',
        'quarterly',
        'annually',
      ] as const);
      const registrationNumber = reader.string('registrationNumber', { nullable: true, max: 50 });
      reader.finish();
      reader.assertValid();
      if (accountingBasis && accountingBasis !== gst.accountingBasis && gst.returnFiled) {
        throw conflict('The GST accounting basis cannot change after a return has been filed.');
      }
      if (registered !== undefined) gst.registered = registered;
      if (accountingBasis) gst.accountingBasis = accountingBasis;
      if (filingFrequency) gst.filingFrequency = filingFrequency;
      if (registrationNumber !== undefined) gst.registrationNumber = registrationNumber;
      return { data: { gstSettings: gstView(ctx.ws) }, warnings: reader.warnings };
    },
  },
];

function gstView(ws: WorkspaceData) {
  const { registered, accountingBasis, filingFrequency, registrationNumber, returnFiled } =
    ws.meta.gst;
  return { registered, accountingBasis, filingFrequency, registrationNumber, returnFiled };
}
