import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { ACCOUNTS_CSV, readFiles, realProblems } from './export-folder.js';

const windows1252 = (text: string) => Buffer.from(text, 'latin1');

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

async function customerNames(bytes: Buffer) {
  const { records, problems } = await readFiles({
    'accounts.csv': ACCOUNTS_CSV,
    'customers.csv': bytes,
  });
  return {
    names: records.flatMap((record) => (record.entity === 'customer' ? [record.value.name] : [])),
    problems: realProblems(problems),
  };
}

describe('encodings and line ends are decided for the whole file', () => {
  it('reads a UTF-8 file of more than 4 MiB with CR line ends as UTF-8', async () => {
    // Three-byte characters, padded so that the 4 MiB mark falls inside one of them.
    const notes = '€'.repeat(100);
    const build = (pad: number) => {
      const rows = Array.from(
        { length: 15_000 },
        (_, index) => `C-${index},Café ${index},${index === 0 ? 'x'.repeat(pad) : ''}${notes}`,
      );
      return Buffer.from(['Key,Name,Notes', ...rows, ''].join('\r'), 'utf8');
    };
    const bytes = [0, 1, 2]
      .map(build)
      .find((candidate) => ((candidate[4 * 1024 * 1024] ?? 0) & 0xc0) === 0x80);
    expect(bytes?.length).toBeGreaterThan(4 * 1024 * 1024);
    const { names, problems } = await customerNames(bytes ?? Buffer.alloc(0));
    expect(problems).toEqual([]);
    expect(names).toHaveLength(15_000);
    expect(names.filter((name) => !/^Café \d+$/.test(name))).toEqual([]);
  });

  it('reads a UTF-8 line after 64 KiB of Windows-1252 as UTF-8, and names it', async () => {
    const rows = Array.from({ length: 4_000 }, (_, index) => `C-${index},Müller ${index}`);
    const head = windows1252(['Key,Name', ...rows, ''].join('\n'));
    expect(head.length).toBeGreaterThan(64 * 1024);
    const { names, problems } = await customerNames(
      Buffer.concat([head, Buffer.from('C-Z,Zoë Brontë\n', 'utf8')]),
    );
    expect(names.at(-1)).toBe('Zoë Brontë');
    expect(names[0]).toBe('Müller 0');
    const problem = only(problems, 'encoding.mixed');
    expect(problem.location).toEqual({ file: 'customers.csv', row: 4_002 });
    expect(problem.message).toContain(
      '1 line is UTF-8 while the rest of the file is Windows-1252 (line 4002)',
    );
  });

  it('a UTF-8 file with Windows-1252 lines is one problem naming the lines', async () => {
    const utf8 = Buffer.from('Key,Name\nC-1,Café\nC-2,Zoë\n', 'utf8');
    const odd = windows1252('C-3,Müller\nC-4,Søren\n');
    const { names, problems } = await customerNames(
      Buffer.concat([utf8, odd, Buffer.from('C-5,Chloé\n', 'utf8')]),
    );
    expect(names).toEqual(['Café', 'Zoë', 'Müller', 'Søren', 'Chloé']);
    const problem = only(problems, 'encoding.mixed');
    expect(problem.location).toEqual({ file: 'customers.csv', row: 4 });
    expect(problem.message).toContain(
      '2 lines are not valid UTF-8 like the rest of the file (lines 4, 5); they were read as Windows-1252',
    );
  });

  it('rows ended another way than the first (two exports pasted together) are rows of their own', async () => {
    const crlf = 'Key,Name,Email\r\nC-1,Atlas,a@example.com\r\nC-2,Birch,b@example.com\r\n';
    const lf = 'C-3,Cedar,c@example.com\nC-4,Dune,d@example.com\n';
    const { names, problems } = await customerNames(Buffer.from(crlf + lf));
    expect(problems).toEqual([]);
    expect(names).toEqual(['Atlas', 'Birch', 'Cedar', 'Dune']);
  });
});
