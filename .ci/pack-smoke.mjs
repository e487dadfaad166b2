// Pack-and-install smoke test: `npm pack` the built package, install the tarball into a
// scratch project with its peers, then use every entry from Node through `import` and through
// `require`, and type-check consumers of the published declarations (.ci/consumer.mjs).
//
//   npm run build && node .ci/pack-smoke.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODES, typecheckConsumers, writeConsumers } from './consumer.mjs';

// TypeScript 7 (the native compiler) also type-checks the consumers (it once found
// array collections' `push` typed `undefined`). Installed into
// the scratch project only, pinned: its `tsc` bin would clash with the repo's 5.9, which ts-jest needs.
const TYPESCRIPT_7 = '7.0.2';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'rtk-rest-smoke-'));
const run = (cmd, args, cwd = scratch) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

try {
  const [{ filename, files }] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], root));
  const packed = files.map((f) => f.path);
  const stray = packed.filter((p) => !(p.startsWith('dist/') || ['package.json', 'README.md', 'LICENSE'].includes(p)));
  if (stray.length) throw new Error(`the tarball holds files outside dist/: ${stray.join(', ')}`);
  console.log(`packed ${filename}: ${packed.length} files`);

  // redux-persist: the persistence recipe of docs/ imports it; @types/react-dom: the server-rendering guide renders and hydrates;
  // next: the guide's App Router code imports rtk-rest/next, whose declarations name next/navigation.
  const peers = ['react', 'react-dom', 'react-redux', '@types/react', '@types/react-dom', 'redux-persist', 'next'].map((name) => `${name}@${pkg.devDependencies[name]}`);
  peers.push(`typescript@${TYPESCRIPT_7}`);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'smoke', private: true, version: '0.0.0' }));
  const installStart = Date.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', join(scratch, filename), ...peers]);
  console.log(`installed the tarball and its peers in ${((Date.now() - installStart) / 1000).toFixed(1)} s`);

  // The same program twice: once as ESM, once as CommonJS. It wires a store, fetches through
  // mockFetch, reads through the hooks entry (server rendering), and checks the entries share one
  // middleware registry (the hooks find the store's rtk-rest instance).
  const program = (load) => `
${load}
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Post'; }
const PostResource = createResource({ path: '/posts/:id', urlPrefix: 'https://api.test', schema: Post });
globalThis.fetch = mockFetch([{ endpoint: PostResource.get, args: [{ id: 1 }], response: { id: 1, title: 'packed' } }]);
const rest = createRest();
const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
(async () => {
  const post = await store.dispatch(rest.fetch(PostResource.get, { id: 1 }));
  if (!(post instanceof Post) || post.title !== 'packed') throw new Error('fetch through the store failed: ' + JSON.stringify(post));
  function Title() { return createElement('h1', null, useCache(PostResource.get, { id: 1 }).title); }
  const html = renderToString(createElement(Provider, { store }, createElement(Title)));
  if (html !== '<h1>packed</h1>') throw new Error('rendered ' + html);
  const script = createRestScripts(store)();
  if (!script.startsWith('<script>') || !script.includes('"packed"')) throw new Error('rtk-rest/server wrote ' + script);
  if (typeof RestScripts !== 'function' || typeof receiveRestScripts !== 'function') throw new Error('rtk-rest/next or receiveRestScripts missing');
  console.log('ok', typeof AsyncBoundary, html);
})().catch((e) => { console.error(e); process.exit(1); });
`;
  writeFileSync(
    join(scratch, 'esm.mjs'),
    program(`import { Entity, createResource, createRest, receiveRestScripts } from 'rtk-rest';
import { useCache, AsyncBoundary } from 'rtk-rest/react';
import { createRestScripts } from 'rtk-rest/server';
import { RestScripts } from 'rtk-rest/next';
import { mockFetch } from 'rtk-rest/mock';
import { configureStore } from '@reduxjs/toolkit';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';`),
  );
  writeFileSync(
    join(scratch, 'cjs.cjs'),
    program(`const { Entity, createResource, createRest, receiveRestScripts } = require('rtk-rest');
const { useCache, AsyncBoundary } = require('rtk-rest/react');
const { createRestScripts } = require('rtk-rest/server');
const { RestScripts } = require('rtk-rest/next');
const { mockFetch } = require('rtk-rest/mock');
const { configureStore } = require('@reduxjs/toolkit');
const { createElement } = require('react');
const { renderToString } = require('react-dom/server');
const { Provider } = require('react-redux');`),
  );
  process.stdout.write(`import:  ${run('node', ['esm.mjs'])}`);
  process.stdout.write(`require: ${run('node', ['cjs.cjs'])}`);

  // TypeScript consumers of the published declarations: every public name, the
  // README's blocks and the docs' code, under bundler, node16 and nodenext resolution (ESM and
  // CommonJS), with skipLibCheck off (.ci/consumer.mjs); with declarations emitted;
  // with the repo's TypeScript and with TypeScript 7.
  const { docs } = writeConsumers(scratch, root);
  const compilers = [
    { name: `TS ${pkg.devDependencies.typescript}`, tsc: join(root, 'node_modules/typescript/bin/tsc'), modes: MODES.map((m) => m.name) },
    { name: `TS ${TYPESCRIPT_7}`, tsc: join(scratch, 'node_modules/typescript/bin/tsc'), modes: MODES.map((m) => m.name) },
  ];
  console.log(`types:   api.tsx, exports.tsx, readme.tsx and ${docs} docs files, ${MODES.length} module modes, ${compilers.map((c) => c.name).join(' and ')}`);
  const failures = await typecheckConsumers(scratch, compilers);
  for (const { mode, compiler, output } of failures) console.error(`\n--- tsc errors under ${mode} (${compiler}):\n${output}`);
  if (failures.length) throw new Error(`the packed declarations fail to type-check under ${failures.map((f) => `${f.mode} (${f.compiler})`).join(', ')}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
