// Bundle sizes of the public entry points, minified and gzipped as an app would ship them
// (esbuild, ESM, production; peers external). `rtk-rest/react` and `rtk-rest/mock` are measured
// on top of `rtk-rest`, i.e. what adding them to an app that already uses `rtk-rest` costs.
//
//   node bench/size.mjs [--json]
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const external = ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit', 'redux', 'reselect', 'immer', 'redux-thunk'];
const alias = {
  'rtk-rest': join(root, 'src/index.ts'),
  'rtk-rest/react': join(root, 'src/react/index.ts'),
  'rtk-rest/mock': join(root, 'src/mock/index.ts'),
};

async function measure(contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    external,
    alias,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const core = await measure(`export * from 'rtk-rest';`);
const withReact = await measure(`export * from 'rtk-rest'; export * from 'rtk-rest/react';`);
const withMock = await measure(`export * from 'rtk-rest'; export * from 'rtk-rest/mock';`);
const rows = [
  { entry: 'rtk-rest', ...core },
  { entry: '+ rtk-rest/react', min: withReact.min - core.min, gzip: withReact.gzip - core.gzip },
  { entry: '+ rtk-rest/mock', min: withMock.min - core.min, gzip: withMock.gzip - core.gzip },
];
if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
else for (const { entry, min, gzip } of rows) console.log(`${entry.padEnd(18)} ${(min / 1024).toFixed(2).padStart(7)} kB min  ${(gzip / 1024).toFixed(2).padStart(6)} kB min+gzip`);
