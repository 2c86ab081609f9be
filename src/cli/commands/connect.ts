import { ConsentFlowError, runConsentFlow } from '../../partner-api/index.js';
import { workerSettings } from '../../config/worker-settings.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { readSecretFromStdin } from '../read-secret.js';

export interface ConnectOptions {
  profile: string;
  baseUrl?: string;
  clientId?: string;
  clientSecret?: string;
  clientSecretStdin?: boolean;
  port: string;
  browser: boolean;
}

/**
 * `ledgerlift connect`: the OAuth consent flow. Prints (and opens) the consent URL, catches the
 * redirect on a loopback port, and stores the tokens in the worker's credential file.
 */
export async function connect(options: ConnectOptions): Promise<number> {
  const credentialsPath = workerSettings().credentialsPath;
  if (options.clientSecretStdin && options.clientSecret) {
    throw new CliError('Give the client secret once: --client-secret or --client-secret-stdin.');
  }
  const clientSecret = options.clientSecretStdin
    ? await readSecretFromStdin()
    : options.clientSecret;
  try {
    const result = await runConsentFlow({
      connection: {
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        ...(options.clientId ? { clientId: options.clientId } : {}),
        ...(clientSecret ? { clientSecret } : {}),
      },
      profile: options.profile,
      ...(credentialsPath ? { credentialsPath } : {}),
      port: Number(options.port),
      openBrowser: options.browser,
      printUrl: (url) =>
        console.log(`Approve access in your browser:\n  ${url}\nWaiting for the approval...`),
    });
    console.log(
      `Connected profile "${result.profile}" to workspace "${result.workspaceName ?? result.workspaceId ?? 'unknown'}". Tokens are in ${result.credentialsLocation}.`,
    );
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof ConsentFlowError)
      throw new CliError(`Connecting failed: ${error.message}`, exitCodes.needsAttention);
    throw error;
  }
}
