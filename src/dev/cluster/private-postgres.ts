import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** A PostgreSQL cluster of this machine's own binaries, private to one data folder, on loopback. */
export interface PrivatePostgres {
  host: '127.0.0.1';
  port: number;
  user: string;
  /** Generated at initialisation, kept in `<folder>/password` (mode 0600): never printed. */
  password: string;
  /** A connection URL for one database (holds the password: never log it). */
  url(database: string): string;
  /** Creates the database unless it exists. */
  ensureDatabase(name: string): Promise<void>;
  /** A fast shutdown and a start: every connection is cut, as when the server is restarted. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /** Holds `data/` (the cluster), `server.log` and `password`. Reused when it already holds one. */
  folder: string;
  port: number;
  /** Connections the server accepts: Temporal's services and every worker's pool share them. */
  maxConnections?: number;
}

const ADMIN_USER = 'ledgerlift';

/** The newest installed PostgreSQL's programs (Debian keeps them out of PATH), or LEDGERLIFT_PG_BIN. */
function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LEDGERLIFT_PG_BIN) return env.LEDGERLIFT_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPath.status === 0 && fromPath.stdout.trim()) return fromPath.stdout.trim();
  throw new Error(
    'No PostgreSQL server programs found: install PostgreSQL (Debian: apt-get install postgresql) or set LEDGERLIFT_PG_BIN to the folder holding initdb and pg_ctl.',
  );
}

/**
 * PostgreSQL refuses to run as root. As root, its programs run as LEDGERLIFT_PG_OS_USER (default
 * `postgres`, the account the Debian package creates) through runuser, and the data folder is
 * theirs; as anyone else, they run as that user.
 */
function osUser(
  env: NodeJS.ProcessEnv = process.env,
): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const name = env.LEDGERLIFT_PG_OS_USER ?? 'postgres';
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  try {
    return { name, uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      `PostgreSQL cannot run as root and there is no user "${name}": create one (useradd --system ${name}) or set LEDGERLIFT_PG_OS_USER.`,
    );
  }
}

/** Runs one of PostgreSQL's programs (as its OS user when this is root); rejects with its output. */
async function runPg(
  bin: string,
  program: string,
  args: string[],
  user: ReturnType<typeof osUser>,
): Promise<void> {
  const command = user ? 'runuser' : path.join(bin, program);
  const fullArgs = user ? ['-u', user.name, '--', path.join(bin, program), ...args] : args;
  const child = spawn(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < 8000) output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${program} ${args[0] ?? ''} failed (${code}): ${output}`);
}

function ownedBy(target: string, user: ReturnType<typeof osUser>, mode: number) {
  if (user) chownSync(target, user.uid, user.gid);
  chmodSync(target, mode);
}

/** Initialises the cluster on first use, then starts it and waits until it accepts connections. */
export async function startPrivatePostgres(
  options: PrivatePostgresOptions,
): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const user = osUser();
  const folder = path.resolve(options.folder);
  const data = path.join(folder, 'data');
  const passwordFile = path.join(folder, 'password');
  const log = path.join(folder, 'server.log');
  mkdirSync(folder, { recursive: true });
  ownedBy(folder, user, 0o700);

  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    const password = randomBytes(18).toString('base64url');
    writeFileSync(passwordFile, password, { mode: 0o600 });
    ownedBy(passwordFile, user, 0o600);
    await runPg(
      bin,
      'initdb',
      [
        '-D',
        data,
        '-U',
        ADMIN_USER,
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '-E',
        'UTF8',
        '--no-instructions',
      ],
      user,
    );
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  // Loopback only, the socket inside the private folder, and room for Temporal's pools.
  writeFileSync(
    path.join(data, 'postgresql.auto.conf'),
    [
      `listen_addresses = '127.0.0.1'`,
      `port = ${options.port}`,
      `unix_socket_directories = '${folder}'`,
      `max_connections = ${options.maxConnections ?? 300}`,
      '',
    ].join('\n'),
  );
  ownedBy(path.join(data, 'postgresql.auto.conf'), user, 0o600);
  const ctl = (...args: string[]) =>
    runPg(bin, 'pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args], user);
  if (!existsSync(log)) {
    writeFileSync(log, '');
    ownedBy(log, user, 0o600);
  }
  await ctl('start');

  const url = (database: string) =>
    `postgres://${ADMIN_USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  return {
    host: '127.0.0.1',
    port: options.port,
    user: ADMIN_USER,
    password,
    url,
    async ensureDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
          name,
        ]);
        if (!rowCount) await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
    },
    async restart() {
      await ctl('restart', '-m', 'fast');
    },
    async stop() {
      await ctl('stop', '-m', 'fast');
    },
  };
}
