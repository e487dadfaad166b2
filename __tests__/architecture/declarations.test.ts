import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// The package's declarations are bundled (tsup → rollup-plugin-dts). Two source patterns do not
// survive that, and were caught only after `npm pack` (issue 16.1); .ci/pack-smoke.mjs type-checks
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

describe('issue 16.1: published declarations keep every member', () => {
  const files = sources(src);

  it('no source file augments a relative module (RestEndpoint declares its extenders itself)', () => {
    const found = files.flatMap((file) => relativeAugmentations(code(file)).map((target) => `${relative(src, file)} → ${target}`));
    expect(found).toEqual([]);
  });

  it('modules exported as a namespace (`export * as schema`) declare their types instead of re-exporting them', () => {
    const namespaces = files.flatMap((file) =>
      [...code(file).matchAll(/export\s*\*\s*as\s+\w+\s+from\s+['"](\.[^'"]+)['"]/g)].map((match) => resolve(file, '..', `${match[1]}.ts`)),
    );
    expect(namespaces.map((file) => relative(src, file))).toEqual(['schema/namespace.ts']);
    const found = namespaces.flatMap((file) => typeReExports(code(file)).map((name) => `${relative(src, file)}: ${name}`));
    expect(found).toEqual([]);
  });

  it('the checks find the patterns that broke the tarball', () => {
    expect(relativeAugmentations("declare module './RestEndpoint' {\n  interface RestEndpoint {}\n}")).toEqual(['./RestEndpoint']);
    expect(relativeAugmentations("declare module 'react' {}")).toEqual([]);
    expect(typeReExports("export type { CollectionOptions, NonFilterArgumentKeys } from './Collection';")).toEqual(['CollectionOptions', 'NonFilterArgumentKeys']);
    expect(typeReExports('export type CollectionOptions = Options;')).toEqual([]);
  });
});
