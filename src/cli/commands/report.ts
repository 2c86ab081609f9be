import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { workerSettings } from '../../config/worker-settings.js';
import type { WrittenReport } from '../../reports/write-run-report.js';
import { CliError, exitCodes } from '../exit-codes.js';

/**
 * `ledgerlift report <name>`: where the run's newest report is (HTML, XLSX, JSON), read from the
 * run folder; `--open` opens the HTML page in the default browser.
 */
export async function report(
  name: string,
  options: { open?: boolean; format?: 'html' | 'xlsx' | 'json' },
): Promise<number> {
  const folder = path.join(workerSettings().runsDir, name, 'reports');
  let latest: WrittenReport;
  try {
    latest = JSON.parse(await readFile(path.join(folder, 'latest.json'), 'utf8')) as WrittenReport;
  } catch {
    throw new CliError(
      `No report for run "${name}" in ${folder} yet (is LEDGERLIFT_RUNS_DIR the worker's?).`,
      exitCodes.needsAttention,
    );
  }
  if (options.format) console.log(latest[options.format]);
  else console.log(`HTML: ${latest.html}\nXLSX: ${latest.xlsx}\nJSON: ${latest.json}`);
  if (options.open) {
    const opener =
      process.platform === 'darwin'
        ? 'open'
        : process.platform === 'win32'
          ? 'explorer'
          : 'xdg-open';
    spawn(opener, [latest.html], { detached: true, stdio: 'ignore' })
      .on('error', () => {
        console.error(`Could not start ${opener}; open ${latest.html} yourself.`);
      })
      .unref();
  }
  return exitCodes.ok;
}
