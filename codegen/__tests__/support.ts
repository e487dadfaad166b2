/** Test support: type-checking generated modules with `tsc --strict` against the library's sources (via `paths`), output folders, a real store. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import ts from 'typescript';
import { createRest } from 'rtk-rest';
import { generateToDir } from '../src/generate';

const LIBRARY = resolve(__dirname, '../../src');

/**
 * The diagnostics of the generated `.ts` files in `dirs`, formatted; `[]` when they compile. One
 * program for several outputs compiles the library once.
 */
export function typecheck(...dirs: string[]): string[] {
  return typecheckWith({ module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }, dirs);
}

/**
 * Like `typecheck`, as an ESM Node project compiles it (`"type": "module"`, `module` and
 * `moduleResolution` `nodenext`): only the generated files' diagnostics (the library's sources
 * are written for bundlers).
 */
export function typecheckNodeNext(dir: string): string[] {
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const options = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  return typecheckWith(options, [dir]).filter((line) => line.startsWith(dir));
}

function typecheckWith(moduleOptions: ts.CompilerOptions, dirs: string[]): string[] {
  const files = dirs
    .flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f)))
    // The library declares `process.env.NODE_ENV` here for builds without Node's types.
    .concat(join(LIBRARY, 'internal/process.d.ts'));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    // The library's own strict flags too, so the output passes the strictest consumer.
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noUnusedLocals: true,
    isolatedModules: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    ...moduleOptions,
    skipLibCheck: true,
    types: [],
    paths: { 'rtk-rest': [join(LIBRARY, 'index.ts')] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** A temporary folder for one test file's outputs, removed after its tests: `const out = tempDir('x-')`. */
export function tempDir(prefix: string): () => string {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

/** Writes the YAML description `yaml` into `dir` and generates from it into `dir/out`: the output folder and files. */
export async function generateYaml(dir: string, yaml: string) {
  const spec = join(dir, 'spec.yaml');
  writeFileSync(spec, yaml);
  const out = join(dir, 'out');
  const { files } = await generateToDir(spec, out);
  return { out, files };
}

/** A real store with rtk-rest, RTK's default middleware (serializable and immutable checks on). */
export function storeWithRest() {
  const rest = createRest();
  const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (getDefault) => getDefault().concat(rest.middleware) });
  return { rest, store };
}
