import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowsPath } from '../code-form/code-form.js';

// Child process of `bundleWorkflowsApart`: bundles the workflows (the entry given, or the project's)
// and writes the code to stdout.
// Webpack's messages go to stderr, which the parent shows only if bundling fails.
const log = (level: string) => (message: string) => process.stderr.write(`${level} ${message}\n`);
const { code } = await bundleWorkflowCode({
  workflowsPath: process.argv[2] ?? workflowsPath,
  logger: {
    log: (level, message) => log(level)(message),
    trace: log('TRACE'),
    debug: log('DEBUG'),
    info: log('INFO'),
    warn: log('WARN'),
    error: log('ERROR'),
  },
});
process.stdout.write(code);
