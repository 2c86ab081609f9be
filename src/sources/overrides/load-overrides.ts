import { readFile } from 'node:fs/promises';
import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { mappingOverridesSchema, type MappingOverrides } from './mapping-overrides.js';

export interface LoadedOverrides {
  overrides?: MappingOverrides;
  problems: Problem[];
}

/**
 * Reads and checks an override file. Every mistake becomes an overrides.invalid problem naming the
 * file, the line (for JSON syntax errors) and the JSON path of the bad setting, e.g.
 * `files.invoices.delimiter`.
 */
export async function loadOverrides(path: string, file = path): Promise<LoadedOverrides> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      problems: [
        problemOf('overrides.invalid', `The override file ${file} cannot be read: ${reason}`, {
          location: { file, row: 1 },
        }),
      ],
    };
  }
  return parseOverrides(text.replace(/^\uFEFF/, ''), file);
}

/** Checks override JSON text; see loadOverrides. */
export function parseOverrides(text: string, file: string): LoadedOverrides {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(reason);
    const row = position ? text.slice(0, Number(position[1])).split('\n').length : 1;
    return {
      problems: [
        problemOf(
          'overrides.invalid',
          `The override file ${file} is not valid JSON (line ${row}): ${reason}`,
          {
            location: { file, row },
          },
        ),
      ],
    };
  }
  const parsed = mappingOverridesSchema.safeParse(json);
  if (parsed.success) return { overrides: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.map(String).join('.') || '(top level)';
      return problemOf(
        'overrides.invalid',
        `The override file ${file} has a bad setting at ${path}: ${issue.message}.`,
        { location: { file, row: 1, column: path } },
      );
    }),
  };
}
