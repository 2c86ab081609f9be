import { businessRule } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { CustomerRecord } from '../state/records.js';
import { customerView } from './customer-fields.js';
import { customerUsage } from './customers-endpoints.js';

/** Body `{targetUuid, sourceUuids}` (assumption R25); every customer must exist and be distinct. */
function readMerge(ctx: RequestContext) {
  const reader = BodyReader.of(ctx.body);
  const targetUuid = reader.uuid('targetUuid', { required: true });
  const sourceUuids = reader.uuidArray('sourceUuids', { required: true });
  reader.finish();
  reader.assertValid();
  if (sourceUuids!.length === 0)
    throw businessRule('sourceUuids must name at least one duplicate.');
  const ids = new Set(sourceUuids);
  if (ids.has(targetUuid!)) throw businessRule('The target cannot also be a source.');
  if (ids.size !== sourceUuids!.length) throw businessRule('sourceUuids lists a customer twice.');
  const target = ctx.ws.customers.get(targetUuid!);
  if (!target) throw businessRule(`Target customer ${targetUuid} was not found in this workspace.`);
  if (target.mergedInto) throw businessRule('The target was itself merged into another customer.');
  const sources: CustomerRecord[] = [];
  for (const id of ids) {
    const source = ctx.ws.customers.get(id);
    if (!source) throw businessRule(`Source customer ${id} was not found in this workspace.`);
    if (source.firmManaged)
      throw businessRule(`Customer ${source.customer} is firm-managed and cannot be merged away.`);
    sources.push(source);
  }
  const usage = customerUsage(ctx.ws, ids);
  const counts = {
    invoices: usage.invoices.length,
    transactions: usage.transactions.length,
    projects: usage.projects.length,
    documents: 0,
    contacts: sources.reduce((sum, source) => sum + source.contacts.length, 0),
    addresses: sources.reduce((sum, source) => sum + source.addresses.length, 0),
    notes: sources.reduce((sum, source) => sum + source.noteLog.length, 0),
  };
  return { target, sources, usage, counts };
}

export const customerMergeRoutes: DataRoute[] = [
  {
    method: 'POST',
    path: '/customers/merge/preview',
    // A preview changes nothing; the dispatcher still counts it as a write, which is harmless.
    handler(ctx) {
      const { target, sources, counts } = readMerge(ctx);
      return {
        data: {
          preview: {
            targetUuid: target.id,
            sourceUuids: sources.map((source) => source.id),
            moves: counts,
          },
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/customers/merge',
    handler(ctx) {
      const { target, sources, usage, counts } = readMerge(ctx);
      // Everything is validated above; from here the merge cannot fail halfway.
      for (const invoice of usage.invoices) {
        invoice.customerUuid = target.id;
        invoice.updatedAt = ctx.now;
      }
      for (const transaction of usage.transactions) {
        transaction.customerUuid = target.id;
        transaction.updatedAt = ctx.now;
      }
      for (const project of usage.projects) {
        project.customerUuid = target.id;
        project.updatedAt = ctx.now;
      }
      for (const source of sources) {
        target.contacts.push(
          ...source.contacts.map((contact) => ({ ...contact, isPrimary: false })),
        );
        target.addresses.push(
          ...source.addresses.map((address) => ({ ...address, isPrimary: false })),
        );
        target.noteLog.push(...source.noteLog);
        source.contacts = [];
        source.addresses = [];
        source.noteLog = [];
        source.status = 'inactive';
        source.mergedInto = target.id;
        source.updatedAt = ctx.now;
        ctx.emit('customer.deleted', customerView(source));
      }
      target.noteLog.sort((a, b) =>
        a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
      );
      target.updatedAt = ctx.now;
      const view = customerView(target);
      ctx.emit('customer.updated', view);
      return { message: 'Customers merged.', data: { customer: view, moved: counts } };
    },
  },
];
