// One way to bundle an app the way it ships, shared by the size workload (bench/size.mjs)
// and the production-bundle test (__tests__/architecture/production-bundle.test.ts), so the test
// checks the very bundles the size budget measures. CommonJS so that ts-jest's CommonJS tests can
// load it as well as the ESM script.
const { build } = require('esbuild');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '..');

/** The packages every library here is measured on top of, and so left out of each bundle. */
const onTopOf = ['@reduxjs/toolkit', 'redux', 'reselect', 'immer', 'redux-thunk', 'path-to-regexp', 'react', 'react-dom', 'react-redux', 'use-sync-external-store', 'next/navigation.js'];

const alias = {
  'rtk-rest': join(root, 'src/index.ts'),
  'rtk-rest/react': join(root, 'src/react/index.ts'),
  'rtk-rest/mock': join(root, 'src/mock/index.ts'),
  'rtk-rest/server': join(root, 'src/server/index.ts'),
  'rtk-rest/next': join(root, 'src/next/index.ts'),
};

/**
 * `contents` (an app's module) bundled with esbuild: ESM, minified, `process.env.NODE_ENV` replaced
 * by `nodeEnv`, or left in the code with `nodeEnv: null` (as running the library unbundled would;
 * esbuild itself replaces it with "production" when minifying for the browser).
 * `rtk-rest` is src/ (an alias), or with `from` the package installed in that project
 * (bench/package.cjs): its exports map and dist/ chunks, as a user's bundler sees them.
 * Returns the code and esbuild's record of the bytes each input file (relative to the repo, or to
 * `from`) put in it.
 */
async function bundleApp(contents, { external = onTopOf, nodeEnv = 'production', from } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: from ?? root, loader: 'ts' },
    absWorkingDir: from ?? root,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    write: false,
    // Exact names only: `external: ['@reduxjs/toolkit']` would also drop `@reduxjs/toolkit/query`.
    plugins: [{ name: 'on-top-of', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (external.includes(a.path) ? { path: a.path, external: true } : undefined)) }],
    alias: from == null ? alias : {},
    define: { 'process.env.NODE_ENV': nodeEnv === null ? 'process.env.NODE_ENV' : JSON.stringify(nodeEnv) },
    logLevel: 'error',
    metafile: true,
  });
  const output = result.outputFiles[0];
  return { code: output.contents, text: output.text, inputs: Object.values(result.metafile.outputs)[0].inputs };
}

module.exports = { bundleApp, onTopOf, root };
