import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { temporalSettings } from '../../src/config/temporal-settings.js';
import { devServerArgs } from '../../src/dev/temporal-dev-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const file = path.join(root, 'deploy', 'temporal', 'dynamicconfig', 'ledgerlift.yaml');
const entries = z.record(
  z.string(),
  z.array(z.object({ value: z.unknown(), constraints: z.record(z.string(), z.unknown()) })),
);

/** The value the file gives `key` on task queue `queue`, as the server matches constraints. */
function valueFor(key: string, queue: string): unknown {
  const config = entries.parse(parseYaml(readFileSync(file, 'utf8')));
  const applies = (config[key] ?? []).filter(
    (entry) =>
      entry.constraints.taskQueueName === queue &&
      Object.keys(entry.constraints).every((c) => c === 'taskQueueName' || c === 'taskType'),
  );
  return applies[0]?.value;
}

describe('the dynamic config the compose stack and `npm run cluster` share', () => {
  const { apiTaskQueue } = temporalSettings({});

  it('turns fairness on for the API queue, so runs share its pace by weight', () => {
    expect(valueFor('matching.enableFairness', apiTaskQueue)).toBe(true);
  });

  it('gives the API queue what the dev server gives every queue', () => {
    const args = devServerArgs({});
    const devValues = args.flatMap((arg, i) =>
      arg === '--dynamic-config-value' ? [args[i + 1] ?? ''] : [],
    );
    expect(devValues.length).toBeGreaterThan(0);
    for (const pair of devValues) {
      const [key = '', text = ''] = pair.split('=');
      expect(String(valueFor(key, apiTaskQueue)), key).toBe(text);
    }
  });
});
