import { describe, expect, it } from 'vitest';
import {
  checkWorkspaceCurrency,
  WorkspaceCurrencyMismatch,
} from '../../../src/migration/engine/workspace-currency-check.js';

const workspaceIn = (currency: string | undefined) => ({
  getWorkspaceCurrency: () => Promise.resolve(currency),
});

describe('the workspace currency check at the start of a run', () => {
  it('refuses CAD books into a USD workspace, naming both fixes', async () => {
    const refusal = checkWorkspaceCurrency(workspaceIn('USD'), 'CAD');
    await expect(refusal).rejects.toBeInstanceOf(WorkspaceCurrencyMismatch);
    await expect(refusal).rejects.toThrow(/workspace's currency is USD.*books are in CAD/);
    await expect(refusal).rejects.toThrow(/--currency USD/);
  });

  it('lets books in the workspace currency through, whatever the case of the code', async () => {
    await expect(checkWorkspaceCurrency(workspaceIn('CAD'), 'CAD')).resolves.toBeUndefined();
    await expect(checkWorkspaceCurrency(workspaceIn('cad'), 'CAD')).resolves.toBeUndefined();
  });
});
