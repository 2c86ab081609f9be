import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when this process runs the compiled code in dist/ (npm run build), not the sources. */
export const runsCompiled = import.meta.url.endsWith('.js');

/** Entry of all workflows: the sources under tsx, the compiled module under dist/. */
export const workflowsPath = fileURLToPath(
  new URL(runsCompiled ? '../../workflows/index.js' : '../../workflows/index.ts', import.meta.url),
);

/** The workflow bundle `npm run build` writes beside the compiled code (dist/workflow-bundle.js). */
export const prebuiltBundlePath = fileURLToPath(
  new URL('../../workflow-bundle.js', import.meta.url),
);

/** The prebuilt bundle when this is compiled code and the build wrote one. */
export function prebuiltBundle(): string | undefined {
  return runsCompiled && existsSync(prebuiltBundlePath) ? prebuiltBundlePath : undefined;
}
