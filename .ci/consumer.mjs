// The type-checked consumer of the pack-and-install smoke test: projects inside the
// scratch directory, where the tarball is installed, that compile against the published
// declarations only, with `skipLibCheck: false` under every module mode a user may pick:
//   .ci/consumer/api.tsx   every public name and member of the package (with the tests' example.ts)
//   .ci/consumer/exports.tsx  the public values a library exports as they are,
//   exports-derived.ts     and values derived from them in a module that does not import `schema`
//   readme.tsx             the TypeScript blocks of README.md, in order, as one module
//   docs/                  the files whose regions are the code blocks of docs/ (byte-equal,
//                          checked by __tests__/docs), i.e. every code block of the guides and recipes
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * Module modes; each is one `tsc -p` run per compiler. `type` is the consumer package's `"type"`.
 * `declaration` modes emit declarations, as a library, a monorepo package or a composite project
 * does: every type that an exported value's type names must then be reachable
 * from a public entry (the ESM `.d.mts` under bundler, the CommonJS `.d.ts` under nodenext-cjs).
 */
export const MODES = [
  { name: 'bundler', module: 'esnext', moduleResolution: 'bundler', type: 'module' },
  { name: 'node16-esm', module: 'node16', moduleResolution: 'node16', type: 'module' },
  { name: 'node16-cjs', module: 'node16', moduleResolution: 'node16', type: 'commonjs' },
  { name: 'nodenext-esm', module: 'nodenext', moduleResolution: 'nodenext', type: 'module' },
  { name: 'nodenext-cjs', module: 'nodenext', moduleResolution: 'nodenext', type: 'commonjs' },
  { name: 'bundler-declaration', module: 'esnext', moduleResolution: 'bundler', type: 'module', declaration: true },
  { name: 'nodenext-cjs-declaration', module: 'nodenext', moduleResolution: 'nodenext', type: 'commonjs', declaration: true },
];

/**
 * README.md's ```ts / ```tsx blocks joined in order: they build on each other (the README's
 * `Post` is used by its resource block, the resource by the store block), as one module would.
 */
export function readmeModule(markdown) {
  const blocks = [];
  for (const match of markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
    const [, lang, code] = match;
    if (/^(js|jsx|javascript)$/.test(lang)) throw new Error(`README.md: a \`\`\`${lang} block; write examples as ts or tsx so they are checked`);
    if (!/^(ts|tsx|typescript)$/.test(lang)) continue;
    const line = markdown.slice(0, match.index).split('\n').length;
    blocks.push(`// README.md line ${line}\n${code}`);
  }
  if (blocks.length === 0) throw new Error('README.md: no TypeScript block found (did the fences change?)');
  return blocks.join('\n');
}

/**
 * CommonJS has no top-level `await`: a CommonJS user writes the README's statements inside an
 * async function, with the imports at the top. The code itself is unchanged.
 */
function asCommonJs(module) {
  const lines = module.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const body = lines.filter((line) => !line.startsWith('import ')).map((line) => line.replace(/^export /, ''));
  return [...imports, 'export async function readme() {', ...body, '}', ''].join('\n');
}

/** Node's ESM resolution needs file extensions on relative imports (`./access-token` → `./access-token.js`). */
function withExtensions(code) {
  return code.replace(/(from\s+'\.\.?\/[^']*?)(?<!\.[cm]?js)'/g, "$1.js'");
}

/** TypeScript files under `dir` (relative paths), the docs' companions of their code blocks. */
function sourcesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : sourcesUnder(path, base);
    return /\.tsx?$/.test(entry.name) ? [relative(base, path)] : [];
  });
}

/** Writes one project per mode into `scratch` (which holds node_modules with the tarball). */
export function writeConsumers(scratch, root) {
  const readme = readmeModule(readFileSync(join(root, 'README.md'), 'utf8'));
  const docs = sourcesUnder(join(root, 'docs'));
  if (docs.length === 0) throw new Error('docs/: no companion .ts/.tsx files found');
  for (const mode of MODES) {
    const dir = join(scratch, `types-${mode.name}`);
    mkdirSync(dir, { recursive: true });
    const esm = mode.type === 'module' && mode.moduleResolution !== 'bundler';
    const adapt = (code) => (esm ? withExtensions(code) : code);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${mode.name}`, private: true, type: mode.type }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig(mode), null, 2));
    cpSync(join(root, '.ci/consumer/api.tsx'), join(dir, 'api.tsx'));
    cpSync(join(root, '.ci/consumer/exports.tsx'), join(dir, 'exports.tsx'));
    cpSync(join(root, '.ci/consumer/exports-derived.ts'), join(dir, 'exports-derived.ts'));
    cpSync(join(root, '__tests__/support/example.ts'), join(dir, 'example.ts'));
    writeFileSync(join(dir, 'readme.tsx'), mode.type === 'commonjs' ? asCommonJs(readme) : readme);
    for (const file of docs) {
      mkdirSync(join(dir, 'docs', file, '..'), { recursive: true });
      writeFileSync(join(dir, 'docs', file), adapt(readFileSync(join(root, 'docs', file), 'utf8')));
    }
  }
  return { docs: docs.length };
}

function tsconfig(mode) {
  return {
    compilerOptions: {
      module: mode.module,
      moduleResolution: mode.moduleResolution,
      target: 'es2022',
      lib: ['es2022', 'dom', 'dom.iterable'],
      jsx: 'react-jsx',
      strict: true,
      // The point: the published declarations (and those they import) must compile as they are.
      skipLibCheck: false,
      // A declaration mode writes to `out-<compiler>/` (given on the command line per compiler).
      ...(mode.declaration ? { declaration: true, emitDeclarationOnly: true } : { noEmit: true }),
      // No ambient @types/*: the package must not lean on @types/node.
      types: [],
      esModuleInterop: true,
    },
    include: ['**/*.ts', '**/*.tsx'],
    exclude: ['out-*'],
  };
}

/**
 * Runs `tsc -p` for every mode of every compiler (`{ name, tsc, modes }`: the `tsc` bin and the
 * names of its modes), as many at once as there are cores (at most 4: each takes a few hundred MB);
 * resolves to the failures as `{ mode, compiler, output }` (empty when all pass).
 */
export async function typecheckConsumers(scratch, compilers) {
  const failures = [];
  const queue = compilers.flatMap((compiler) => compiler.modes.map((name) => ({ compiler, mode: MODES.find((m) => m.name === name) })));
  const worker = async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      const { compiler, mode } = job;
      const dir = join(scratch, `types-${mode.name}`);
      const label = `${mode.name}, ${compiler.name}`;
      const start = Date.now();
      const emit = mode.declaration ? ['--outDir', join(dir, `out-${compiler.name.replace(/\W+/g, '-')}`)] : [];
      try {
        await execFileAsync(process.execPath, [compiler.tsc, '-p', dir, '--pretty', 'false', ...emit], { encoding: 'utf8', maxBuffer: 64 << 20 });
        console.log(`types:   ok (${label}, ${((Date.now() - start) / 1000).toFixed(1)} s)`);
      } catch (error) {
        const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
        console.log(`types:   FAILED (${label}): ${output.split('\n').length} error lines`);
        failures.push({ mode: mode.name, compiler: compiler.name, output });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, availableParallelism()) }, worker));
  return failures;
}
