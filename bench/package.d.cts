/** Types of bench/package.cjs for the TypeScript tests that load it. */
export interface InstalledPackage {
  dir: string;
  tarball: string;
  files: number;
  times: { build?: number; pack: number; install: number };
  remove(): void;
}
export declare function installPackage(options?: { build?: boolean }): InstalledPackage;
export declare function lockedVersions(names: readonly string[]): Record<string, string>;
export declare function buildPackage(): { dir: string; remove(): void };
