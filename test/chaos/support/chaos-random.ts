import { inject } from 'vitest';
import './provided-seed.js';

/**
 * The seeded randomness of the chaos suites. Every test draws from its own stream, derived from one
 * seed: `CHAOS_SEED` when set (to replay a failure), else a fresh one. The seed is printed, so a
 * failing run names the value that reproduces it.
 */
export interface ChaosRandom {
  seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included); min when max < min. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast, and good enough to pick kill points. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The suite seed: CHAOS_SEED, or a fresh one (printed either way by `chaosRandom`). */
export function suiteSeed(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = env.CHAOS_SEED?.trim();
  if (fromEnv) {
    const value = Number(fromEnv);
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new Error(`CHAOS_SEED must be an integer from 0 to 4294967295 (got "${fromEnv}")`);
    }
    return value;
  }
  return Math.floor(Math.random() * 0xffffffff);
}

/** A random stream for one test, derived from the suite seed and the test's label; prints the seed. */
export function chaosRandom(label: string, seed = inject('chaosSeed')): ChaosRandom {
  const next = mulberry32(seed ^ hash(label));
  console.log(`CHAOS seed ${seed} (${label}); replay with CHAOS_SEED=${seed}`);
  return {
    seed,
    next,
    int: (min, max) => (max < min ? min : min + Math.floor(next() * (max - min + 1))),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
}
