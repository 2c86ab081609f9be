import type { MigrationStack } from './migration-stack.js';
import type { GeneratedCompany } from '../../src/synthetic-company/company-generator.js';

/**
 * Makes the sandbox refuse the first `howMany` invoices dated from the cutover on, as the API
 * refuses a document for a rule of the workspace that no export shows, so those invoices (and the
 * payments applied to them) fail in the live run. Returns their keys. Clearing the sandbox's faults
 * is the consultant fixing the cause.
 */
export function refuseInvoices(
  stack: MigrationStack,
  company: GeneratedCompany,
  howMany: number,
): string[] {
  const refused = company.records
    .flatMap((record) =>
      record.entity === 'invoice' &&
      record.value.type === 'invoice' &&
      record.value.date >= company.cutoverDate
        ? [record.value.key]
        : [],
    )
    .slice(0, howMany);
  stack.sandbox.admin.setFault({
    method: 'POST',
    path: '/partners/invoices',
    refuseBodiesWith: refused.map((key) => JSON.stringify(key)),
  });
  return refused;
}
