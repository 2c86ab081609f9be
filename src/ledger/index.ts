export * from './primitives.js';
export * from './model.js';
export * from './problem.js';
export * from './open-at-cutover.js';
export * from './base-value.js';
export * from './own-skip-errors.js';
export * from './api-row-rules.js';
