import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CredentialStoreError,
  CredentialStoreLockTimeoutError,
  createFileCredentialStore,
  resolveCredentialsPath,
  withLockFile,
  defaultCredentialsPath,
} from '../../src/credentials/index.js';
import { projectRoot } from '../../src/config/project-paths.js';
import {
  CLIENT_SECRET,
  REFRESH_TOKEN,
  TestClock,
  connectedProfile,
  rejectionOf,
  tempCredentials,
} from './support/client-fixture.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function temp() {
  const files = await tempCredentials();
  cleanups.push(files.cleanup);
  return files;
}

const posix = process.platform !== 'win32';

describe('file credential store', () => {
  it('writes the file readable only by its owner, in an owner-only directory', async () => {
    const files = await temp();
    const nested = path.join(files.dir, 'nested', 'credentials.json');
    const store = createFileCredentialStore({ path: nested, env: {} });
    await store.putProfile(
      'default',
      connectedProfile('https://api.example.test', new TestClock()),
    );
    if (posix) {
      expect((await fs.stat(nested)).mode & 0o777).toBe(0o600);
      expect((await fs.stat(path.dirname(nested))).mode & 0o777).toBe(0o700);
    }
    expect((await store.getProfile('default'))?.tokens?.refreshToken).toBe(REFRESH_TOKEN);
    expect(await store.listProfiles()).toEqual(['default']);
  });

  it.runIf(posix)(
    'refuses a credential file that others can read, without quoting it',
    async () => {
      const files = await temp();
      await files.store.putProfile(
        'default',
        connectedProfile('https://api.example.test', new TestClock()),
      );
      await fs.chmod(files.file, 0o644);
      const error = await rejectionOf(files.store.getProfile('default'));
      expect(error).toBeInstanceOf(CredentialStoreError);
      expect(error.message).toContain('chmod 600');
      expect(error.message).not.toContain(CLIENT_SECRET);
    },
  );

  it('replaces the file atomically: concurrent readers always see a whole file', async () => {
    const files = await temp();
    const clock = new TestClock();
    await files.store.putProfile('p0', connectedProfile('https://api.example.test', clock));
    const original = await fs.open(files.file, 'r');
    cleanups.push(() => original.close());
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const text = await fs.readFile(files.file, 'utf8');
        expect(() => JSON.parse(text) as unknown).not.toThrow();
        reads += 1;
      }
    })();
    for (let index = 1; index <= 30; index += 1) {
      await files.store.putProfile(
        `p${index}`,
        connectedProfile('https://api.example.test', clock, {
          workspaceName: 'x'.repeat(20_000),
        }),
      );
    }
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    // A rename, not an in-place rewrite: the original file is untouched, no temporary files remain.
    const originalText = await original.readFile('utf8');
    expect(Object.keys((JSON.parse(originalText) as { profiles: object }).profiles)).toEqual([
      'p0',
    ]);
    expect(await fs.readdir(files.dir)).toEqual(['credentials.json']);
    expect(await files.store.listProfiles()).toHaveLength(31);
  });

  it('loses no update when several writers race (they serialize on the lock)', async () => {
    const files = await temp();
    const clock = new TestClock();
    const stores = [files.store, createFileCredentialStore({ path: files.file, env: {} })];
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        stores[index % 2]!.putProfile(
          `profile-${index}`,
          connectedProfile('https://api.example.test', clock),
        ),
      ),
    );
    expect(await files.store.listProfiles()).toHaveLength(12);
    expect(await files.store.deleteProfile('profile-3')).toBe(true);
    expect(await files.store.deleteProfile('profile-3')).toBe(false);
  });

  it('names the file but never its secrets when the file is malformed', async () => {
    const files = await temp();
    await fs.writeFile(
      files.file,
      JSON.stringify({ version: 1, profiles: { default: { clientSecret: CLIENT_SECRET } } }),
      { mode: 0o600 },
    );
    const error = await rejectionOf(files.store.getProfile('default'));
    expect(error).toBeInstanceOf(CredentialStoreError);
    expect(error.message).toContain(files.file);
    expect(error.message).toContain('profiles.default.baseUrl');
    expect(error.message).not.toContain(CLIENT_SECRET);
  });

  it('resolves the path from the option, then LEDGERLIFT_CREDENTIALS, then the project default', () => {
    expect(resolveCredentialsPath('/tmp/a.json', { LEDGERLIFT_CREDENTIALS: '/tmp/b.json' })).toBe(
      '/tmp/a.json',
    );
    expect(resolveCredentialsPath(undefined, { LEDGERLIFT_CREDENTIALS: '/tmp/b.json' })).toBe(
      '/tmp/b.json',
    );
    expect(resolveCredentialsPath(undefined, {})).toBe(defaultCredentialsPath);
    expect(defaultCredentialsPath).toBe(path.join(projectRoot, '.ledgerlift', 'credentials.json'));
  });
});

describe('lock file across processes', () => {
  it('keeps another process out until it is released', async () => {
    const files = await temp();
    const lockPath = `${files.file}.lock`;
    const holder = holdLockInChild(lockPath);
    cleanups.push(() => void holder.child.kill());
    await holder.waitFor('locked');

    const blocked = await rejectionOf(
      withLockFile(lockPath, () => Promise.resolve(), { timeoutMs: 150 }),
    );
    expect(blocked).toBeInstanceOf(CredentialStoreLockTimeoutError);

    let ran = false;
    const waiting = withLockFile(lockPath, () => {
      ran = true;
      return Promise.resolve();
    });
    holder.child.stdin.write('release\n');
    await holder.waitFor('released');
    await waiting;
    expect(ran).toBe(true);
    // Released by its owner: no lock file remains.
    await expect(fs.access(lockPath)).rejects.toThrow();
  });

  it('breaks the lock of a process that died holding it', async () => {
    const files = await temp();
    const lockPath = `${files.file}.lock`;
    const holder = holdLockInChild(lockPath);
    await holder.waitFor('locked');
    holder.child.kill('SIGKILL');
    await new Promise((resolve) => holder.child.once('exit', resolve));
    let ran = false;
    await withLockFile(
      lockPath,
      () => {
        ran = true;
        return Promise.resolve();
      },
      { timeoutMs: 5_000 },
    );
    expect(ran).toBe(true);
  });
});

function holdLockInChild(lockPath: string): {
  child: ChildProcessWithoutNullStreams;
  waitFor: (line: string) => Promise<void>;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'test/partner-api/support/hold-lock.ts'), lockPath],
    { cwd: projectRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return {
    child,
    waitFor: (line) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (output.split('\n').includes(line)) {
            child.stdout.off('data', check);
            resolve();
          }
        };
        child.stdout.on('data', check);
        child.once('exit', (code) => {
          if (!output.split('\n').includes(line))
            reject(new Error(`child exited (${code}):\n${output}`));
        });
        check();
      }),
  };
}
