import path from 'node:path';
import { exportChecklists } from '../../../mappings/read-ledger.js';
import type { SourceFormat } from '../../../mappings/source-formats.js';
import {
  exportDates,
  exportName,
  menuPathText,
  type ExportNeed,
  type MigrationDates,
} from '../../../mappings/shared/export-checklist.js';
import { writeTemplates } from '../../templates/write-templates.js';
import { checkDateOptions } from '../date-options.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { lineText } from '../../migration/contracts/line-text.js';

/** `ledgerlift template`'s options. */
export interface TemplateOptions {
  format?: SourceFormat;
  cutover?: string;
  end?: string;
}

/**
 * `ledgerlift template <dir>`: writes the generic templates (an XLSX workbook and one CSV per
 * entity). `ledgerlift template --format <format> --cutover <C> --end <E>`: prints what to export
 * from that format's system, each file with its menu path and the dates to set.
 */
export async function template(dir: string | undefined, options: TemplateOptions): Promise<number> {
  checkDateOptions(options);
  const format = options.format ?? (dir === undefined ? undefined : 'generic');
  if (format === undefined)
    throw new CliError(
      'Name a folder to write the generic templates to (ledgerlift template <dir>), or a format to print what to export from its system (ledgerlift template --format xero --cutover <date> --end <date>).',
    );
  const dates: MigrationDates = { cutover: options.cutover, end: options.end };
  if (dir === undefined) {
    console.log(checklistText(format, dates).join('\n'));
    return exitCodes.ok;
  }
  if (format !== 'generic')
    throw new CliError(
      `--format ${format} prints what to export and writes no files: leave out the folder "${lineText(dir)}".`,
    );
  const files = await writeTemplates(path.resolve(dir));
  console.log(
    `Wrote the generic templates:\n${files.map((file) => `  ${lineText(file)}`).join('\n')}`,
  );
  console.log(
    'Fill them in (one sheet or file per entity), then: ledgerlift validate --source <dir> --format generic --cutover <date>',
  );
  return exitCodes.ok;
}

function needText(need: ExportNeed): string {
  return typeof need === 'string' ? need : `required if ${need.requiredIf}`;
}

/** The checklist as printed: a numbered entry per file, the notes, then how to validate. */
export function checklistText(format: SourceFormat, dates: MigrationDates): string[] {
  const checklist = exportChecklists[format];
  const when = [
    dates.cutover ? `a cutover on ${dates.cutover}` : undefined,
    dates.end ? `verified at ${dates.end}` : undefined,
  ].filter((part) => part !== undefined);
  const lines = [
    `What to export from ${checklist.system}${when.length > 0 ? ` for ${when.join(', ')}` : ''}:`,
  ];
  if (!dates.cutover || !dates.end)
    lines.push('(give --cutover and --end to see the date each file is taken at)');
  checklist.items.forEach((item, index) => {
    lines.push(
      '',
      `${String(index + 1).padStart(2)}. ${exportName(item)}, ${exportDates(item.period, dates)} (${needText(item.need)})`,
      `    Menu:   ${menuPathText(item)}`,
      `    Choose: ${item.choose}`,
      `    File:   ${item.fileName ?? 'any name: found by its title'}`,
      `    For:    ${item.usedFor}`,
    );
  });
  if (checklist.notes.length > 0)
    lines.push('', 'Notes:', ...checklist.notes.map((note) => `  - ${note}.`));
  const validate = [
    `ledgerlift validate --source <folder> --format ${format}`,
    `--cutover ${dates.cutover ?? '<date>'}`,
    ...(dates.end ? [`--end ${dates.end}`] : []),
  ].join(' ');
  lines.push('', `Put every file in one folder, then: ${validate}`);
  return lines;
}
