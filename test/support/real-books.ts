import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { sourceFormats } from '../../mappings/read-ledger.js';
import { projectRoot } from '../../src/config/project-paths.js';
import { currencySchema, isoDateSchema, moneySchema } from '../../src/ledger/index.js';

/**
 * The shared real books: exports of real companies with answer keys computed independently of
 * Ledgerlift (`../shared/real-books/README.md`). CI checks the project out beside `shared/`, so they
 * are found from the project root, whatever the working directory of a test worker.
 * LEDGERLIFT_REAL_BOOKS names another root (a worktree whose parent has no `shared/`).
 */
export const realBooksRoot =
  process.env.LEDGERLIFT_REAL_BOOKS ?? path.resolve(projectRoot, '..', 'shared', 'real-books');

/** The parts of a folder's `expected.json` the tests read. */
const answerKeySchema = z.object({
  format: z.enum(sourceFormats),
  trialBalanceDate: isoDateSchema,
  cutover: isoDateSchema,
  baseCurrency: currencySchema,
  trialBalance: z
    .array(
      z.object({ code: z.string(), name: z.string(), debit: moneySchema, credit: moneySchema }),
    )
    .min(1),
});
type AnswerKey = z.infer<typeof answerKeySchema>;

export interface RealBooks {
  /** The folder, relative to the root ("xero-maple/tb-2020-09-30/single-currency"). */
  name: string;
  folder: string;
  expected: AnswerKey;
}

/**
 * Every folder under the root that holds an `expected.json`, sorted, so that a company added
 * later is tested without a code change. A missing root or a root without books throws: the test
 * must fail, never pass by finding nothing.
 */
export async function discoverRealBooks(root = realBooksRoot): Promise<RealBooks[]> {
  const isFolder = await stat(root).then(
    (entry) => entry.isDirectory(),
    () => false,
  );
  if (!isFolder) {
    throw new Error(
      `The shared real books are not at ${root}: check out shared/ beside the project, or set LEDGERLIFT_REAL_BOOKS.`,
    );
  }
  const found: RealBooks[] = [];
  const visit = async (folder: string) => {
    const entries = await readdir(folder, { withFileTypes: true });
    if (entries.some((entry) => entry.isFile() && entry.name === 'expected.json')) {
      const file = path.join(folder, 'expected.json');
      const parsed = answerKeySchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
      found.push({
        name: path.relative(root, folder).split(path.sep).join('/'),
        folder,
        expected: parsed.data,
      });
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await visit(path.join(folder, entry.name));
    }
  };
  await visit(root);
  if (found.length === 0) throw new Error(`No folder under ${root} holds an expected.json.`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
