import { loggingCalls, withFailureMapping } from './activity-boundary.js';
import { reportCallSite } from '../src/migration/call-log/call-sites.js';
import type { ReportName } from '../src/migration/contracts/migration-api.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { fetchReport, verifyBooks } from '../src/migration/verification/verify-books.js';

/** Verification's activities: one of the workspace's reports (one API call), and the comparison. */
export function createVerificationActivities(deps: EngineDeps) {
  return {
    fetchReport: withFailureMapping(
      (input: { scope: RunScope; report: ReportName; asOf: string }) =>
        loggingCalls(deps, input.scope, reportCallSite, input.scope, () =>
          fetchReport(deps, input),
        ),
    ),
    verifyBooks: withFailureMapping((input: { scope: RunScope }) => verifyBooks(deps, input)),
  };
}

export type VerificationActivities = ReturnType<typeof createVerificationActivities>;
