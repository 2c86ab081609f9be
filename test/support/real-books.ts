import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { sourceFormats, type SourceFormat } from '../../mappings/source-formats.js';
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

const trialBalanceSchema = z
  .array(z.object({ code: z.string(), name: z.string(), debit: moneySchema, credit: moneySchema }))
  .min(1);

/** A folder of one company at one trial balance date, in one format (xero-maple/tb-...). */
const singleKeySchema = z.object({
  format: z.enum(sourceFormats),
  trialBalanceDate: isoDateSchema,
  cutover: isoDateSchema,
  baseCurrency: currencySchema,
  trialBalance: trialBalanceSchema,
});

const openSideSchema = z.object({
  byContact: z.array(z.object({ contact: z.string(), amount: moneySchema })),
});

/**
 * A company with activity after its cutover, in several renderings (maple-as-exported): the trial
 * balance at the day before the cutover and at the end date, and what each contact has open.
 */
const activityKeySchema = z.object({
  cutover: isoDateSchema,
  end: isoDateSchema,
  currency: currencySchema,
  trialBalance: z.record(isoDateSchema, trialBalanceSchema),
  openReceivables: z.record(isoDateSchema, openSideSchema),
  openPayables: z.record(isoDateSchema, openSideSchema),
});

/** What the tests check a folder against. */
interface AnswerKey {
  format: SourceFormat;
  cutover: string;
  /** The date the workspace's trial balance is compared at: the cutover, or the end date. */
  verifiedAt: string;
  baseCurrency: string;
  trialBalance: z.infer<typeof trialBalanceSchema>;
  /** Each contact's open balance at the end date, base currency, when the key gives it. */
  open?: { receivables: Map<string, string>; payables: Map<string, string> };
}

export interface RealBooks {
  /** The folder, relative to the root ("xero-maple/tb-2020-09-30/single-currency"). */
  name: string;
  /** What `--source` names: the folder, or the one ZIP a rendering is exported as. */
  folder: string;
  expected: AnswerKey;
}

/** A rendering's format, by the name of its folder: xero-ui → xero, qbo-export → QuickBooks Online. */
const renderingFormats: Array<[RegExp, SourceFormat]> = [
  [/^xero/i, 'xero'],
  [/^qbo/i, 'quickbooks-online'],
  [/^qbd/i, 'quickbooks-desktop-iif'],
];

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
      const json: unknown = JSON.parse(await readFile(file, 'utf8'));
      const name = path.relative(root, folder).split(path.sep).join('/');
      const single = singleKeySchema.safeParse(json);
      if (single.success) {
        const { format, cutover, baseCurrency, trialBalance } = single.data;
        const expected = { format, cutover, baseCurrency, trialBalance, verifiedAt: cutover };
        found.push({ name, folder, expected });
        return;
      }
      const activity = activityKeySchema.safeParse(json);
      if (!activity.success)
        throw new Error(`${file}: neither answer key layout fits: ${activity.error.message}`);
      found.push(...(await renderingsOf(folder, name, activity.data)));
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await visit(path.join(folder, entry.name));
    }
  };
  await visit(root);
  if (found.length === 0) throw new Error(`No folder under ${root} holds an expected.json.`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Each rendering of a company with activity: one subfolder per system, or its one ZIP. */
async function renderingsOf(
  folder: string,
  name: string,
  key: z.infer<typeof activityKeySchema>,
): Promise<RealBooks[]> {
  const trialBalance = key.trialBalance[key.end];
  if (!trialBalance) throw new Error(`${folder}: expected.json has no trial balance at ${key.end}`);
  // What each contact has open on its documents; a settlement residual the key names stays on the
  // control account, on no document (its README), so it is no contact's.
  const openAt = (side: z.infer<typeof openSideSchema> | undefined) =>
    new Map((side?.byContact ?? []).map((line) => [line.contact, line.amount]));
  const books: RealBooks[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const format = renderingFormats.find(([pattern]) => pattern.test(entry.name))?.[1];
    if (!format) throw new Error(`${folder}/${entry.name}: no format is known for this rendering`);
    const rendering = path.join(folder, entry.name);
    const files = (await readdir(rendering)).filter((file) => file !== 'README.md');
    const zips = files.filter((file) => file.toLowerCase().endsWith('.zip'));
    const source =
      zips.length === 1 && files.length === 1 ? path.join(rendering, zips[0] ?? '') : rendering;
    books.push({
      name: `${name}/${entry.name}`,
      folder: source,
      expected: {
        format,
        cutover: key.cutover,
        verifiedAt: key.end,
        baseCurrency: key.currency,
        trialBalance,
        open: {
          receivables: openAt(key.openReceivables[key.end]),
          payables: openAt(key.openPayables[key.end]),
        },
      },
    });
  }
  return books;
}
