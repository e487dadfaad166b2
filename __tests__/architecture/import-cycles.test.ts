import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// No runtime import cycle in src/. A cycle makes a module's meaning depend on which file an app
// (or a bundler's chunking) happens to load first: importing schema/Values.ts first used to throw
// "Class extends value undefined". Each module of every layer is bundled as its own entry point
// and loaded, and the runtime imports esbuild kept (type-only imports are gone by then) must form
// no cycle, within a layer or across layers.

const root = join(__dirname, '../..');
const modulesOf = (folder: string) =>
  readdirSync(join(root, 'src', folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `src/${folder}/${file.replaceAll('\\', '/')}`)
    .sort();

/** `entry` bundled alone as CommonJS, packages left to `require`. */
async function bundle(entry: string): Promise<{ code: string; metafile: Metafile }> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, metafile: result.metafile };
}

/** Loads a CommonJS bundle in this realm; throws what its top level throws. */
function load(code: string): void {
  const module = { exports: {} };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
}

/** The runtime imports esbuild kept between the bundled files. */
function runtimeEdges(metafile: Metafile): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [file, input] of Object.entries(metafile.inputs)) edges.set(file, input.imports.filter((i) => !i.external).map((i) => i.path));
  return edges;
}

const RELATIVE_IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g;

/** Every relative import between the files of one folder, `import type` included. */
function sourceEdges(folder: string): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of modulesOf(folder)) {
    const source = readFileSync(join(root, file), 'utf8');
    const targets = [...source.matchAll(RELATIVE_IMPORT)].map((match) => relative(root, resolve(dirname(join(root, file)), match[1]!)).replaceAll('\\', '/') + '.ts');
    edges.set(file, targets.filter((target) => target.startsWith(`src/${folder}/`)));
  }
  return edges;
}

/** One cycle in an import graph, as a path `a → b → a`, or undefined. */
function findCycle(edges: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of edges.keys()) {
    const cycle = visit(file);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

const LAYERS = ['internal', 'schema', 'rest', 'redux', 'react', 'mock', 'server', 'next'] as const;

describe('no runtime import cycle in src/', () => {
  const modules = LAYERS.flatMap(modulesOf);

  it('finds the modules of every layer', () => {
    for (const file of ['src/internal/json.ts', 'src/schema/Values.ts', 'src/rest/extenders.ts', 'src/redux/instance/middleware.ts', 'src/react/hooks.ts', 'src/mock/mockFetch.ts', 'src/server/index.ts', 'src/next/index.ts']) expect(modules).toContain(file);
  });

  it.each(modules)('%s loads as its own entry point', async (entry) => {
    const { code } = await bundle(entry);
    expect(() => load(code)).not.toThrow();
  }, 30_000);

  // Every module as an entry, so that a module no index reaches (a test-support file) is checked too.
  it('the runtime imports of every layer form no cycle', async () => {
    const inputs: Metafile['inputs'] = {};
    for (const entry of ['src/index.ts', 'src/react/index.ts', 'src/mock/index.ts', ...modules]) Object.assign(inputs, (await bundle(entry)).metafile.inputs);
    const edges = new Map([...runtimeEdges({ inputs, outputs: {} })].filter(([file]) => file.startsWith('src/')));
    for (const layer of LAYERS) expect([...edges.keys()].some((file) => file.startsWith(`src/${layer}/`))).toBe(true);
    expect(findCycle(edges)?.join(' → ')).toBeUndefined();
  }, 120_000);

  it('the redux layer holds no reference back: its files import no cycle, type imports included', () => {
    // A Controller that built polling, GC and optimistic parts which imported it back was the
    // knot this undoes: handlers get a typed context and their peers' functions instead.
    const edges = sourceEdges('redux');
    expect(edges.get('src/redux/instance/buildCreateRest.ts')).toContain('src/redux/instance/middleware.ts');
    expect(findCycle(edges)?.join(' → ')).toBeUndefined();
  });

  it('the cycle check finds a cycle (it can fail)', () => {
    const edges = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycle(edges)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
