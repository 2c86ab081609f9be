import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import type { ContenderCommand, ContenderEvent } from './support/contend-lock.js';

/**
 * Real processes contend for one credential lock while the test decides, file operation by file
 * operation, which of them runs (`support/contend-lock.ts`): the interleavings that lose are forced,
 * not hoped for, so each test gives the same answer on every run.
 */

const STEP_TIMEOUT_MS = 60_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  lockPath: string;
  markerFile: string;
  /** Processes inside the lock now and at most at once, as the processes themselves tell it. */
  inside: { now: number; most: number };
}

async function setUp(): Promise<Setup> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-lock-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const lockPath = path.join(dir, 'credentials.json.lock');
  // Left behind by a process long gone (another host, so only its age says it is abandoned).
  await writeFile(
    lockPath,
    JSON.stringify({ pid: 1, hostname: 'elsewhere', nonce: 'old', acquiredAt: 0 }),
    { mode: 0o600 },
  );
  return { lockPath, markerFile: path.join(dir, 'markers.log'), inside: { now: 0, most: 0 } };
}

/** One contending process, held at each file operation on the lock until the test lets it go. */
class Contender {
  readonly child: ChildProcess;
  private readonly events: ContenderEvent[] = [];
  private wake: (() => void) | undefined;
  private unanswered: ContenderEvent | undefined;
  private free = false;
  private stderr = '';

  constructor(
    readonly name: string,
    setup: Setup,
  ) {
    this.child = fork(
      path.join(projectRoot, 'test/partner-api/support/contend-lock.ts'),
      [setup.lockPath, setup.markerFile, name],
      {
        cwd: projectRoot,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      },
    );
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.child.on('message', (event: ContenderEvent) => {
      const { inside } = setup;
      if (event.type === 'enter') inside.most = Math.max(inside.most, (inside.now += 1));
      if (event.type === 'left') inside.now -= 1;
      if (this.free) this.answer(event);
      else this.events.push(event);
      this.wake?.();
    });
    cleanups.push(() => void this.child.kill('SIGKILL'));
  }

  /**
   * Lets the process run until it is about to do an operation `stopAt` picks (left waiting), or it
   * is inside the lock, or it has finished; answers that event.
   */
  async runUntil(stopAt: (event: ContenderEvent) => boolean): Promise<ContenderEvent> {
    if (this.unanswered) this.answer(this.unanswered);
    for (;;) {
      const event = await this.nextEvent();
      if (event.type === 'op' && !stopAt(event)) {
        this.answer(event);
        continue;
      }
      if (event.type === 'left') continue;
      this.unanswered = event;
      return event;
    }
  }

  /** From now on every operation runs at once and the lock is left as soon as it is held. */
  runFreely(): void {
    this.free = true;
    if (this.unanswered) this.answer(this.unanswered);
    for (const event of this.events.splice(0)) this.answer(event);
  }

  /** Resolves with "done" or "failed" once the process has finished. */
  async finished(): Promise<ContenderEvent> {
    for (;;) {
      const last = this.events.find((event) => event.type === 'done' || event.type === 'failed');
      if (last) return last;
      await this.nextMessage();
    }
  }

  private answer(event: ContenderEvent): void {
    this.unanswered = undefined;
    const command: ContenderCommand | undefined =
      event.type === 'op' ? { type: 'go' } : event.type === 'enter' ? { type: 'leave' } : undefined;
    if (command && this.child.connected) this.child.send(command);
    if (event.type === 'done' || event.type === 'failed') this.events.push(event);
  }

  private async nextEvent(): Promise<ContenderEvent> {
    while (this.events.length === 0) await this.nextMessage();
    return this.events.shift()!;
  }

  private nextMessage(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.name} sent nothing for a while:\n${this.stderr}`)),
        STEP_TIMEOUT_MS,
      );
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}

/** A step of breaking or removing a lock: anything that changes a name beside or at the lock, but creating the lock itself. */
function isRemovalStep(lockPath: string) {
  return (event: ContenderEvent) =>
    event.type === 'op' &&
    (['rename', 'link', 'unlink', 'rm'].includes(event.op) ||
      (event.op === 'open' && event.flags?.includes('w') === true && event.paths[0] !== lockPath));
}

function isCreatingTheLock(lockPath: string) {
  return (event: ContenderEvent) =>
    event.type === 'op' &&
    event.op === 'open' &&
    event.flags === 'wx' &&
    event.paths[0] === lockPath;
}

async function markersOf(markerFile: string): Promise<string[]> {
  return (await readFile(markerFile, 'utf8')).split('\n').filter((line) => line !== '');
}

describe('breaking a stale credential lock, with real processes', { timeout: 120_000 }, () => {
  it('never lets two processes hold it when a late breaker meets a fresh lock', async () => {
    const setup = await setUp();
    const { lockPath } = setup;
    const [a, b, c] = ['a', 'b', 'c'].map((name) => new Contender(name, setup)) as [
      Contender,
      Contender,
      Contender,
    ];
    // B finds the stale lock abandoned and stops just before its first step to remove it.
    expect((await b.runUntil(isRemovalStep(lockPath))).type).toBe('op');
    // A breaks the stale lock and takes a fresh one.
    expect((await a.runUntil(() => false)).type).toBe('enter');
    // B goes on with what it judged a moment ago, up to its next step that changes a name.
    await b.runUntil(
      (event) => isRemovalStep(lockPath)(event) || isCreatingTheLock(lockPath)(event),
    );
    // C arrives: it must find A's lock and wait (its second attempt to create it) rather than get in.
    let attempts = 0;
    await c.runUntil((event) => isCreatingTheLock(lockPath)(event) && (attempts += 1) === 2);
    expect(setup.inside.most).toBe(1);

    for (const contender of [a, b, c]) contender.runFreely();
    for (const contender of [a, b, c]) expect(await contender.finished()).toEqual({ type: 'done' });
    expect(setup.inside.most).toBe(1);
    const markers = await markersOf(setup.markerFile);
    expect(markers).toHaveLength(6);
    for (let index = 0; index < markers.length; index += 2) {
      const who = markers[index]!.replace('enter ', '');
      expect([markers[index], markers[index + 1]]).toEqual([`enter ${who}`, `exit ${who}`]);
    }
  });

  it('never brings back a lock its owner has released', async () => {
    const setup = await setUp();
    const { lockPath } = setup;
    const [a, b] = ['a', 'b'].map((name) => new Contender(name, setup)) as [Contender, Contender];
    await b.runUntil(isRemovalStep(lockPath));
    expect((await a.runUntil(() => false)).type).toBe('enter');
    await b.runUntil(
      (event) => isRemovalStep(lockPath)(event) || isCreatingTheLock(lockPath)(event),
    );
    // A leaves and releases its lock while B is still busy with the stale one.
    expect(await a.runUntil(() => false)).toEqual({ type: 'done' });
    expect(await b.runUntil(isCreatingTheLock(lockPath))).toMatchObject({ type: 'op' });
    // B is about to take the lock: nothing stands in its way, not A's lock back from the dead.
    await expect(readFile(lockPath, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    b.runFreely();
    expect(await b.finished()).toEqual({ type: 'done' });
  });

  it('breaks the lock although a process died while removing it', async () => {
    const setup = await setUp();
    const { lockPath } = setup;
    const [a, b] = ['a', 'b'].map((name) => new Contender(name, setup)) as [Contender, Contender];
    await b.runUntil(isRemovalStep(lockPath));
    // B takes its first step to remove the stale lock and dies before the next one.
    await b.runUntil(isRemovalStep(lockPath));
    const exited = new Promise((resolve) => b.child.once('exit', resolve));
    b.child.kill('SIGKILL');
    await exited;
    expect((await a.runUntil(() => false)).type).toBe('enter');
    a.runFreely();
    expect(await a.finished()).toEqual({ type: 'done' });
    expect(await markersOf(setup.markerFile)).toEqual(['enter a', 'exit a']);
  });
});
