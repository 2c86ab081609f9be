/** A small seeded PRNG (mulberry32), so sample companies are the same on every machine. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  dateBetween(from: string, to: string): string;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('cannot pick from nothing');
      return items[int(0, items.length - 1)] as T;
    },
    dateBetween(from, to) {
      const start = Date.parse(`${from}T00:00:00Z`);
      const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / 86_400_000);
      return new Date(start + int(0, days) * 86_400_000).toISOString().slice(0, 10);
    },
  };
}
