// Bundle size of a typical import of each entry (issue 8), minified and gzipped the way an app
// ships it: esbuild, ESM, production, everything bundled except the packages every library here
// is measured "on top of" (Redux Toolkit with its redux/reselect/immer/redux-thunk, path-to-regexp,
// and the React peers). Peers measured side by side in the same run:
//
//   rtk-rest            Entity + createResource + createRest
//   RTK Query           createApi + fetchBaseQuery            (@reduxjs/toolkit/query)
//   Data Client         Entity + createResource (@data-client/rest 0.9.9) + Controller, createReducer, NetworkManager (@data-client/core)
//   rtk-rest/react      useSuspense + useController + AsyncBoundary, on top of rtk-rest
//   RTK Query react     createApi from @reduxjs/toolkit/query/react, on top of RTK Query
//
// (@data-client/react is left out: every version in the registry wants React ≤ 18, the repo is on 19.)
//
//   node bench/size.mjs            table
//   node bench/size.mjs --json     rows as JSON
//   node bench/size.mjs --check    also fail (exit 1) when an entry is over its ceiling in bench/size-budget.json
//   node bench/size.mjs --hooks    also what each hook of rtk-rest/react adds to an app that only suspends
//   node bench/size.mjs --layers   also the typical import cut at each layer (schema engine, + endpoints and
//                                  resources, + createRest) beside Data Client's matching parts, and which
//                                  source files make up the full rtk-rest import (minified bytes each)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const { bundleApp, onTopOf: base, root } = createRequire(import.meta.url)('./bundle.cjs');

/** min and min+gzip of `contents` bundled; `external` are the packages it is measured on top of. */
async function measure(contents, external = base) {
  const { code } = await bundleApp(contents, { external });
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const app = {
  rtkRest: `import { Entity, createResource, createRest } from 'rtk-rest';
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = createRest();`,
  rtkRestReact: `export { useSuspense, useController, AsyncBoundary } from 'rtk-rest/react';`,
  rtkQuery: `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
export const api = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/' }), endpoints: (b) => ({ getPost: b.query({ query: (id) => 'posts/' + id }) }) });`,
  rtkQueryReact: `import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
export const api = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/' }), endpoints: (b) => ({ getPost: b.query({ query: (id) => 'posts/' + id }) }) });
export const { useGetPostQuery } = api;`,
  dataClient: `import { Entity, createResource } from '@data-client/rest';
import { Controller, createReducer, NetworkManager, initialState } from '@data-client/core';
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
const controller = new Controller();
export const reducer = createReducer(controller);
export const manager = new NetworkManager();
export { initialState };`,
};

const rtkRest = await measure(app.rtkRest);
const withReact = await measure(`${app.rtkRest}\n${app.rtkRestReact}`);
const rtkQuery = await measure(app.rtkQuery);
const rtkQueryReact = await measure(app.rtkQueryReact);
const dataClient = await measure(app.dataClient);
const minus = (a, b) => ({ min: a.min - b.min, gzip: a.gzip - b.gzip });

const rows = [
  { entry: 'rtk-rest', what: 'Entity + createResource + createRest', ...rtkRest },
  { entry: 'RTK Query', what: 'createApi + fetchBaseQuery', ...rtkQuery },
  { entry: 'Data Client', what: 'rest Entity + createResource, core Controller/reducer/NetworkManager', ...dataClient },
  { entry: 'rtk-rest/react', what: '+ useSuspense, useController, AsyncBoundary', ...minus(withReact, rtkRest) },
  { entry: 'RTK Query react', what: '+ query/react createApi and its hooks', ...minus(rtkQueryReact, rtkQuery) },
];

const kB = (n) => (n / 1024).toFixed(2);
if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
else {
  console.log('| entry | typical import | min kB | min+gzip kB |\n|---|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.entry} | ${r.what} | ${kB(r.min)} | ${kB(r.gzip)} |`);
  console.log(`\nrtk-rest / RTK Query (gzip): ${(rtkRest.gzip / rtkQuery.gzip).toFixed(2)}×; rtk-rest / Data Client: ${(rtkRest.gzip / dataClient.gzip).toFixed(2)}×`);
}

if (process.argv.includes('--layers')) {
  // Where the bytes of the typical import are: each layer on top of the one below (SPEC's layers:
  // schema → rest → redux), and Data Client's parts that do the same jobs.
  const post = `class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Post'; }`;
  const layers = [
    ['rtk-rest schema engine', 'Entity + normalize + denormalize', `import { Entity, normalize, denormalize } from 'rtk-rest';\n${post}\nexport const x = [Post, normalize, denormalize];`],
    ['rtk-rest + endpoints', 'Entity + createResource', `import { Entity, createResource } from 'rtk-rest';\n${post}\nexport const PostResource = createResource({ path: '/posts/:id', schema: Post });`],
    ['rtk-rest + store', 'Entity + createResource + createRest', app.rtkRest],
    ['Data Client endpoints', '@data-client/rest Entity + createResource', `import { Entity, createResource } from '@data-client/rest';\n${post.replace(" static key = 'Post';", '')}\nexport const PostResource = createResource({ path: '/posts/:id', schema: Post });`],
    ['Data Client store', '@data-client/core Controller, createReducer, NetworkManager', `import { Controller, createReducer, NetworkManager, initialState } from '@data-client/core';\nconst controller = new Controller();\nexport const reducer = createReducer(controller);\nexport const manager = new NetworkManager();\nexport { initialState };`],
  ];
  console.log('\n| layer | import | min kB | min+gzip kB |\n|---|---|---:|---:|');
  for (const [name, what, contents] of layers) {
    const m = await measure(contents);
    console.log(`| ${name} | ${what} | ${kB(m.min)} | ${kB(m.gzip)} |`);
  }
  const { inputs } = await bundleApp(app.rtkRest);
  const files = Object.entries(inputs)
    .filter(([file]) => file.startsWith('src/'))
    .map(([file, { bytesInOutput }]) => [file, bytesInOutput])
    .sort((a, b) => b[1] - a[1]);
  const total = files.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\nrtk-rest typical import by source file (minified bytes, ${total} in all):`);
  for (const [file, bytes] of files) if (bytes > 0) console.log(`${String(bytes).padStart(7)}  ${(100 * bytes / total).toFixed(1).padStart(4)}%  ${file}`);
}

if (process.argv.includes('--hooks')) {
  // What each hook of rtk-rest/react adds to an app that only suspends (issue 18: an app using
  // only useSuspense pays nothing for the rest; __tests__/architecture/production-bundle.test.ts
  // checks that by source file).
  const only = await measure(`${app.rtkRest}\nexport { useSuspense } from 'rtk-rest/react';`);
  const hooks = ['useDLE', 'useMutation', 'usePaginated', 'useCancelling', 'useDebounce'];
  console.log('\n| rtk-rest/react, on top of rtk-rest | min kB | min+gzip kB |\n|---|---:|---:|');
  console.log(`| useSuspense alone | ${kB(only.min - rtkRest.min)} | ${kB(only.gzip - rtkRest.gzip)} |`);
  for (const [name, imported] of [...hooks.map((hook) => [hook, hook]), ['all five', hooks.join(', ')]]) {
    const m = await measure(`${app.rtkRest}\nexport { useSuspense, ${imported} } from 'rtk-rest/react';`);
    console.log(`| + ${name} | +${kB(m.min - only.min)} | +${kB(m.gzip - only.gzip)} |`);
  }
}

if (process.argv.includes('--check')) {
  // Two levels: `target` is the size issue 8 asks for, reported; `ceiling` is what CI enforces
  // (a ratchet just above the size measured when it was last lowered), so nothing grows unnoticed.
  const budget = JSON.parse(readFileSync(join(root, 'bench/size-budget.json'), 'utf8'));
  let over = false;
  for (const [entry, { target, ceiling }] of Object.entries(budget.entries)) {
    const row = rows.find((r) => r.entry === entry);
    if (!row) throw new Error(`bench/size-budget.json names "${entry}", which bench/size.mjs does not measure`);
    const gz = row.gzip / 1024;
    const status = gz <= target ? 'within target' : gz <= ceiling ? 'over target, under ceiling' : 'OVER CEILING';
    if (gz > ceiling) over = true;
    console.log(`budget ${entry}: ${gz.toFixed(2)} kB gz (target ${target} kB, ceiling ${ceiling} kB): ${status}`);
  }
  if (over) {
    console.error('size budget exceeded: an entry grew past its ceiling in bench/size-budget.json');
    process.exit(1);
  }
}
