/** Types of bench/bundle.cjs for the TypeScript tests that load it. */
export declare const root: string;
export declare const onTopOf: readonly string[];
export interface BundledApp {
  code: Uint8Array;
  text: string;
  inputs: Record<string, { bytesInOutput: number }>;
}
export declare function bundleApp(contents: string, options?: { external?: readonly string[]; nodeEnv?: string | null; from?: string }): Promise<BundledApp>;
