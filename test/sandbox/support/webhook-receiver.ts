import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A loopback webhook receiver. `respond` decides the status per attempt ("hang" never answers),
 * and `waitFor(n)` resolves once n deliveries have arrived: tests wait on events, never on sleeps.
 */
export async function startReceiver(respond: (attempt: number) => number | 'hang' = () => 200) {
  const received: ReceivedDelivery[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const decision = respond(received.length);
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      if (decision === 'hang') return;
      response.statusCode = decision;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor(count: number, timeoutMs = 5000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} deliveries arrived`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
