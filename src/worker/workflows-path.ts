import { fileURLToPath } from 'node:url';

/** Source entry of all workflows; the worker bundles it unless a prebuilt bundle is given. */
export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));
