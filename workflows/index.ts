// Every workflow type the worker registers. Workflow code imports nothing from Node (see eslint.config.js).
export { migrateLedger } from './migrate-ledger.js';
export { migrateStep } from './migrate-step.js';
export { smokeWorkflow } from './smoke.js';
export { undoRun } from './undo-run.js';
