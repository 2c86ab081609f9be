// The second half of `npm run build`: bundles the compiled workflows once, into
// dist/workflow-bundle.js, which every compiled worker loads (`workflowBundle: { codePath }`)
// instead of running webpack at each start.
import { writeFile } from 'node:fs/promises';
import { bundleWorkflowsApart } from '../src/worker/bundle-apart.js';
import { prebuiltBundlePath } from '../src/code-form/code-form.js';

const { code } = await bundleWorkflowsApart();
await writeFile(prebuiltBundlePath, code);
console.log(`Workflow bundle: ${prebuiltBundlePath} (${Math.round(code.length / 1024)} KiB)`);
