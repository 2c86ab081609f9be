import { newUuid } from '../ids.js';
import { businessRule, validationFailed } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute, RequestContext, RouteResult } from '../http/route.js';
import { money } from '../http/views.js';
import type { RecurringTemplateRecord } from '../state/records.js';
import { customerView } from './customer-fields.js';
import { createInvoice, viewOf } from './invoices-endpoints.js';
import { findOr404, newestFirst, uuidParam } from './shared.js';

const PATTERNS = ['daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
/** Aliases normalized on save (spec); anything else is a 400. */
const ALIASES: Record<string, (typeof PATTERNS)[number]> = {
  day: 'daily',
  week: 'weekly',
  fortnightly: 'biweekly',
  'bi-weekly': 'biweekly',
  month: 'monthly',
  quarter: 'quarterly',
  year: 'yearly',
  annual: 'yearly',
  annually: 'yearly',
};

function normalizePattern(value: string): (typeof PATTERNS)[number] | undefined {
  const lower = value.trim().toLowerCase();
  return (PATTERNS as readonly string[]).includes(lower)
    ? (lower as (typeof PATTERNS)[number])
    : ALIASES[lower];
}

const TEMPLATE_FIELDS = [
  'recurrencePattern',
  'recurrenceInterval',
  'occurrenceCount',
  'recurrenceEndDate',
  'inAdvanceCreationDays',
  'emailCustomer',
  'invoiceTitle',
  'summary',
  'email',
];

function templateView(ctx: RequestContext, template: RecurringTemplateRecord) {
  const seed = ctx.ws.invoices.get(template.seedInvoiceUuid);
  const customer = seed ? ctx.ws.customers.get(seed.customerUuid) : undefined;
  const seedView = seed ? viewOf(ctx, seed) : null;
  return {
    id: template.id,
    invoiceTitle: template.invoiceTitle,
    summary: template.summary,
    email: template.email,
    currency: seed?.currency ?? ctx.ws.meta.currency,
    subtotal: money(seed?.subtotal ?? 0n),
    taxTotal: money(seed?.taxTotal ?? 0n),
    total: money(seed?.total ?? 0n),
    invoiceType: template.invoiceType,
    customer: customer ? customerView(customer) : null,
    invoiceProducts: (seedView?.products as unknown[] | undefined) ?? [],
    seedInvoiceUuid: template.seedInvoiceUuid,
    createdInvoiceTemplate: {
      recurrencePattern: template.recurrencePattern,
      recurrenceInterval: template.recurrenceInterval,
      occurrenceCount: template.occurrenceCount,
      remainingOccurrence: template.occurrenceCount,
      recurrenceEndDate: template.recurrenceEndDate,
      nextInvoiceDate: template.nextInvoiceDate,
      inAdvanceCreationDays: template.inAdvanceCreationDays,
      creationDate: template.creationDate,
      emailCustomer: template.emailCustomer,
    },
    project: null,
    attachments: [],
    tags: [],
    isDraft: seed?.isDraft ?? true,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
  };
}

function templateOf(ctx: RequestContext) {
  return findOr404(ctx.ws.recurringTemplates, uuidParam(ctx), 'Recurring invoice template');
}

/** Reads `recurrencePattern`, normalizing an alias; an unknown pattern is a field error. */
function readPattern(reader: BodyReader, required: boolean) {
  const patternText = reader.string('recurrencePattern', { required });
  const pattern = patternText ? normalizePattern(patternText) : undefined;
  if (patternText && !pattern)
    reader.fail(
      'recurrencePattern',
      'unsupported',
      `Unsupported recurrence pattern "${patternText}".`,
    );
  return pattern;
}

/** Stamps a changed template and answers with its view. */
function templateChanged(
  ctx: RequestContext,
  template: RecurringTemplateRecord,
  reader?: BodyReader,
): RouteResult {
  template.updatedAt = ctx.now;
  return {
    data: { recurringInvoiceTemplate: templateView(ctx, template) },
    ...(reader ? { warnings: reader.warnings } : {}),
  };
}

export const recurringTemplateRoutes: DataRoute[] = [
  {
    method: 'POST',
    path: '/recurring-invoice-templates',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const invoiceType = reader.string('invoiceType') ?? 'invoice';
      if (invoiceType === 'memo')
        throw businessRule('A recurring template cannot be a credit memo.');
      const pattern = readPattern(reader, true);
      const recurrenceInterval = reader.integer('recurrenceInterval', { min: 1, max: 365 }) ?? 1;
      const occurrenceCount = reader.integer('occurrenceCount', { min: 1, nullable: true }) ?? null;
      const recurrenceEndDate = reader.date('recurrenceEndDate', { nullable: true }) ?? null;
      const inAdvanceCreationDays =
        reader.integer('inAdvanceCreationDays', { min: 0, max: 365 }) ?? 0;
      const emailCustomer = reader.boolean('emailCustomer') ?? false;
      const invoiceTitle = reader.string('invoiceTitle', { allowEmpty: true }) ?? '';
      const summary = reader.string('summary', { allowEmpty: true }) ?? '';
      const email = reader.string('email', { allowEmpty: true }) ?? '';
      reader.assertValid();
      // The seed invoice is an ordinary draft created from the invoice fields of the body.
      const invoiceFields = Object.fromEntries(
        Object.entries(reader.raw).filter(([key]) => !TEMPLATE_FIELDS.includes(key)),
      );
      const created = createInvoice({ ...ctx, body: { ...invoiceFields, isDraft: true } });
      const seed = created.data.invoice as { id: string };
      const template: RecurringTemplateRecord = {
        id: newUuid(),
        seedInvoiceUuid: seed.id,
        invoiceTitle,
        summary,
        email,
        invoiceType: invoiceType as 'invoice' | 'estimate',
        recurrencePattern: pattern!,
        recurrenceInterval,
        occurrenceCount,
        recurrenceEndDate,
        nextInvoiceDate: null,
        inAdvanceCreationDays,
        creationDate: ctx.today,
        emailCustomer,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      ctx.ws.recurringTemplates.set(template.id, template);
      return {
        status: 201,
        data: { recurringInvoiceTemplate: templateView(ctx, template) },
        warnings: created.warnings,
      };
    },
  },
  {
    method: 'GET',
    path: '/recurring-invoice-templates',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      const isDraft = query.enumOf('isDraft', ['true', 'all'] as const);
      const search = query.string('search')?.toLowerCase();
      query.assertValid();
      const items = newestFirst(ctx.ws.recurringTemplates, (template) => {
        const seed = ctx.ws.invoices.get(template.seedInvoiceUuid);
        const draft = seed?.isDraft ?? true;
        if (isDraft === undefined && draft) return false;
        if (isDraft === 'true' && !draft) return false;
        if (!search) return true;
        const customer = seed ? (ctx.ws.customers.get(seed.customerUuid)?.customer ?? '') : '';
        return [template.invoiceTitle, template.summary, template.email, customer].some((text) =>
          text.toLowerCase().includes(search),
        );
      });
      return {
        data: pageOf(items, readPage(ctx.query), 'recurringInvoiceTemplates', (template) =>
          templateView(ctx, template),
        ),
      };
    },
  },
  {
    method: 'GET',
    path: '/recurring-invoice-templates/:uuid',
    handler: (ctx) => ({ data: { recurringInvoiceTemplate: templateView(ctx, templateOf(ctx)) } }),
  },
  {
    method: 'PATCH',
    path: '/recurring-invoice-templates/:uuid',
    handler(ctx) {
      const template = templateOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const pattern = readPattern(reader, false);
      const invoiceTitle = reader.string('invoiceTitle', { allowEmpty: true });
      const summary = reader.string('summary', { allowEmpty: true });
      const email = reader.string('email', { allowEmpty: true });
      const emailCustomer = reader.boolean('emailCustomer');
      const recurrenceEndDate = reader.date('recurrenceEndDate', { nullable: true });
      reader.finish();
      reader.assertValid();
      if (pattern) template.recurrencePattern = pattern;
      if (invoiceTitle !== undefined && invoiceTitle !== null) template.invoiceTitle = invoiceTitle;
      if (summary !== undefined && summary !== null) template.summary = summary;
      if (email !== undefined && email !== null) template.email = email;
      if (emailCustomer !== undefined) template.emailCustomer = emailCustomer;
      if (recurrenceEndDate !== undefined) template.recurrenceEndDate = recurrenceEndDate;
      return templateChanged(ctx, template, reader);
    },
  },
  {
    method: 'POST',
    path: '/recurring-invoice-templates/:uuid/pause',
    handler(ctx) {
      const template = templateOf(ctx);
      template.nextInvoiceDate = null;
      return templateChanged(ctx, template);
    },
  },
  {
    method: 'POST',
    path: '/recurring-invoice-templates/:uuid/resume',
    handler(ctx) {
      const template = templateOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const nextInvoiceDate = reader.date('nextInvoiceDate');
      reader.finish();
      reader.assertValid();
      if (!nextInvoiceDate)
        throw validationFailed('Resume needs nextInvoiceDate.', [
          { field: 'nextInvoiceDate', reason: 'required', message: 'nextInvoiceDate is required.' },
        ]);
      template.nextInvoiceDate = nextInvoiceDate;
      return templateChanged(ctx, template, reader);
    },
  },
  {
    method: 'DELETE',
    path: '/recurring-invoice-templates/:uuid',
    handler(ctx) {
      const template = templateOf(ctx);
      ctx.ws.recurringTemplates.delete(template.id);
      return {
        message: 'Template deleted; generation stopped.',
        data: { recurringInvoiceTemplate: { id: template.id } },
      };
    },
  },
];
