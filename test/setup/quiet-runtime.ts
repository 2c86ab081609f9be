import { DefaultLogger, Runtime } from '@temporalio/worker';

// Worker lifecycle INFO lines drown test output; warnings and errors still show. Once a process:
// the test files that share one find it installed (the Runtime keeps these options if it restarts).
if (Runtime._instance === undefined) Runtime.install({ logger: new DefaultLogger('WARN') });
