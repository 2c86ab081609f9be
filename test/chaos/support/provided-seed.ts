// The chaos suite's seed, handed from its global setup to every test file through vitest's inject().
declare module 'vitest' {
  export interface ProvidedContext {
    chaosSeed: number;
  }
}

export {};
