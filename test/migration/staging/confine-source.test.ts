import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confineSource,
  sourceFolderProblem,
  SourceOutsideRoot,
} from '../../../src/migration/staging/confine-source.js';
import { workerSettings } from '../../../src/config/worker-settings.js';

describe('sources confined to the worker root', () => {
  let dir: string;
  let root: string;
  let outside: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-confine-'));
    root = path.join(dir, 'root');
    outside = path.join(dir, 'elsewhere');
    await mkdir(path.join(root, 'acme'), { recursive: true });
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(root, 'acme', 'overrides.yaml'), 'delimiter: ","\n');
    await writeFile(path.join(outside, 'overrides.yaml'), 'delimiter: ","\n');
    await symlink(outside, path.join(root, 'escape'));
    await symlink(path.join(outside, 'overrides.yaml'), path.join(root, 'acme', 'linked.yaml'));
    await symlink(root, path.join(dir, 'root-link'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('reads a folder and an overrides file under the root, by their real paths', async () => {
    const source = await confineSource(
      {
        folder: path.join(root, 'acme'),
        format: 'generic',
        overridesFile: path.join(root, 'acme', 'overrides.yaml'),
      },
      path.join(dir, 'root-link'),
    );
    expect(source.folder).toBe(path.join(root, 'acme'));
    expect(source.overridesFile).toBe(path.join(root, 'acme', 'overrides.yaml'));
  });

  it('refuses a folder outside the root, naming it, the root and the setting', async () => {
    const refused = confineSource({ folder: outside, format: 'generic' }, root);
    await expect(refused).rejects.toBeInstanceOf(SourceOutsideRoot);
    await expect(refused).rejects.toThrow(
      `The source folder ${outside} is outside this worker's sources root ${root}`,
    );
    await expect(refused).rejects.toThrow('LEDGERLIFT_SOURCES_ROOT');
    await expect(confineSource({ folder: '/etc', format: 'xero' }, root)).rejects.toThrow(
      SourceOutsideRoot,
    );
    await expect(
      confineSource({ folder: path.join(root, '..', 'elsewhere'), format: 'xero' }, root),
    ).rejects.toThrow(SourceOutsideRoot);
  });

  it('refuses a symlink under the root that leads out of it', async () => {
    await expect(
      confineSource({ folder: path.join(root, 'escape'), format: 'generic' }, root),
    ).rejects.toThrow(`(it leads to ${outside})`);
    await expect(
      confineSource(
        {
          folder: path.join(root, 'acme'),
          format: 'generic',
          overridesFile: path.join(root, 'acme', 'linked.yaml'),
        },
        root,
      ),
    ).rejects.toThrow(/^The overrides file .* is outside/);
  });

  it('lets a missing folder under the root through, for the reader to report', async () => {
    const source = await confineSource({ folder: path.join(root, 'later'), format: 'xero' }, root);
    expect(source.folder).toBe(path.join(root, 'later'));
  });

  it('a sibling folder whose name starts like the root is still outside', async () => {
    await mkdir(`${root}-other`, { recursive: true });
    await expect(confineSource({ folder: `${root}-other`, format: 'xero' }, root)).rejects.toThrow(
      SourceOutsideRoot,
    );
  });

  it('takes the root from LEDGERLIFT_SOURCES_ROOT, else the working folder', () => {
    expect(workerSettings({ LEDGERLIFT_SOURCES_ROOT: root }).sourcesRoot).toBe(root);
    expect(workerSettings({}).sourcesRoot).toBe(process.cwd());
  });

  it('takes a ZIP of exports as a source, and refuses a plain file or a missing path', async () => {
    // The local file header's signature: enough for the source check, which reads no further.
    const zip = path.join(root, 'export.zip');
    await writeFile(zip, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    const text = path.join(root, 'notes.txt');
    await writeFile(text, 'not exports');
    expect(await sourceFolderProblem(zip)).toBeUndefined();
    expect(await sourceFolderProblem(path.join(root, 'acme'))).toBeUndefined();
    expect(await sourceFolderProblem(text)).toContain('is a file, not a folder of exports');
    expect(await sourceFolderProblem(path.join(root, 'nowhere'))).toContain('does not exist');
  });
});
