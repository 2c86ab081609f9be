export * from './decimal.js';
export * from './exchange.js';
