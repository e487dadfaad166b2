import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// React Server Components: the built `rtk-rest/react` entry starts with 'use client', so an RSC
// bundler treats it as client code; under the `react-server` condition it resolves to a module
// whose exports throw a clear error; the core `rtk-rest` runs there (it needs no React).
// The package is built as `npm run build` does (tsup with the package's config, then its
// onSuccess script) into a scratch project, so the repo's dist/ is left alone.

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** What a Server Component may render from rtk-rest/react, passing serializable props. */
const clientComponents = ['AsyncBoundary', 'HydrateRest'];
let scratch: string;
let dist: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rtk-rest-rsc-'));
  const modules = join(scratch, 'node_modules');
  dist = join(modules, 'rtk-rest/dist');
  const options = { ...pkg.tsup, onSuccess: undefined, config: false, dts: false, outDir: dist, silent: true };
  execFileSync(process.execPath, ['-e', `require('tsup').build(${JSON.stringify(options)}).catch((e) => { console.error(e); process.exit(1); })`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  execFileSync(process.execPath, [join(root, pkg.tsup.onSuccess.split(' ')[1]), dist], { stdio: ['ignore', 'pipe', 'inherit'] });
  writeFileSync(join(modules, 'rtk-rest/package.json'), JSON.stringify(pkg));
  mkdirSync(join(modules, '@reduxjs'));
  symlinkSync(join(root, 'node_modules/@reduxjs/toolkit'), join(modules, '@reduxjs/toolkit'));
  for (const name of ['react', 'react-redux']) symlinkSync(join(root, 'node_modules', name), join(modules, name));
}, 120_000);
/**
 * A Node loader doing what an RSC bundler does with an ES module that starts with 'use client':
 * it is not evaluated on the server, each of its exports becomes a client reference.
 */
let rsc: string;
beforeAll(() => {
  const hooks = join(scratch, 'rsc-hooks.mjs');
  writeFileSync(
    hooks,
    `import { init, parse } from ${JSON.stringify(require.resolve('es-module-lexer'))};
export async function load(url, context, next) {
  const loaded = await next(url, context);
  if (loaded.format !== 'module' || !String(loaded.source).startsWith("'use client';")) return loaded;
  await init;
  const names = parse(String(loaded.source))[1].map((entry) => entry.n);
  const source = names.map((name) => \`export const \${name} = { $$typeof: Symbol.for('react.client.reference'), $$id: \${JSON.stringify(url + '#' + name)} };\`).join('\\n');
  return { format: 'module', source, shortCircuit: true };
}`,
  );
  rsc = join(scratch, 'rsc.mjs');
  writeFileSync(rsc, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs an ES module in the scratch project, with or without the `react-server` condition; returns what it printed. */
function run(code: string, server: boolean, preload?: string): string {
  const file = join(scratch, `probe-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  return execFileSync(process.execPath, [...(server ? ['--conditions=react-server'] : []), ...(preload ? ['--import', preload] : []), file], { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

describe('Server Components', () => {
  test("the built rtk-rest/react entry, ESM and CommonJS, starts with the 'use client' directive; the core does not", () => {
    expect(readFileSync(join(dist, 'react/index.mjs'), 'utf8').startsWith("'use client';\n")).toBe(true);
    expect(readFileSync(join(dist, 'react/index.js'), 'utf8').startsWith("'use client';\n")).toBe(true);
    expect(readFileSync(join(dist, 'index.mjs'), 'utf8')).not.toContain('use client');
  });

  test("rtk-rest/next (a Client Component) starts with 'use client' too; rtk-rest/server, server code, does not", () => {
    expect(readFileSync(join(dist, 'next/index.mjs'), 'utf8').startsWith("'use client';\n")).toBe(true);
    expect(readFileSync(join(dist, 'next/index.js'), 'utf8').startsWith("'use client';\n")).toBe(true);
    expect(readFileSync(join(dist, 'server/index.mjs'), 'utf8')).not.toContain('use client');
  });

  test("under react-server, HydrateRest and AsyncBoundary are client references to the 'use client' entry (import), or read from it (require)", () => {
    // As an RSC bundler does, the loader replaces a 'use client' module by client references.
    const esm = JSON.parse(run("import * as react from 'rtk-rest/react'; console.log(JSON.stringify(Object.fromEntries(Object.entries(react).map(([name, value]) => [name, value.$$typeof?.toString() ?? typeof value]))));", true, rsc)) as Record<string, string>;
    for (const name of clientComponents) expect(esm[name]).toBe('Symbol(react.client.reference)');
    expect(esm.useSuspense).toBe('function');
    // CommonJS, for a bundler that requires: the names are read from a module that starts with 'use client'.
    const cjs = run("import { createRequire } from 'node:module'; console.log(createRequire(import.meta.url).resolve('rtk-rest/react'));", true);
    const code = readFileSync(cjs, 'utf8');
    const required = [...code.matchAll(/require\('(\.[^']+)'\)/g)].map((match) => join(cjs, '..', match[1]!));
    expect(new Set(required.filter((file) => readFileSync(file, 'utf8').startsWith("'use client';\n")))).toEqual(new Set([join(dist, 'react/index.js')]));
    for (const name of clientComponents) expect(code).toContain(`require('./index.js').${name}`);
  });

  test('under react-server, every other export of rtk-rest/react (import and require) throws an error naming it and the fix', () => {
    const names = (JSON.parse(run("import * as hooks from 'rtk-rest/react'; console.log(JSON.stringify(Object.keys(hooks).sort()));", false)) as string[]).filter((name) => !clientComponents.includes(name));
    expect(names).toContain('useSuspense');
    const probe = (load: string) => `${load}
const messages = {};
for (const name of ${JSON.stringify(names)}) {
  try { hooks[name](); messages[name] = 'did not throw'; } catch (error) { messages[name] = error.message; }
}
console.log(JSON.stringify(messages));`;
    for (const load of ["import * as hooks from 'rtk-rest/react';", "import { createRequire } from 'node:module'; const hooks = createRequire(import.meta.url)('rtk-rest/react');"]) {
      const messages = JSON.parse(run(probe(load), true, rsc)) as Record<string, string>;
      expect(Object.keys(messages)).toEqual(names);
      for (const name of names) expect(messages[name]).toMatch(new RegExp(`^\\[rtk-rest\\] ${name} cannot run in a Server Component: .*Client Component \\(a file that starts with 'use client'\\)`));
    }
  });

  test('under react-server, the core prefetches on a store created for the request and hands over its slice as JSON', () => {
    const out = run(
      `import { configureStore } from '@reduxjs/toolkit';
import { Entity, createResource, createRest } from 'rtk-rest';
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Post'; }
const PostResource = createResource({ urlPrefix: 'http://internal:3000', path: '/posts/:id', schema: Post });
globalThis.fetch = async (url) => new Response(JSON.stringify({ id: 5, title: 'from ' + url }), { headers: { 'content-type': 'application/json' } });
const rest = createRest({ gc: false });
const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
const post = await store.dispatch(rest.fetch(PostResource.get, { id: 5 }));
await store.dispatch(rest.settled());
console.log(JSON.stringify({ instance: post instanceof Post, slice: JSON.parse(JSON.stringify(store.getState()[rest.reducerPath])).entities }));`,
      true,
    );
    expect(JSON.parse(out)).toEqual({ instance: true, slice: { Post: { 5: { id: 5, title: 'from http://internal:3000/posts/5' } } } });
  });
});
