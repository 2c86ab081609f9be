/**
 * One contender for the lock tests with several processes (`lock-file-break.test.ts`), run with an
 * IPC channel. Before each file operation on the lock or a name beside it (`<lock>*`), it tells the
 * parent which operation and waits for "go", so the parent decides the interleaving of the real
 * processes step by step. Inside the lock it appends `enter <name>` and `exit <name>` to the marker
 * file, tells the parent "enter", and leaves when the parent says "leave".
 */
import { promises as fs } from 'node:fs';
import { withLockFile } from '../../../src/credentials/lock-file.js';

/** What the parent hears from a contender. */
export type ContenderEvent =
  | { type: 'op'; op: string; paths: string[]; flags?: string }
  | { type: 'enter' }
  | { type: 'left' }
  | { type: 'done' }
  | { type: 'failed'; message: string };

/** What a contender hears from the parent. */
export type ContenderCommand = { type: 'go' } | { type: 'leave' };

const [lockPath, markerFile, name] = process.argv.slice(2);
if (!lockPath || !markerFile || !name) {
  throw new Error('usage: contend-lock <lock path> <marker file> <name>');
}
const send = (event: ContenderEvent) => process.send?.(event);
const waiting: Array<(command: ContenderCommand) => void> = [];
process.on('message', (command: ContenderCommand) => waiting.shift()?.(command));
const next = () => new Promise<ContenderCommand>((resolve) => waiting.push(resolve));

const watched = ['open', 'rename', 'link', 'unlink', 'rm', 'readFile', 'writeFile'] as const;
const methods = fs as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
for (const method of watched) {
  const original = methods[method]!.bind(fs);
  methods[method] = async (...args: unknown[]) => {
    const paths = args.filter(
      (arg): arg is string => typeof arg === 'string' && arg.startsWith(lockPath),
    );
    if (paths.length > 0) {
      send({
        type: 'op',
        op: method,
        paths,
        ...(method === 'open' && typeof args[1] === 'string' ? { flags: args[1] } : {}),
      });
      await next();
    }
    return original(...args);
  };
}

try {
  await withLockFile(
    lockPath,
    async () => {
      await fs.appendFile(markerFile, `enter ${name}\n`);
      send({ type: 'enter' });
      await next();
      await fs.appendFile(markerFile, `exit ${name}\n`);
      send({ type: 'left' });
    },
    { timeoutMs: 50_000 },
  );
  send({ type: 'done' });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
process.disconnect();
