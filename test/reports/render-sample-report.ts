// Writes the sample reports (HTML and XLSX) to a folder and prints their paths, for eyeballing the
// renderers: `npx tsx test/reports/render-sample-report.ts [folder]` (default: a new temp folder).
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderHtmlReport } from '../../src/reports/render-html.js';
import { writeXlsxReport } from '../../src/reports/write-xlsx.js';
import { manyFailedRows, sampleRunReport } from './sample-report.js';

const samples = {
  'live-with-failures': sampleRunReport('live-with-failures'),
  verified: sampleRunReport('verified'),
  'dry-run': sampleRunReport('dry-run'),
  blocked: sampleRunReport('blocked'),
  // Enough failed rows to hit the page's caps and print over several pages.
  large: sampleRunReport('live-with-failures', { failedRows: manyFailedRows(400) }),
};

const folder = process.argv[2] ?? (await mkdtemp(path.join(tmpdir(), 'ledgerlift-sample-report-')));
await mkdir(folder, { recursive: true });
for (const [name, report] of Object.entries(samples)) {
  const html = path.join(folder, `${name}.html`);
  const xlsx = path.join(folder, `${name}.xlsx`);
  await writeFile(html, renderHtmlReport(report));
  await writeXlsxReport(report, xlsx);
  console.log(`${name}: ${html}\n${' '.repeat(name.length + 2)}${xlsx}`);
}
