import { loggingCalls } from '../../../activities/activity-boundary.js';
import { withFailureMapping } from '../../../activities/activity-boundary.js';
import { reportCallSite } from '../call-log/call-sites.js';
import type { ReportName } from '../contracts/migration-api.js';
import type { RunScope } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { fetchReport } from './fetch-report.js';
import { verifyBooks } from './verify-books.js';

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
