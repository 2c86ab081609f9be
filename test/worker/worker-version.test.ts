import { describe, expect, it } from 'vitest';
import { buildIdOf, deploymentVersionOf, packageVersion } from '../../src/worker/worker-version.js';

describe("a worker's build id", () => {
  it('is the same for the same workflow code, on any machine, and names the package version', () => {
    const code = 'export function migrateLedger() {}';
    expect(buildIdOf(code)).toBe(buildIdOf(code));
    expect(buildIdOf(code)).toMatch(
      new RegExp(`^${packageVersion.replace(/\./g, '\\.')}-[0-9a-f]{12}$`),
    );
  });

  it('changes with any change to the workflow code, and with the package version', () => {
    const code = 'export function migrateLedger() {}';
    expect(buildIdOf(`${code} `)).not.toBe(buildIdOf(code));
    expect(buildIdOf(code, '0.2.0')).not.toBe(buildIdOf(code, '0.1.0'));
  });

  it('belongs to the deployment named after the task queue', () => {
    expect(deploymentVersionOf('ledgerlift', 'code')).toEqual({
      deploymentName: 'ledgerlift',
      buildId: buildIdOf('code'),
    });
  });
});
