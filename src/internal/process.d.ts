/**
 * `process.env.NODE_ENV` as the library reads it (see docs/internals.md#development-only-code), declared here so that the build needs
 * no Node type definitions; it merges with `@types/node` where that is present (tests, tooling).
 * Dev-only code tests `process.env.NODE_ENV !== 'production'` right where it runs: bundlers replace
 * that expression with a literal and minifiers then drop the branch with its message. A shared
 * `isDev` constant does not work for this (esbuild inlines a constant imported from another module,
 * or one declared in a module that has imports, too late to remove the branch), so only hot paths
 * (entityNode.ts: a freeze per instance) keep a module-level copy, where Node would otherwise read
 * the environment on every call (~0.4 µs a read). That copy is still spelled `process.env.NODE_ENV`
 * for bundlers to replace (a `typeof process` guard is not replaced, and browsers have no `process`),
 * inside a try, so importing never throws without `process`.
 * Like Redux Toolkit's ESM build, the library otherwise expects a bundler (or Node) to provide
 * `process.env.NODE_ENV`.
 */
// eslint-disable-next-line no-var
declare var process: NodeJS.Process;
declare namespace NodeJS {
  interface Process {
    env: ProcessEnv;
  }
  interface ProcessEnv {
    NODE_ENV?: string;
  }
}
