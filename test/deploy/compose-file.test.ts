import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { defaultSandboxConfig } from '../../sandbox/sandbox-config.js';
import { temporalSettings } from '../../src/config/temporal-settings.js';
import { ledgerliftSearchAttributes } from '../../workflows/search-attributes.js';

/**
 * The team stack (docker-compose.yml, docs/deploy.md) checked without an engine or a network.
 *
 * The files are read two ways: as text (secrets, search attributes, the setup script's behaviour
 * against a fake CLI) and as YAML (the services and their wiring). Compose's own resolution (interpolation, profiles) is checked by scripts/validate-compose.sh,
 * which needs a Compose v2 CLI (deploy/tools/install-compose-cli.sh builds one with Go).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const composeFile = path.join(root, 'docker-compose.yml');
const workerMachineFile = path.join(root, 'deploy', 'worker-machine.compose.yml');
const dynamicConfigDir = path.join(root, 'deploy', 'temporal', 'dynamicconfig');
const setupScript = path.join(root, 'deploy', 'temporal', 'setup.sh');
const initScript = path.join(root, 'deploy', 'postgres', 'initdb', '10-ledgerlift-databases.sh');

const composeText = readFileSync(composeFile, 'utf8');
const workerMachineText = readFileSync(workerMachineFile, 'utf8');

const REQUIRED_SERVICES = ['postgresql', 'temporal', 'temporal-setup', 'temporal-ui', 'worker'];
const ALL_SERVICES = [...REQUIRED_SERVICES, 'sandbox'].sort();

/** `Name=Type` as `temporal operator search-attribute create --type` spells the SDK's types. */
const CLI_TYPE_NAMES: Record<string, string> = {
  TEXT: 'Text',
  KEYWORD: 'Keyword',
  INT: 'Int',
  DOUBLE: 'Double',
  BOOL: 'Bool',
  DATETIME: 'Datetime',
  KEYWORD_LIST: 'KeywordList',
};
const expectedSearchAttributes = ledgerliftSearchAttributes
  .map((key) => `${key.name}=${CLI_TYPE_NAMES[key.type] ?? `unknown type ${key.type}`}`)
  .sort();

// ---------------------------------------------------------------------------------------------
// The compose model: the fields the assertions read, in both the written and the resolved shape.

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const serviceSchema = z.looseObject({
  image: z.string().optional(),
  build: z.unknown().optional(),
  command: z.union([z.string(), z.array(z.string())]).nullish(),
  entrypoint: z.union([z.string(), z.array(z.string())]).nullish(),
  environment: z.union([z.record(z.string(), scalar), z.array(z.string())]).optional(),
  depends_on: z
    .union([
      z.array(z.string()),
      z.record(z.string(), z.looseObject({ condition: z.string().optional() })),
    ])
    .optional(),
  ports: z
    .array(
      z.union([
        z.string(),
        z.number(),
        z.looseObject({
          target: z.union([z.number(), z.string()]),
          published: z.union([z.number(), z.string()]).optional(),
          host_ip: z.string().optional(),
        }),
      ]),
    )
    .optional(),
  volumes: z
    .array(
      z.union([
        z.string(),
        z.looseObject({
          type: z.string().optional(),
          source: z.string().optional(),
          target: z.string(),
          read_only: z.boolean().optional(),
        }),
      ]),
    )
    .optional(),
  healthcheck: z.looseObject({ test: z.union([z.string(), z.array(z.string())]) }).optional(),
  profiles: z.array(z.string()).optional(),
  container_name: z.string().optional(),
  restart: z.string().optional(),
  init: z.boolean().optional(),
});
const composeSchema = z.looseObject({
  services: z.record(z.string(), serviceSchema),
  volumes: z.record(z.string(), z.unknown()).nullish(),
});
type ComposeModel = z.infer<typeof composeSchema>;
type Service = z.infer<typeof serviceSchema>;

interface Mount {
  source: string | undefined;
  target: string;
  readOnly: boolean;
  /** A named volume (as opposed to a host path). */
  named: boolean;
}

function service(model: ComposeModel, name: string): Service {
  const found = model.services[name];
  if (!found) throw new Error(`service ${name} is missing`);
  return found;
}

function env(svc: Service): Record<string, string> {
  const raw = svc.environment ?? {};
  if (Array.isArray(raw)) {
    return Object.fromEntries(
      raw.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, value === null ? '' : String(value)]),
  );
}

function mounts(svc: Service, namedVolumes: readonly string[]): Mount[] {
  return (svc.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') {
      return {
        source: volume.source,
        target: volume.target,
        readOnly: volume.read_only === true,
        named: volume.type === 'volume',
      };
    }
    // `source:target[:mode]`; the source may hold `${VAR:-default}`, so read from the right.
    const mode = /:(ro|rw)$/.exec(volume);
    const spec = mode ? volume.slice(0, mode.index) : volume;
    const at = spec.lastIndexOf(':');
    const source = at < 0 ? undefined : spec.slice(0, at);
    return {
      source,
      target: at < 0 ? spec : spec.slice(at + 1),
      readOnly: mode?.[1] === 'ro',
      named: source !== undefined && namedVolumes.includes(source),
    };
  });
}

function mountHolding(svc: Service, file: string, namedVolumes: readonly string[]): Mount {
  const found = mounts(svc, namedVolumes).find(
    (mount) => file === mount.target || file.startsWith(`${mount.target}/`),
  );
  if (!found) throw new Error(`no volume holds ${file}`);
  return found;
}

/** Container ports a service publishes on the host. */
function publishedTargets(svc: Service): number[] {
  return (svc.ports ?? []).map((port) => {
    if (typeof port === 'number') return port;
    if (typeof port === 'string') return Number(port.slice(port.lastIndexOf(':') + 1));
    return Number(port.target);
  });
}

function dependsOn(svc: Service): Record<string, string | undefined> {
  const deps = svc.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition]));
}

function words(value: string | string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : value.split(/\s+/).filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Readers.

/** Parses a YAML file (the `yaml` package: pure JavaScript, present wherever the tests run). */
function readYaml(file: string): unknown {
  // Compose files use YAML 1.1 merge keys (`<<: *anchor`), which YAML 1.2 parsers need asked for.
  return parseYaml(readFileSync(file, 'utf8'), { merge: true });
}

// ---------------------------------------------------------------------------------------------

describe('docker-compose.yml as text', () => {
  it('registers exactly the search attributes of workflows/search-attributes.ts', () => {
    const line = /^\s+LEDGERLIFT_SEARCH_ATTRIBUTES:\s*(.+)$/m.exec(composeText);
    expect(line?.[1]?.trim().split(/\s+/).sort()).toEqual(expectedSearchAttributes);
  });

  it('holds no secret: every password is a variable reference, and no client credentials', () => {
    for (const [file, text] of [
      [composeFile, composeText],
      [workerMachineFile, workerMachineText],
    ] as const) {
      const lines = text.split('\n').filter((l) => !l.trimStart().startsWith('#'));
      for (const l of lines) {
        const secretKey =
          /^\s*-?\s*([A-Z0-9_]*(PASSWORD|PWD|SECRET|TOKEN)[A-Z0-9_]*)\s*[:=]\s*(.*)$/.exec(l);
        if (secretKey) expect(secretKey[3], `${file}: ${secretKey[1]}`).toMatch(/^\$\{[A-Z0-9_]+/);
        // A database URL carries its password only as a variable (or a `...` in a message).
        for (const url of l.matchAll(/postgres(?:ql)?:\/\/[^:/\s]+:(\S{0,3})/g)) {
          expect(url[1], `${file}: ${l.trim()}`).toMatch(/^(\$\{[A-Z]|\.\.\.|<)/);
        }
      }
      // Client id and secret live in the credential profile, never in the stack's configuration.
      expect(text).not.toMatch(/LEDGERLIFT_CLIENT_(ID|SECRET)/);
      for (const app of defaultSandboxConfig().apps) expect(text).not.toContain(app.clientSecret);
    }
  });

  it('keeps the example settings free of passwords', async () => {
    for (const name of ['env.example', 'env.worker-machine.example']) {
      const text = await readFile(path.join(root, 'deploy', name), 'utf8');
      for (const l of text.split('\n')) {
        const setting = /^([A-Z0-9_]*(PASSWORD|SECRET)[A-Z0-9_]*)=(.*)$/.exec(l);
        if (setting) expect(setting[3], `${name}: ${setting[1]}`).toBe('');
      }
      expect(text).toMatch(/^LEDGERLIFT_RUN_STORE_(PASSWORD|URL)=$/m);
    }
  });

  it('keeps credentials out of the image', async () => {
    const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
    const ignore = (await readFile(path.join(root, '.dockerignore'), 'utf8')).split('\n');
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).not.toMatch(/^(COPY|ADD)[^\n]*cred/im);
    for (const entry of ['.ledgerlift', '.env', '.git', 'node_modules', '**/credentials*.json']) {
      expect(ignore).toContain(entry);
    }
  });

  it('creates the run store database and its role on first start', async () => {
    const text = await readFile(initScript, 'utf8');
    expect(text).toMatch(/CREATE ROLE ledgerlift LOGIN PASSWORD :'run_store_password'/);
    expect(text).toMatch(/CREATE DATABASE ledgerlift OWNER ledgerlift/);
    expect(text).toMatch(/CREATE ROLE temporal LOGIN CREATEDB/);
  });
});

describe('deploy/temporal/setup.sh against a fake temporal CLI', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  const fakeCli = `#!/bin/sh
# Registered attributes in $STATE ("Name Type" lines); namespace exists when $STATE.ns exists.
echo "$*" >> "$STATE.calls"
case "$1 $2 $3" in
  "operator cluster health") echo "temporal.api.workflowservice.v1.WorkflowService: SERVING" ;;
  "operator namespace describe") [ -f "$STATE.ns" ] ;;
  "operator namespace create") touch "$STATE.ns" ;;
  "operator search-attribute list")
    [ -f "$STATE.ns" ] || exit 1
    printf '  Name  Type\\n  WorkflowId  Keyword\\n'
    cat "$STATE" ;;
  "operator search-attribute create")
    shift 3
    while [ $# -gt 0 ]; do
      case "$1" in --name) name="$2"; shift ;; --type) type="$2"; shift ;; esac
      shift
    done
    echo "  $name  $type" >> "$STATE" ;;
  *) echo "unexpected: $*" >&2; exit 2 ;;
esac
`;

  async function runSetup(registered: string, namespaceExists: boolean) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-setup-'));
    dirs.push(dir);
    const cli = path.join(dir, 'temporal');
    const state = path.join(dir, 'state');
    await writeFile(cli, fakeCli);
    await chmod(cli, 0o755);
    await writeFile(state, registered);
    if (namespaceExists) await writeFile(`${state}.ns`, '');
    const attributes = /^\s+LEDGERLIFT_SEARCH_ATTRIBUTES:\s*(.+)$/m.exec(composeText)?.[1] ?? '';
    const result = spawnSync('sh', [setupScript], {
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        PATH: process.env.PATH,
        STATE: state,
        TEMPORAL_CLI: cli,
        TEMPORAL_ADDRESS: 'temporal:7233',
        TEMPORAL_NAMESPACE: 'default',
        TEMPORAL_SETUP_WAIT_SECONDS: '5',
        LEDGERLIFT_SEARCH_ATTRIBUTES: attributes.trim(),
      },
    });
    const calls = existsSync(`${state}.calls`)
      ? (await readFile(`${state}.calls`, 'utf8')).trim().split('\n')
      : [];
    const created = calls
      .filter((call) => call.includes('search-attribute create'))
      .map((call) => {
        const [, name, type] = /--name (\S+) --type (\S+)/.exec(call) ?? [];
        return `${name}=${type}`;
      });
    return { status: result.status, stderr: result.stderr, calls, created };
  }

  it('creates a missing namespace and registers every attribute, once', async () => {
    const first = await runSetup('', false);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(
      first.calls.some((c) => /namespace create --namespace default --retention/.test(c)),
    ).toBe(true);
    expect(first.created.sort()).toEqual(expectedSearchAttributes);
  });

  it('changes nothing when the namespace has them all', async () => {
    const registered = expectedSearchAttributes
      .map((pair) => `  ${pair.replace('=', '  ')}\n`)
      .join('');
    const again = await runSetup(registered, true);
    expect(again.status).toBe(0);
    expect(again.calls.filter((c) => c.includes('create'))).toEqual([]);
  });

  it('fails, naming both types, when an attribute exists with another type', async () => {
    const [first] = expectedSearchAttributes;
    const [name, type] = (first ?? '').split('=');
    const other = type === 'Int' ? 'Keyword' : 'Int';
    const conflict = await runSetup(`  ${name}  ${other}\n`, true);
    expect(conflict.status).not.toBe(0);
    expect(conflict.stderr).toContain(`${name} is registered as ${other}`);
    expect(conflict.stderr).toContain(`needs ${type}`);
  });
});

describe('docker-compose.yml as written', () => {
  let model: ComposeModel;
  let named: string[];
  beforeAll(() => {
    model = composeSchema.parse(readYaml(composeFile));
    named = Object.keys(model.volumes ?? {});
  });

  it('has every service of the stack', () => {
    expect(Object.keys(model.services).sort()).toEqual(ALL_SERVICES);
    expect(service(model, 'sandbox').profiles).toEqual(['sandbox']);
  });

  it('pins every image to a version, Temporal server and tools to the same release', () => {
    // The Ledgerlift image is built from the Dockerfile; every other image is pulled.
    const pulled = Object.values(model.services).filter((svc) => svc.build === undefined);
    expect(pulled.length).toBe(4);
    for (const image of pulled.map((svc) => svc.image ?? '')) {
      expect(image).toMatch(/^[^:\s]+:[^:\s]+$/);
      expect(image).not.toMatch(/:latest$/);
    }
    expect(service(model, 'postgresql').image).toBe('postgres:16');
    expect(service(model, 'temporal').image).toBe('temporalio/auto-setup:1.29.1');
    expect(service(model, 'temporal-setup').image).toMatch(/^temporalio\/admin-tools:1\.29\.1-/);
    expect(service(model, 'temporal-ui').image).toBe('temporalio/ui:2.42.1');
  });

  it('points the worker at the temporal service and the shared PostgreSQL run store', () => {
    const worker = env(service(model, 'worker'));
    const [host, port] = (worker.TEMPORAL_ADDRESS ?? '').split(':');
    expect(host).toBe('temporal');
    expect(publishedTargets(service(model, 'temporal'))).toContain(Number(port));
    expect(worker.LEDGERLIFT_RUN_STORE_URL).toMatch(
      /^postgres:\/\/ledgerlift:\$\{LEDGERLIFT_RUN_STORE_PASSWORD:\?[^}]*\}@postgresql:5432\/ledgerlift$/,
    );
    expect(worker.LEDGERLIFT_API_RATE_LIMIT).toBe('on');
    expect(dependsOn(service(model, 'worker'))).toMatchObject({
      postgresql: 'service_healthy',
      'temporal-setup': 'service_completed_successfully',
    });
  });

  it('lets the worker scale: no fixed name, no host port, shared writable volumes', () => {
    const svc = service(model, 'worker');
    const worker = env(svc);
    expect(svc.container_name).toBeUndefined();
    expect(svc.ports ?? []).toEqual([]);
    for (const file of [worker.LEDGERLIFT_CREDENTIALS ?? '', worker.LEDGERLIFT_RUNS_DIR ?? '']) {
      const mount = mountHolding(svc, file, named);
      expect(mount.named, file).toBe(true);
      expect(mount.readOnly, file).toBe(false);
    }
  });

  it('runs the setup once the server is healthy, with the script from deploy/', () => {
    const setup = service(model, 'temporal-setup');
    expect(dependsOn(setup)).toEqual({ temporal: 'service_healthy' });
    const script = words(setup.entrypoint).find((word) => word.endsWith('.sh')) ?? '';
    expect(mountHolding(setup, script, named).source).toBe('./deploy/temporal/setup.sh');
    expect(env(setup).TEMPORAL_ADDRESS).toBe(env(service(model, 'worker')).TEMPORAL_ADDRESS);
    expect(env(setup).TEMPORAL_NAMESPACE).toBe(env(service(model, 'worker')).TEMPORAL_NAMESPACE);
  });

  it('gives Temporal the dynamic config and PostgreSQL, and health checks to wait on', () => {
    const temporal = service(model, 'temporal');
    const settings = env(temporal);
    const file = settings.DYNAMIC_CONFIG_FILE_PATH ?? '';
    const mount = mountHolding(temporal, file, named);
    expect(mount.source).toBe('./deploy/temporal/dynamicconfig');
    expect(existsSync(path.join(dynamicConfigDir, path.relative(mount.target, file)))).toBe(true);
    expect(settings.POSTGRES_SEEDS).toBe('postgresql');
    expect(settings.SKIP_ADD_CUSTOM_SEARCH_ATTRIBUTES).toBe('true');
    expect(dependsOn(temporal)).toEqual({ postgresql: 'service_healthy' });
    for (const name of ['postgresql', 'temporal', 'sandbox']) {
      expect(service(model, name).healthcheck, name).toBeDefined();
    }
    expect(
      mountHolding(service(model, 'postgresql'), '/docker-entrypoint-initdb.d', named),
    ).toEqual(expect.objectContaining({ source: './deploy/postgres/initdb', readOnly: true }));
  });

  it('publishes Temporal on 7233, the Web UI on 8080 and the sandbox on 4010', () => {
    expect(publishedTargets(service(model, 'temporal'))).toEqual([7233]);
    expect(publishedTargets(service(model, 'temporal-ui'))).toEqual([8080]);
    expect(publishedTargets(service(model, 'sandbox'))).toEqual([4010]);
    const sandbox = words(service(model, 'sandbox').command);
    expect(sandbox).toEqual(expect.arrayContaining(['dist/sandbox/main.js', '--host', '0.0.0.0']));
    expect(sandbox[sandbox.indexOf('--port') + 1]).toBe('4010');
  });

  it('sets one read and one write partition for both Ledgerlift task queues', () => {
    const file = path.basename(env(service(model, 'temporal')).DYNAMIC_CONFIG_FILE_PATH ?? '');
    const config = z
      .record(
        z.string(),
        z.array(z.object({ value: z.unknown(), constraints: z.record(z.string(), z.unknown()) })),
      )
      .parse(readYaml?.(path.join(dynamicConfigDir, file)));
    const queue = env(service(model, 'worker')).LEDGERLIFT_TASK_QUEUE ?? '';
    const { taskQueue, apiTaskQueue } = temporalSettings({ LEDGERLIFT_TASK_QUEUE: queue });
    for (const key of [
      'matching.numTaskqueueReadPartitions',
      'matching.numTaskqueueWritePartitions',
    ]) {
      const entries = config[key] ?? [];
      for (const name of [taskQueue, apiTaskQueue]) {
        // As the server matches: an entry applies when every constraint it names matches.
        const applies = entries.filter(
          (entry) =>
            entry.constraints.taskQueueName === name &&
            Object.keys(entry.constraints).every((c) => c === 'taskQueueName' || c === 'taskType'),
        );
        expect(applies.length, `${key} for ${name}`).toBeGreaterThan(0);
        for (const entry of applies) expect(entry.value, `${key} for ${name}`).toBe(1);
      }
    }
  });

  it('gives workers on other machines the same queues, rate limit and volumes', () => {
    const other = composeSchema.parse(readYaml(workerMachineFile));
    const remote = service(other, 'worker');
    const local = service(model, 'worker');
    expect(Object.keys(other.services)).toEqual(['worker']);
    expect(env(remote).TEMPORAL_ADDRESS).toMatch(/^\$\{TEMPORAL_ADDRESS:\?/);
    expect(env(remote).LEDGERLIFT_RUN_STORE_URL).toMatch(/^\$\{LEDGERLIFT_RUN_STORE_URL:\?/);
    for (const key of [
      'LEDGERLIFT_TASK_QUEUE',
      'LEDGERLIFT_API_RATE_LIMIT',
      'LEDGERLIFT_RUNS_DIR',
      'LEDGERLIFT_CREDENTIALS',
      'LEDGERLIFT_SOURCES_ROOT',
    ]) {
      expect(env(remote)[key], key).toBe(env(local)[key]);
    }
    expect(mounts(remote, []).map((m) => m.target)).toEqual(
      mounts(local, named).map((m) => m.target),
    );
  });
});
