import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { approveSandboxConsent, SANDBOX_APP } from '../../src/dev/connect-sandbox.js';
import { projectRoot } from '../../src/config/project-paths.js';
import { runCli } from '../support/cli.js';
import { compiledProgram } from '../support/processes.js';

/** `ledgerlift connect` in its own process, with `stdin` piped in, approving the consent it prints. */
function connectApproving(args: string[], env: NodeJS.ProcessEnv, stdin: string) {
  const child = spawn(process.execPath, [compiledProgram('src/cli/main.ts'), 'connect', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let approving: Promise<void> | undefined;
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    const url = /http:\/\/\S+\/oauth\/authorize\S+/.exec(output)?.[0];
    if (url && !approving) approving = approveSandboxConsent(url);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      void Promise.resolve(approving).then(() => resolve({ code, output }), reject);
    });
  });
}

// Each case runs the CLI in its own process (several seconds each on a busy machine).
describe(
  'ledgerlift connect keeps the client secret off the command line',
  { timeout: 120_000 },
  () => {
    let sandbox: RunningSandbox;
    let dir: string;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, config: defaultSandboxConfig() });
      dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-connect-'));
    });
    afterAll(async () => {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    });

    const storedSecret = async (file: string, profile: string) =>
      (
        JSON.parse(await readFile(file, 'utf8')) as {
          profiles: Record<string, { clientSecret: string }>;
        }
      ).profiles[profile]?.clientSecret;

    it('reads it from standard input with --client-secret-stdin', async () => {
      const credentials = path.join(dir, 'stdin.json');
      const { code, output } = await connectApproving(
        [
          '--profile',
          'piped',
          '--base-url',
          sandbox.url,
          '--client-id',
          SANDBOX_APP.clientId,
          '--client-secret-stdin',
          '--no-browser',
        ],
        { LEDGERLIFT_CREDENTIALS: credentials, LEDGERLIFT_CLIENT_SECRET: '' },
        `${SANDBOX_APP.clientSecret}\n`,
      );
      expect(code, output).toBe(0);
      expect(output).toContain('Connected profile "piped"');
      expect(output).not.toContain(SANDBOX_APP.clientSecret);
      expect(await storedSecret(credentials, 'piped')).toBe(SANDBOX_APP.clientSecret);
    });

    it('reads it from LEDGERLIFT_CLIENT_SECRET', async () => {
      const credentials = path.join(dir, 'env.json');
      const { code, output } = await connectApproving(
        [
          '--profile',
          'from-env',
          '--base-url',
          sandbox.url,
          '--client-id',
          SANDBOX_APP.clientId,
          '--no-browser',
        ],
        { LEDGERLIFT_CREDENTIALS: credentials, LEDGERLIFT_CLIENT_SECRET: SANDBOX_APP.clientSecret },
        '',
      );
      expect(code, output).toBe(0);
      expect(await storedSecret(credentials, 'from-env')).toBe(SANDBOX_APP.clientSecret);
    });

    it('refuses empty standard input, and says in --help that the flag leaks', async () => {
      const empty = await connectApproving(
        [
          '--base-url',
          sandbox.url,
          '--client-id',
          SANDBOX_APP.clientId,
          '--client-secret-stdin',
          '--no-browser',
        ],
        { LEDGERLIFT_CREDENTIALS: path.join(dir, 'empty.json') },
        '',
      );
      expect(empty.code).toBe(2);
      expect(empty.output).toContain('Standard input is empty');
      const help = await runCli(['connect', '--help']);
      expect(help.stdout).toContain('--client-secret-stdin');
      expect(help.stdout).toMatch(/leaks into the shell\s+history/);
    });
  },
);
