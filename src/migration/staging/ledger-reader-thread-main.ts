import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import {
  readLedger,
  type LedgerItem,
  type ReadLedgerOptions,
} from '../../../mappings/read-ledger.js';
import { BATCHES_AHEAD, ITEMS_PER_BATCH, type FromReader } from './ledger-reader-thread.js';

// The exports' reader thread (started by `readLedgerInThread`): reads the ledger and posts its
// items in batches, never more than BATCHES_AHEAD ahead of what the reading thread has taken.
// A throw here reaches the reading thread as the thread's error.
const port = parentPort;
if (!port) throw new Error('ledger-reader-thread-main.ts runs only as a worker thread');
let ahead = 0;
port.on('message', () => {
  ahead -= 1;
});
const post = async (message: FromReader) => {
  while (ahead >= BATCHES_AHEAD) await once(port, 'message');
  if ('items' in message) ahead += 1;
  port.postMessage(message);
};
let batch: LedgerItem[] = [];
for await (const item of readLedger(workerData as ReadLedgerOptions)) {
  batch.push(item);
  if (batch.length < ITEMS_PER_BATCH) continue;
  await post({ items: batch });
  batch = [];
}
await post({ items: batch });
await post({ done: true });
