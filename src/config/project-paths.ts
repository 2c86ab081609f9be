import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, resolved from this file so scripts work from any working directory. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Tools the project builds for itself (the Temporal CLI); never committed. */
export const localToolsBin = path.join(projectRoot, '.tools', 'bin');

/** Local state of the embedded stack: Temporal's SQLite file, runs, credentials. Never committed. */
export const localDataDir = path.join(projectRoot, '.ledgerlift');
