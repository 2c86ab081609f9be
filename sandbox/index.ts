import type { AddressInfo } from 'node:net';
import { createAdmin, type SandboxAdmin } from './admin.js';
import { assertValidConfig, defaultSandboxConfig, type SandboxConfig } from './sandbox-config.js';
import { buildServer } from './http/server.js';
import { partnerRoutes } from './resources/index.js';
import { SandboxRuntime } from './runtime.js';
import { Persistence } from './state/persistence.js';

export type { SandboxConfig, SandboxLimits, SandboxWorkspaceSeed } from './sandbox-config.js';
export { defaultSandboxConfig } from './sandbox-config.js';
export type { FaultRule } from './faults/fault-injector.js';
export type { RequestLogEntry } from './http/request-log.js';

export interface StartSandboxOptions {
  /** 0 = a free port. The library default is 0; the CLI defaults to 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  config?: SandboxConfig;
  /** Persist state to this JSON file (memory only when absent). */
  dataFile?: string;
}

export interface RunningSandbox {
  /** "http://127.0.0.1:<port>": this is {base_url}; API paths start with /partners. */
  url: string;
  config: SandboxConfig;
  admin: SandboxAdmin;
  /** Stops listening, cancels webhook retries and flushes persistence. */
  close(): Promise<void>;
}

/** Starts a sandbox: a stateful, double-entry emulator of the Partner Accounting API. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const config = options.config ?? defaultSandboxConfig();
  assertValidConfig(config);
  const runtime = new SandboxRuntime(config);
  const persistence = options.dataFile ? new Persistence(options.dataFile, runtime.store) : null;
  if (persistence) {
    persistence.load();
    runtime.store.onDirty(() => persistence.markDirty());
  }
  const admin = createAdmin(runtime);
  const server = buildServer(runtime, admin, partnerRoutes());
  const host = options.host ?? '127.0.0.1';
  await server.listen({ port: options.port ?? 0, host });
  const address = server.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed = false;
  return {
    url: `http://${shownHost}:${address.port}`,
    config,
    admin,
    async close() {
      if (closed) return;
      closed = true;
      runtime.webhooks.close();
      await server.close();
      await persistence?.flush();
    },
  };
}
