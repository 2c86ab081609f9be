/**
 * Loaded first into the security test's worker process (recording-worker-process.ts): records every
 * outgoing HTTP request undici sends (the project's client and Node's fetch both publish on these
 * channels), every connection undici opens, and every TCP socket Node connects, one JSON line each
 * in CHAOS_CONNECTIONS_FILE. Nothing secret is written: origins, methods, paths and addresses.
 * (Temporal's connection is made by the SDK's native core, outside Node's sockets.)
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import type { Socket } from 'node:net';

const file = process.env.CHAOS_CONNECTIONS_FILE;

function record(entry: Record<string, unknown>): void {
  if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

if (file) {
  diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
    const { request } = message as {
      request: { origin?: unknown; method?: string; path?: string };
    };
    record({
      kind: 'request',
      origin: String(request.origin),
      method: request.method,
      path: request.path?.split('?')[0],
    });
  });
  diagnosticsChannel.subscribe('undici:client:beforeConnect', (message) => {
    const { connectParams } = message as {
      connectParams: { hostname?: string; port?: string | number; protocol?: string };
    };
    record({
      kind: 'connect',
      hostname: connectParams.hostname,
      port: String(connectParams.port ?? ''),
      protocol: connectParams.protocol,
    });
  });
  diagnosticsChannel.subscribe('net.client.socket', (message) => {
    const { socket } = message as { socket: Socket };
    socket.once('connect', () =>
      record({ kind: 'socket', address: socket.remoteAddress, port: socket.remotePort }),
    );
  });
}
