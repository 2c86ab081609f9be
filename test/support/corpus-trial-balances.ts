import { open, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which folders of the real-world corpus and the bundled samples hold a trial balance, or balances
 * from which one is defined. issue 19's done-when asks that validate's verdict equal the live run's
 * on each such company (test/migration/predicted-verdict.integration.test.ts); this finds them so
 * that a folder added later cannot be missed.
 */
const corpusRoots = ['test/fixtures/real-world', 'samples'];

const repo = path.resolve(import.meta.dirname, '../..');

/** Folders under the corpus roots, relative to the repository, sorted. */
export async function foldersWithTrialBalance(): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (folder: string, depth: number) => {
    if (depth > 4) return;
    for (const entry of await readdir(path.join(repo, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) await visit(relative, depth + 1);
      else if (await holdsBalances(relative)) found.add(folder);
    }
  };
  for (const root of corpusRoots) await visit(root, 0);
  return [...found].sort();
}

/** Whether a file (relative to the repository, or absolute) is or holds a trial balance. */
export async function holdsBalances(file: string): Promise<boolean> {
  if (/\.iif$/i.test(file) && (await iifOpeningBalances(file)).some((amount) => !isZero(amount))) {
    return true;
  }
  return /\.(csv|txt|iif|tsv)$/i.test(file) && (await saysTrialBalance(file));
}

/** A report titled "Trial Balance" (Xero, QuickBooks Online) says so in its first lines. */
async function saysTrialBalance(file: string): Promise<boolean> {
  const handle = await open(path.resolve(repo, file));
  try {
    const buffer = Buffer.alloc(400);
    const { bytesRead } = await handle.read(buffer, 0, 400, 0);
    return /trial balance/i.test(buffer.subarray(0, bytesRead).toString('latin1'));
  } finally {
    await handle.close();
  }
}

/**
 * The OBAMOUNT cell of every ACCNT row of an IIF file: QuickBooks writes each account's opening
 * balance there, the one figure in an IIF lists export from which a trial balance could be built.
 */
export async function iifOpeningBalances(file: string): Promise<string[]> {
  const text = (await readFile(path.resolve(repo, file))).toString('latin1');
  const amounts: string[] = [];
  let column = -1;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const cells = line.split('\t').map((cell) => cell.replace(/^"|"$/g, '').trim());
    if (cells[0] === '!ACCNT') column = cells.indexOf('OBAMOUNT');
    else if (cells[0] === 'ACCNT' && column > 0) amounts.push(cells[column] ?? '');
  }
  return amounts;
}

function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}
