export * from './credential-store.js';
export * from './file-credential-store.js';
export * from './lock-file.js';
export * from './memory-credential-store.js';
