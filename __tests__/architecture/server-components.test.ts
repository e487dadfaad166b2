import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// React Server Components: the built `rtk-rest/react` entry starts with 'use client', so an RSC
// bundler treats it as client code; under the `react-server` condition it resolves to a module
// whose exports throw a clear error; the core `rtk-rest` runs there (it needs no React).
// The package is built as `npm run build` does (tsup with the package's config, then its
// onSuccess script) into a scratch project, so the repo's dist/ is left alone.

const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
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
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs an ES module in the scratch project, with or without the `react-server` condition; returns what it printed. */
function run(code: string, server: boolean): string {
  const file = join(scratch, `probe-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  return execFileSync(process.execPath, [...(server ? ['--conditions=react-server'] : []), file], { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
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

  test('under react-server, every export of rtk-rest/react (import and require) throws an error naming it and the fix', () => {
    const names = JSON.parse(run("import * as hooks from 'rtk-rest/react'; console.log(JSON.stringify(Object.keys(hooks).sort()));", false)) as string[];
    expect(names).toContain('useSuspense');
    const probe = (load: string) => `${load}
const messages = {};
for (const name of Object.keys(hooks).sort()) {
  try { hooks[name](); messages[name] = 'did not throw'; } catch (error) { messages[name] = error.message; }
}
console.log(JSON.stringify(messages));`;
    for (const load of ["import * as hooks from 'rtk-rest/react';", "import { createRequire } from 'node:module'; const hooks = createRequire(import.meta.url)('rtk-rest/react');"]) {
      const messages = JSON.parse(run(probe(load), true)) as Record<string, string>;
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
