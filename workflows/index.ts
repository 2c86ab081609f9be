// Every workflow type the worker registers. Workflow code imports nothing from Node (see eslint.config.js).
export { smokeWorkflow } from './smoke.js';
