// Bundle size measured as whole apps: what a user ships. Each app is bundled with esbuild (ESM,
// minified, production) with everything in it — the library, Redux Toolkit, redux, immer,
// reselect, react-redux — except React itself, and gzipped at level 9. rtk-rest is what users
// install: the package packed (`npm pack`, dist/ rebuilt first when src/ is newer) and installed
// into a scratch project in the temp dir (bench/package.cjs), imported through its exports map and
// dist/ chunks. Each rtk-rest app is also bundled from src/ (an alias to src/index.ts), the
// figure the library's own tree shaking is judged by, shown beside it. The same apps are written
// with RTK Query and Reactive Data Client and measured in the same run:
//
//   React app    a resource, the store, react-redux's Provider, useSuspense + useController
//   no React     a resource (or endpoint) and the store
//   schemas only Entity, normalize, denormalize, MemoCache (Data Client: its normalizr's equivalents)
//
// rtk-rest's store apps are measured twice: with `createRest` (every optional feature of the
// store: optimistic updates, polling, streams, GC, refetch on focus/reconnect, persistence,
// entity-change tracking, retries, conditional requests, sharded tables) and, as "rtk-rest lean", with
// `buildCreateRest(garbageCollection)`: what these apps use, since none is optimistic, polls,
// streams, refetches on focus, restores a saved slice, matches entity changes, retries, sends
// conditional requests or holds thousands of entities of a type. The size targets are for the
// lean apps ("an app pays for nothing it does not use").
//
// Data Client's React app is not measured: @data-client/react for React 19 needs @data-client/core
// 0.12 or later, which the registry mirror here does not have (it has 0.10, what the other rows use).
//
//   node bench/size.mjs            table (packs and installs the tarball: a few seconds)
//   node bench/size.mjs --src      from src/ only, nothing packed (quick, while working on src/)
//   node bench/size.mjs --json     rows as JSON
//   node bench/size.mjs --check    also fail (exit 1) when an app from the tarball is over its
//                                  ceiling in bench/size-budget.json
//   node bench/size.mjs --tree-shaking
//                                  also what each rtk-rest app from the tarball holds beyond its
//                                  src/ bundle, and the dist/ statements that keep it; fails (exit 1)
//                                  when an app holds such a file, or the schemas-only app any Redux,
//                                  endpoint or store code
//   node bench/size.mjs --hooks    also what each hook of rtk-rest/react adds to the lean store app that only suspends
//   node bench/size.mjs --layers   also where each app's bytes are: per package and, for rtk-rest
//                                  from src/, per concern (see CONCERNS) and, for the React app
//                                  with every feature and the schemas-only app, per source file
//   node bench/size.mjs --floor    also the lean no-React app cut down (no GC, an endpoint instead of a
//                                  resource, the store alone), each also without its messages: how
//                                  small the store itself is, whatever the app
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { bundleApp, root } = require('./bundle.cjs');
const { installPackage } = require('./package.cjs');

/** React is the one thing left out: every app here ships it alike. */
const reactOnly = ['react', 'react-dom', 'react/jsx-runtime'];

const srcOnly = process.argv.includes('--src');
if (srcOnly && (process.argv.includes('--check') || process.argv.includes('--tree-shaking'))) throw new Error('--check and --tree-shaking measure the tarball: leave out --src');
const started = Date.now();
/** The tarball installed in a scratch project (removed on exit), or nothing with --src. */
const installed = srcOnly ? undefined : installPackage({ build: true });
process.on('exit', () => installed?.remove());
/** Where `rtk-rest` comes from in the main figures: the installed tarball, or src/ with --src. */
const users = installed?.dir;
const where = srcOnly ? 'from src/' : 'from the tarball';

/**
 * The bundle of `contents`: sizes, and esbuild's record of the bytes each input put in it.
 * `from`: the project rtk-rest is installed in, or null for src/ (and this repo's node_modules).
 */
async function measure(contents, from = users) {
  const { code, inputs } = await bundleApp(contents, { external: reactOnly, from });
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs, code };
}

const post = `class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Post'; }`;
const rtkRestStore = (lean) => `import { Entity, createResource, ${lean ? 'buildCreateRest, garbageCollection' : 'createRest'} } from 'rtk-rest';
import { configureStore } from '@reduxjs/toolkit';
${post}
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = ${lean ? 'buildCreateRest(garbageCollection)' : 'createRest'}();
export const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (getDefault) => getDefault().concat(rest.middleware) });`;
const rtkQueryStore = (entry) => `import { createApi, fetchBaseQuery } from '${entry}';
import { configureStore } from '@reduxjs/toolkit';
export const api = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/' }), endpoints: (b) => ({ getPost: b.query({ query: (id) => 'posts/' + id }) }) });
export const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (getDefault) => getDefault().concat(api.middleware) });`;

/** The apps: [app, library, what it imports, source]. */
export const apps = [
  ...[false, true].map((lean) => ['React app', lean ? 'rtk-rest lean' : 'rtk-rest', `createResource, ${lean ? 'buildCreateRest(garbageCollection)' : 'createRest'}, configureStore, Provider, useSuspense, useController`,
    `${rtkRestStore(lean)}\nexport { useSuspense, useController } from 'rtk-rest/react';\nexport { Provider } from 'react-redux';`]),
  ['React app', 'RTK Query', 'createApi (query/react) and its hook, configureStore, Provider',
    `${rtkQueryStore('@reduxjs/toolkit/query/react')}\nexport const { useGetPostQuery } = api;\nexport { Provider } from 'react-redux';`],
  ...[false, true].map((lean) => ['no React', lean ? 'rtk-rest lean' : 'rtk-rest', `Entity, createResource, ${lean ? 'buildCreateRest(garbageCollection)' : 'createRest'}, configureStore`, rtkRestStore(lean)]),
  ['no React', 'RTK Query', 'createApi, fetchBaseQuery, configureStore', rtkQueryStore('@reduxjs/toolkit/query')],
  ['no React', 'Data Client', 'rest Entity + createResource, core Controller, createReducer, NetworkManager',
    `import { Entity, createResource } from '@data-client/rest';
import { Controller, createReducer, NetworkManager, initialState } from '@data-client/core';
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
const controller = new Controller();
export const reducer = createReducer(controller);
export const manager = new NetworkManager();
export { initialState };`],
  ['schemas only', 'rtk-rest', 'Entity, normalize, denormalize, MemoCache',
    `import { Entity, normalize, denormalize, MemoCache } from 'rtk-rest';\n${post}\nexport const app = [Post, normalize, denormalize, MemoCache];`],
  ['schemas only', 'Data Client', 'endpoint Entity, normalizr normalize, denormalize, denormalizeCached',
    `import { Entity } from '@data-client/endpoint';
import { normalize, denormalize, denormalizeCached } from '@data-client/normalizr';
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } }
export const app = [Post, normalize, denormalize, denormalizeCached];`],
];

/**
 * Each app measured: `min` and `gzip` as users get it (from the tarball; from src/ with --src).
 * rtk-rest's rows also carry `src`, the same app bundled from src/, and its esbuild inputs.
 */
const rows = [];
for (const [app, library, what, contents] of apps) {
  // RTK Query and Data Client come from this repo's node_modules, whose versions the scratch
  // project installs too.
  const ours = library.startsWith('rtk-rest');
  const { code: _code, ...measured } = await measure(contents, ours ? users : null);
  const fromSrc = ours && users !== undefined ? await measure(contents, null) : undefined;
  rows.push({ app, library, what, ...measured, ...(fromSrc && { src: { min: fromSrc.min, gzip: fromSrc.gzip, inputs: fromSrc.inputs } }) });
}
/** The rtk-rest rows' src/ bundles' inputs (by source file), whichever the main figures are. */
const srcInputs = (r) => r.src?.inputs ?? r.inputs;

const kB = (n) => (n / 1024).toFixed(2);
/** The row the size targets are for: the lean build where there is one. */
const rtkRestRow = (app) => rows.find((r) => r.app === app && r.library === 'rtk-rest lean') ?? rows.find((r) => r.app === app && r.library === 'rtk-rest');
if (process.argv.includes('--json')) console.log(JSON.stringify(rows.map(({ inputs: _inputs, src, ...row }) => ({ ...row, ...(src && { srcMin: src.min, srcGzip: src.gzip }) }))));
else if (srcOnly) {
  console.log('From src/ (--src: nothing packed)\n\n| app | library | imports | min kB | min+gzip kB | rtk-rest (lean) ÷ this |\n|---|---|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.app} | ${r.library} | ${r.what} | ${kB(r.min)} | ${kB(r.gzip)} | ${(rtkRestRow(r.app).gzip / r.gzip).toFixed(2)}× |`);
} else {
  console.log(`rtk-rest from ${installed.tarball} (${installed.files} files) installed in a scratch project; "from src/": the same app with rtk-rest aliased to src/\n`);
  console.log('| app | library | imports | min kB | min+gzip kB | from src/, min+gzip kB | rtk-rest (lean) ÷ this |\n|---|---|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.app} | ${r.library} | ${r.what} | ${kB(r.min)} | ${kB(r.gzip)} | ${r.src ? kB(r.src.gzip) : ''} | ${(rtkRestRow(r.app).gzip / r.gzip).toFixed(2)}× |`);
}

/**
 * rtk-rest's source files by the concern they serve, for `--layers`: a file not listed is core.
 * Every optional concern should cost nothing when an app does not use it.
 */
const CONCERNS = {
  polling: ['src/redux/features/polling/polling.ts'],
  'refetch on focus/reconnect': ['src/redux/features/refetchOnEvents/refetchOnEvents.ts'],
  'garbage collection': ['src/redux/features/garbageCollection/gc.ts', 'src/redux/features/garbageCollection/sweep.ts'],
  'optimistic layers': ['src/redux/features/optimisticUpdates/optimistic.ts', 'src/redux/features/optimisticUpdates/view.ts'],
  streams: ['src/redux/features/streams/streams.ts', 'src/rest/stream.ts'],
  retries: ['src/redux/features/retries/retries.ts', 'src/rest/retry.ts'],
  'conditional requests': ['src/redux/features/conditionalRequests/conditional.ts', 'src/rest/conditional.ts'],
  'sharded tables': ['src/redux/features/shardedTables/shardedTables.ts'],
  'deletes by URL parameters': ['src/redux/features/deleteByParams/deleteByParams.ts'],
  'Link pagination': ['src/redux/features/linkPagination/linkPagination.ts', 'src/rest/linkHeader.ts'],
  'kept error bodies': ['src/redux/requests/errorBody.ts'],
  persistence: ['src/redux/features/persistence/rehydrate.ts'],
  'entity-change tracking': ['src/redux/features/entityChanges/changeTracking.ts'],
  'Collection and its extenders': ['src/schema/Collection.ts', 'src/schema/CollectionCreation.ts', 'src/rest/extenders.ts', 'src/redux/read/nextPage.ts'],
  'Invalidate, Values, Query/All, Union': ['src/schema/Invalidate.ts', 'src/schema/Values.ts', 'src/schema/Query.ts', 'src/schema/All.ts', 'src/schema/Union.ts'],
};
const concernOf = (file) => Object.keys(CONCERNS).find((c) => CONCERNS[c].includes(file)) ?? (file.startsWith('src/') ? `core: ${file.split('/')[1]}` : 'dependencies');
const packageOf = (file) => (file.startsWith('node_modules/') ? file.split('/').slice(1, file.startsWith('node_modules/@') ? 3 : 2).join('/') : file.startsWith('src/') ? 'rtk-rest' : 'the app');

if (process.argv.includes('--layers')) {
  // Minified bytes per part; gzip does not split by file, so each part's share of the gzipped
  // total is estimated by its share of the minified bytes.
  const table = (title, r, by, { inputs, gzip } = r) => {
    const sums = new Map();
    for (const [file, { bytesInOutput }] of Object.entries(inputs)) sums.set(by(file), (sums.get(by(file)) ?? 0) + bytesInOutput);
    const total = [...sums.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${title} (${r.app}, ${r.library}; ${total} minified bytes, ${kB(gzip)} kB gz)\n| part | min bytes | ≈ kB gz |\n|---|---:|---:|`);
    for (const [part, bytes] of [...sums].sort((a, b) => b[1] - a[1])) if (bytes > 0) console.log(`| ${part} | ${bytes} | ${kB((gzip * bytes) / total)} |`);
  };
  for (const r of rows) table(srcOnly ? 'By package, from src/' : 'By package, from the tarball', r, packageOf);
  // The tarball's dist/ chunks do not say which source file each byte came from: by concern and
  // by file are the src/ bundles'.
  for (const r of rows.filter((row) => row.library.startsWith('rtk-rest'))) table('rtk-rest by concern, from src/', r, concernOf, r.src ?? r);
  // By source file: the React app with every feature (most of the library), and the schemas-only
  // app (the schema engine alone, where each file's share is what an app that only normalizes
  // and reads pays for it).
  for (const app of ['React app', 'schemas only']) {
    const files = Object.entries(srcInputs(rows.find((r) => r.app === app && r.library === 'rtk-rest'))).filter(([file, { bytesInOutput }]) => file.startsWith('src/') && bytesInOutput > 0);
    console.log(`\nrtk-rest in the ${app} app from src/ by source file (minified bytes):`);
    for (const [file, { bytesInOutput }] of files.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) console.log(`${String(bytesInOutput).padStart(7)}  ${file}`);
  }
}

if (process.argv.includes('--hooks')) {
  // What each hook of rtk-rest/react adds to an app that only suspends (an app using only
  // useSuspense pays nothing for the rest; __tests__/architecture/production-bundle.test.ts checks
  // that by source file). Over the lean no-React store app, React left out as everywhere here.
  const store = rtkRestStore(true);
  const base = await measure(store);
  const only = await measure(`${store}\nexport { useSuspense } from 'rtk-rest/react';`);
  const hooks = ['useController', 'useDLE', 'useMutation', 'usePaginated', 'useCancelling', 'useDebounce', 'useCache', 'useQuery', 'useFetch', 'useSubscription', 'useLive'];
  console.log(`\n| rtk-rest/react ${where}, on top of the lean store app | min kB | min+gzip kB |\n|---|---:|---:|`);
  console.log(`| useSuspense alone (with react-redux) | ${kB(only.min - base.min)} | ${kB(only.gzip - base.gzip)} |`);
  for (const [name, imported] of [...hooks.map((hook) => [hook, hook]), ['all of them', hooks.join(', ')]]) {
    const m = await measure(`${store}\nexport { useSuspense, ${imported} } from 'rtk-rest/react';`);
    console.log(`| + ${name} | +${kB(m.min - only.min)} | +${kB(m.gzip - only.gzip)} |`);
  }
}

if (process.argv.includes('--floor')) {
  // How small the store gets whatever the app does: the lean no-React app with parts taken away,
  // down to `buildCreateRest()()` and configureStore alone. "without messages" empties every
  // string and template-literal text longer than 12 characters (error messages, mostly): an upper
  // bound on what replacing messages with error codes, as Redux Toolkit's production build does, could save.
  const ts = createRequire(import.meta.url)('typescript');
  const withoutMessages = (code) => {
    const cuts = [];
    const visit = (node) => {
      const [open, close] = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateTail(node) ? [1, 1] : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) ? [1, 2] : [0, -1];
      if (close >= 0 && node.end - close - (node.getStart() + open) > 12) cuts.push([node.getStart() + open, node.end - close]);
      ts.forEachChild(node, visit);
      if (ts.isTemplateExpression(node)) for (const part of [node.head, ...node.templateSpans.map((span) => span.literal)]) visit(part);
    };
    visit(ts.createSourceFile('app.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
    let out = code;
    for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
    return out;
  };
  const store = `export const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (getDefault) => getDefault().concat(rest.middleware) });`;
  const floors = [
    ['the lean no-React app', rtkRestStore(true)],
    ['… without garbageCollection', `import { Entity, createResource, buildCreateRest } from 'rtk-rest';\nimport { configureStore } from '@reduxjs/toolkit';\n${post}\nexport const PostResource = createResource({ path: '/posts/:id', schema: Post });\nexport const rest = buildCreateRest()();\n${store}`],
    ['… with one RestEndpoint instead of a resource', `import { Entity, RestEndpoint, buildCreateRest } from 'rtk-rest';\nimport { configureStore } from '@reduxjs/toolkit';\n${post}\nexport const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post });\nexport const rest = buildCreateRest()();\n${store}`],
    ['… the store alone (buildCreateRest()(), configureStore)', `import { buildCreateRest } from 'rtk-rest';\nimport { configureStore } from '@reduxjs/toolkit';\nexport const rest = buildCreateRest()();\n${store}`],
    ['Redux Toolkit alone (configureStore, one reducer)', `import { configureStore } from '@reduxjs/toolkit';\nexport const store = configureStore({ reducer: { a: (state = 0) => state } });`],
  ];
  console.log(`\n| app ${where}, cut down | min+gzip kB | without messages, kB |\n|---|---:|---:|`);
  for (const [name, contents] of floors) {
    const { code, gzip } = await measure(contents);
    console.log(`| ${name} | ${kB(gzip)} | ${kB(gzipSync(withoutMessages(Buffer.from(code).toString()), { level: 9 }).length)} |`);
  }
}

if (process.argv.includes('--check')) {
  // `target` is the size goal; `ceiling` is what CI enforces on the app built from the tarball,
  // what users install: a ratchet just above the size measured when it was last lowered, so
  // nothing grows unnoticed.
  const budget = JSON.parse(readFileSync(join(root, 'bench/size-budget.json'), 'utf8'));
  let over = false;
  for (const [name, { target, ceiling }] of Object.entries(budget.apps)) {
    const row = rows.find((r) => `${r.app}, ${r.library}` === name);
    if (!row) throw new Error(`bench/size-budget.json names "${name}", which bench/size.mjs does not measure (names are "<app>, <library>")`);
    const gz = row.gzip / 1024;
    const status = gz <= target ? 'within target' : gz <= ceiling ? 'over target, under ceiling' : 'OVER CEILING';
    if (gz > ceiling) over = true;
    console.log(`budget ${name}: ${gz.toFixed(2)} kB gz from the tarball, ${kB(row.src.gzip)} from src/ (target ${target} kB, ceiling ${ceiling} kB): ${status}`);
  }
  if (over) {
    console.error('size budget exceeded: an app built from the tarball grew past its ceiling in bench/size-budget.json');
    process.exitCode = 1;
  }
}

/**
 * `--tree-shaking`: for each rtk-rest app, the source files its tarball bundle holds that its src/
 * bundle does not, and the dist/ chunk statements with a side effect that keep them (each with
 * the files it reaches: bench/treeShaking.cjs). The checks: the schemas-only app holds no Redux
 * module and no endpoint or store code (src/rest, redux, react, mock), and no app holds a source
 * file from the tarball that it does not hold from src/. Returns the exit code.
 */
async function reportTreeShaking() {
  const { treeShakingReport } = require('./treeShaking.cjs');
  let schemasOnly;
  const extraFiles = [];
  for (const [app, library, , contents] of apps.filter(([, library]) => library.startsWith('rtk-rest'))) {
    const report = await treeShakingReport(contents, users, rows.find((r) => r.app === app && r.library === library).src.inputs);
    if (app === 'schemas only') schemasOnly = report;
    for (const { extra } of report.chunks) for (const file of extra) extraFiles.push(`${file} (${app}, ${library})`);
    console.log(`\ntree shaking, ${app}, ${library}: from the tarball it holds ${report.chunks.reduce((n, c) => n + c.extra.length, 0)} source files more than from src/`);
    for (const { chunk, extra, effects } of report.chunks) {
      if (extra.length === 0) continue;
      console.log(`  ${chunk.replace(/^node_modules\/rtk-rest\//, '')}: ${extra.join(', ')}`);
      for (const { file, effect, reaches } of effects.filter((e) => e.reaches.length > 0)) console.log(`    kept by ${file}: ${effect}\n      reaches ${reaches.join(', ')}`);
    }
  }
  const held = [...schemasOnly.redux, ...schemasOnly.endpointOrStore];
  console.log(`\ncheck "schemas-only app from the tarball holds no Redux, no endpoint and no store code": ${held.length === 0 ? 'ok' : `FAILED, it holds ${held.join(', ')}`}`);
  console.log(`check "every app from the tarball holds no source file more than from src/": ${extraFiles.length === 0 ? 'ok' : `FAILED, ${extraFiles.join(', ')}`}`);
  return held.length === 0 && extraFiles.length === 0 ? 0 : 1;
}

if (process.argv.includes('--tree-shaking')) process.exitCode = (await reportTreeShaking()) || process.exitCode;

if (!process.argv.includes('--json')) {
  const steps = Object.entries(installed?.times ?? {}).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`);
  console.log(`\nmeasured in ${((Date.now() - started) / 1000).toFixed(1)} s${steps.length ? ` (${steps.join(', ')})` : ''}`);
}
