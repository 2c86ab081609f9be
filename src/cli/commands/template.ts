import path from 'node:path';
import { writeTemplates } from '../../templates/write-templates.js';
import { exitCodes } from '../exit-codes.js';

/** `ledgerlift template <dir>`: the generic templates (an XLSX workbook and one CSV per entity). */
export async function template(dir: string): Promise<number> {
  const files = await writeTemplates(path.resolve(dir));
  console.log(`Wrote the generic templates:\n${files.map((file) => `  ${file}`).join('\n')}`);
  console.log(
    'Fill them in (one sheet or file per entity), then: ledgerlift validate --source <dir> --format generic --cutover <date>',
  );
  return exitCodes.ok;
}
