import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

/**
 * The layer rule: imports only go down `react → redux → rest → schema → internal`,
 * and `mock` sees `rest` and below; `server` (streaming) sits on `redux` beside `react`, and `next`
 * (the Next.js integration) on both. A layer may import from itself.
 */
export const LAYERS: Record<string, readonly string[]> = {
  internal: ['internal'],
  schema: ['schema', 'internal'],
  rest: ['rest', 'schema', 'internal'],
  redux: ['redux', 'rest', 'schema', 'internal'],
  react: ['react', 'redux', 'rest', 'schema', 'internal'],
  server: ['server', 'redux', 'rest', 'schema', 'internal'],
  next: ['next', 'server', 'react', 'redux', 'rest', 'schema', 'internal'],
  mock: ['mock', 'rest', 'schema', 'internal'],
  '.': ['.', 'react', 'redux', 'rest', 'schema', 'internal', 'mock'],
};

export interface LayerViolation {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The layer of a file under `srcRoot`: its first folder, or '.' for files directly in src/. */
export function layerOf(srcRoot: string, file: string): string {
  const rel = relative(srcRoot, file);
  const parts = rel.split(sep);
  return parts.length === 1 ? '.' : parts[0]!;
}

/** Upward (or sideways into an unknown layer) imports in one file's source text. */
export function findViolations(srcRoot: string, file: string, source: string): LayerViolation[] {
  const from = layerOf(srcRoot, file);
  const allowed = LAYERS[from];
  const violations: LayerViolation[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3]!;
    let to: string | undefined;
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(srcRoot)) to = 'outside src';
      else to = layerOf(srcRoot, existsSync(target) && statSync(target).isDirectory() ? join(target, 'index.ts') : target + '.ts');
    } else if (specifier === 'rtk-rest' || specifier.startsWith('rtk-rest/')) {
      to = 'public entry';
    }
    if (to !== undefined && (allowed === undefined || !allowed.includes(to))) {
      violations.push({ file: relative(srcRoot, file), specifier, from, to });
    }
  }
  return violations;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

export function checkTree(srcRoot: string): LayerViolation[] {
  return sourceFiles(srcRoot).flatMap((file) => findViolations(srcRoot, file, readFileSync(file, 'utf8')));
}

/**
 * The rooms of the redux layer: `instance/`, `store/`, `requests/` and `read/` are the core, each
 * optional concern is a folder `features/<name>/`. The core never imports a feature, and a feature
 * never imports another, so an app that leaves a feature out bundles none of its code. Only the
 * layer's entry points (`redux/index.ts`, and `redux/createRest.ts`, which has every feature)
 * import features.
 */
export const FEATURE_ENTRIES: readonly string[] = ['redux/index.ts', 'redux/createRest.ts'];

/** The room of a file of the redux layer: `features/<name>` for a feature, `core` for the rest, `entry` for the entry points; undefined outside the layer. */
export function roomOf(srcRoot: string, file: string): string | undefined {
  const rel = relative(srcRoot, file).split(sep).join('/');
  if (!rel.startsWith('redux/')) return undefined;
  if (FEATURE_ENTRIES.includes(rel)) return 'entry';
  const parts = rel.split('/');
  return parts[1] === 'features' && parts.length > 3 ? `features/${parts[2]}` : 'core';
}

/** Imports of one redux file that cross rooms the wrong way: the core into a feature, a feature into another. */
export function findRoomViolations(srcRoot: string, file: string, source: string): LayerViolation[] {
  const from = roomOf(srcRoot, file);
  if (from === undefined || from === 'entry') return [];
  const violations: LayerViolation[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3]!;
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    const to = roomOf(srcRoot, existsSync(target) && statSync(target).isDirectory() ? join(target, 'index.ts') : target + '.ts');
    if (to !== undefined && to.startsWith('features/') && to !== from) violations.push({ file: relative(srcRoot, file), specifier, from, to });
  }
  return violations;
}

export function checkRooms(srcRoot: string): LayerViolation[] {
  return sourceFiles(join(srcRoot, 'redux')).flatMap((file) => findRoomViolations(srcRoot, file, readFileSync(file, 'utf8')));
}
