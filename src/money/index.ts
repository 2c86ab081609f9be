export * from './decimal.js';
