import { workerSettings } from '../../config/worker-settings.js';
import { migrationApiOver } from '../../migration/api-adapter/client-adapter.js';
import type { WorkspaceCheck, WorkspaceFacts } from '../../migration/workspace/assess-workspace.js';
import { readWorkspaceFacts } from '../../migration/workspace/read-workspace-facts.js';
import { createPartnerApiClient } from '../../partner-api/index.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { lineText } from '../../migration/contracts/line-text.js';

/**
 * Reads the workspace of a connection profile for `validate --profile` (reads only: the settings,
 * the opening balance and the chart of accounts), with the credentials `ledgerlift connect` stored.
 */
export async function readProfileWorkspace(profile: string): Promise<WorkspaceFacts> {
  const { credentialsPath } = workerSettings();
  const client = createPartnerApiClient({
    ...(credentialsPath ? { credentialsPath } : {}),
    profile,
  });
  try {
    return await readWorkspaceFacts(migrationApiOver(client));
  } catch (error) {
    throw new CliError(
      `Could not read the workspace of profile "${profile}": ${error instanceof Error ? error.message : String(error)}`,
      exitCodes.unavailable,
    );
  } finally {
    await client.close();
  }
}

/** The pre-check in words for the terminal. */
export function describeWorkspaceCheck(check: WorkspaceCheck): string[] {
  const { accounts, openingBalance } = check;
  const lines = [
    `Workspace: ${lineText(check.workspaceCurrency ?? 'currency unknown')}${check.country ? `, ${lineText(check.country)}` : ''}; the books are in ${check.booksCurrency}. Accounts: ${accounts.mapped} map onto its control accounts, ${accounts.matched} match accounts it has, ${accounts.created} will be created (it has ${accounts.workspaceAccounts}). Opening balance: ${openingBalance.status === 'published' ? `published, ${openingBalance.rows} rows${openingBalance.cutoverDate ? ` at ${openingBalance.cutoverDate}` : ''}` : 'none yet'}.`,
  ];
  for (const finding of check.findings) {
    // A finding names accounts of the exports and of the workspace: it stays on its line.
    lines.push(
      `${finding.blocking ? 'BLOCKS ' : 'WARNING'} ${finding.code}: ${lineText(finding.message)}`,
    );
  }
  return lines;
}
