import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { projectRoot } from '../../src/config/project-paths.js';
import { bombPart, hostileCases, workbook } from './hostile/hostile-corpus.js';

const CHILD = 'test/sources/hostile/read-folder-child.ts';

/** How long one folder may take to read before the child is killed as a reader that never ends. */
const READ_TIMEOUT_MS = 25_000;

interface Reader {
  child: ChildProcessWithoutNullStreams;
  /** The child's next line of output, or its exit code (null when killed) if it ends first. */
  next(): Promise<string | { exit: number | null }>;
  stderr(): string;
  /** Ends the child (it reads nothing more) and resolves once it has exited. */
  close(): Promise<unknown>;
}

/**
 * The child reading folders under the worker's heap cap (--max-old-space-size=256): a reader that
 * holds a bomb in memory dies there, not in the test. It reads one folder at a time and is kept for
 * the next case while it survives; after a death or a kill, the next case starts a new one.
 */
let reader: Reader | undefined;

function startReader(): Reader {
  const child = spawn(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', CHILD], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ exit: number | null }>((resolve) =>
    child.once('exit', (code) => resolve({ exit: code })),
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string | { exit: number | null }> => {
    const line = await lines.next();
    return line.done === true ? exited : line.value;
  };
  return {
    child,
    next: () => Promise.race([nextLine(), exited]),
    stderr: () => stderr,
    close: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/**
 * Reads a folder in the child. `code` 0 means it printed what it read and is still standing; a
 * child still reading when the test would give up is killed, so it leaves nothing behind.
 */
async function readInChild(
  folder: string,
  format: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const current = (reader ??= startReader());
  const before = current.stderr().length;
  current.child.stdin.write(`${format} ${folder}\n`);
  const timer = setTimeout(() => current.child.kill('SIGKILL'), READ_TIMEOUT_MS);
  const answer = await current.next().finally(() => clearTimeout(timer));
  const stderr = current.stderr().slice(before);
  if (typeof answer === 'string') return { code: 0, stdout: answer, stderr };
  reader = undefined;
  return { code: answer.exit ?? null, stdout: '', stderr };
}

describe('hostile input: each file stops at its limit with a located problem, under the worker heap cap', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'ledgerlift-hostile-'));
  });
  afterAll(async () => {
    await reader?.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each(hostileCases.map((hostile, index) => [hostile.name, hostile, index] as const))(
    '%s',
    async (_name, hostile, index) => {
      const folder = join(root, String(index));
      await mkdir(folder);
      for (const [file, content] of Object.entries(hostile.files()))
        await writeFile(join(folder, file), content);
      try {
        const child = await readInChild(folder, hostile.format);
        expect(child.code, child.stderr.slice(-2000)).toBe(0);
        const { records, problems } = JSON.parse(
          child.stdout.trim().split('\n').at(-1) ?? '{}',
        ) as {
          records: number;
          problems: Problem[];
        };
        if (hostile.recordsBefore !== undefined) expect(records).toBe(hostile.recordsBefore);
        const found = problems.filter((problem) => problem.code === hostile.code);
        expect(found, JSON.stringify(problems, null, 1).slice(0, 2000)).toHaveLength(1);
        const [problem] = found;
        expect(problem?.severity).toBe('error');
        expect(problem?.location).toEqual(hostile.location);
        expect(problem?.message).toContain(hostile.location.file);
        // Said once: the header that could not be looked for is not a second error.
        const header = problems.filter(
          (other) =>
            other.code === 'header.not-found' && other.location?.file === hostile.location.file,
        );
        expect(header).toEqual([]);
        // It says what to do: export or save the file again, or fix the row it names.
        expect(problem?.message).toMatch(/(save|export) (it|the file|that sheet) (again|as CSV)/);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  it('a workbook no table names is not read past its sheet list (its shared-strings bomb stays packed)', async () => {
    const folder = join(root, 'unrelated');
    await mkdir(folder);
    await writeFile(join(folder, 'accounts.csv'), 'Code,Name,Kind\n1000,Checking,bank\n');
    const sharedStrings = `<si><t>${'x'.repeat(1000)}</t></si>`.repeat(1032);
    await writeFile(
      join(folder, 'holiday photos.xlsx'),
      workbook({}, [bombPart('xl/sharedStrings.xml', '<sst>', sharedStrings, 800, '</sst>')]),
    );
    try {
      const child = await readInChild(folder, 'generic');
      expect(child.code, child.stderr.slice(-2000)).toBe(0);
      const { records, problems } = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
        records: number;
        problems: Problem[];
      };
      expect(records).toBe(1);
      expect(
        problems.filter((problem) => problem.location?.file === 'holiday photos.xlsx'),
      ).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
