import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// The package's declarations are bundled (tsup → rollup-plugin-dts). Two source patterns do not
// survive that, and were caught only after `npm pack`; .ci/pack-smoke.mjs type-checks
// the real tarball, these checks catch the patterns in every test run.

const src = resolve(__dirname, '../../src');

/** Source text without comments (which may quote the patterns). */
function code(file: string): string {
  return readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** `declare module './x'` blocks: the bundle has no module './x', so their members vanish. */
function relativeAugmentations(source: string): string[] {
  return [...source.matchAll(/declare\s+module\s+['"](\.{1,2}\/[^'"]*)['"]/g)].map((match) => match[1]!);
}

/** `export type { … } from` in a module exported as a namespace: bundled as `typeof X` (TS2693). */
function typeReExports(source: string): string[] {
  return [...source.matchAll(/export\s+type\s*\{([^}]*)\}\s*from/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim()));
}

describe('published declarations keep every member', () => {
  const files = sources(src);

  it('no source file augments a relative module (RestEndpoint declares its extenders itself)', () => {
    const found = files.flatMap((file) => relativeAugmentations(code(file)).map((target) => `${relative(src, file)} → ${target}`));
    expect(found).toEqual([]);
  });

  // An `export * as schema` namespace is built by a call at load time, which bundlers keep with
  // every member; `schema` is a pure object literal plus a namespace of types (namespace.ts).
  it('no module is exported as a namespace (`export * as x`), and schema/namespace.ts declares its types instead of re-exporting them', () => {
    const namespaces = files.flatMap((file) =>
      [...code(file).matchAll(/export\s*\*\s*as\s+\w+\s+from\s+['"](\.[^'"]+)['"]/g)].map((match) => relative(src, resolve(file, '..', `${match[1]}.ts`))),
    );
    expect(namespaces).toEqual([]);
    const namespace = join(src, 'schema/namespace.ts');
    expect(code(namespace)).toMatch(/export\s+declare\s+namespace\s+schema\b/);
    expect(typeReExports(code(namespace))).toEqual([]);
  });

  it('the checks find the patterns that broke the tarball', () => {
    expect(relativeAugmentations("declare module './RestEndpoint' {\n  interface RestEndpoint {}\n}")).toEqual(['./RestEndpoint']);
    expect(relativeAugmentations("declare module 'react' {}")).toEqual([]);
    expect(typeReExports("export type { CollectionOptions, NonFilterArgumentKeys } from './Collection';")).toEqual(['CollectionOptions', 'NonFilterArgumentKeys']);
    expect(typeReExports('export type CollectionOptions = Options;')).toEqual([]);
  });
});
