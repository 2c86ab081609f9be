// Values the global setups hand to every test file through vitest's inject().
declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the one Temporal dev server of this test run. */
    temporalAddress: string;
    /** Workflows bundled once (bundleWorkflowCode), so each test's worker starts fast. */
    workflowBundlePath: string;
    /** Today's sources compiled for the programs tests start (test/setup/compiled-programs.ts). */
    programsRoot: string;
  }
}

export {};
