import type { TestProject } from 'vitest/node';
import { suiteSeed } from './chaos-random.js';
import './provided-seed.js';

/** Picks the suite's seed once (CHAOS_SEED, or a fresh one) so every test file draws from it. */
export default function setup(project: TestProject) {
  const seed = suiteSeed();
  console.log(`CHAOS suite seed ${seed}: replay this run with CHAOS_SEED=${seed}`);
  project.provide('chaosSeed', seed);
}
