// Codegen benchmark: rtk-rest-codegen and @rtk-query/codegen-openapi on GitHub's full description
// (@octokit/openapi): generation time, and `tsc --strict` time on each generated client, side by
// side. Each measurement runs in a fresh Node process (no warm caches); the best of RUNS is kept.
//   npm run build && node bench/github.mjs        (in codegen/; RUNS=3 for steadier figures)
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DESCRIPTION = join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
// Inside the repository, so that the RTK Query client finds @reduxjs/toolkit in node_modules.
const OUT = join(ROOT, '.out/bench');
const OURS = join(OUT, 'rtk-rest');
const THEIRS = join(OUT, 'rtk-query');
const RUNS = Number(process.env.RUNS ?? 1);

/** Runs `work` (module code with top-level await) in a new process; its wall and CPU milliseconds. */
function measure(work) {
  const code = `const t0 = performance.now(); const c0 = process.cpuUsage();\n${work}\nconst c = process.cpuUsage(c0);\nconsole.log(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000, errors: globalThis.errors }));`;
  let best;
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
    if (run.status !== 0) throw new Error(run.stderr);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
    if (!best || result.wall < best.wall) best = result;
  }
  return best;
}

/** Work that type-checks `files` with the same strict options for both clients; it reports the error count. */
function typecheckWork(files, paths) {
  return `import ts from 'typescript';
const program = ts.createProgram(${JSON.stringify(files)}, { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX, types: [], paths: ${JSON.stringify(paths)} });
globalThis.errors = ts.getPreEmitDiagnostics(program).length;`;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(THEIRS, { recursive: true });
writeFileSync(
  join(THEIRS, 'emptyApi.ts'),
  "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';\nexport const api = createApi({ baseQuery: fetchBaseQuery({ baseUrl: 'https://api.github.com' }), endpoints: () => ({}) });\n",
);
const library = join(ROOT, '../src');
const rtkRestPaths = { 'rtk-rest': [join(library, 'index.ts')] };
const processTypes = join(library, 'internal/process.d.ts');

const figures = {
  'generate: rtk-rest-codegen': measure(`const { generateToDir } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))});\nawait generateToDir(${JSON.stringify(DESCRIPTION)}, ${JSON.stringify(OURS)});`),
  'generate: @rtk-query/codegen-openapi': measure(
    `const { generateEndpoints } = await import('@rtk-query/codegen-openapi');\nawait generateEndpoints({ schemaFile: ${JSON.stringify(DESCRIPTION)}, apiFile: ${JSON.stringify(join(THEIRS, 'emptyApi.ts'))}, outputFile: ${JSON.stringify(join(THEIRS, 'api.ts'))}, hooks: true });`,
  ),
};
const ourFiles = spawnSync('ls', [OURS], { encoding: 'utf8' }).stdout.trim().split('\n').map((f) => join(OURS, f));
writeFileSync(join(OUT, 'rtk-rest-only.ts'), "export { createResource, RestEndpoint, Entity, schema } from 'rtk-rest';\n");
writeFileSync(join(THEIRS, 'rtk-query-only.ts'), "export { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';\n");
Object.assign(figures, {
  'tsc: rtk-rest client (with the library)': measure(typecheckWork([...ourFiles, processTypes], rtkRestPaths)),
  'tsc: rtk-query client (with the library)': measure(typecheckWork([join(THEIRS, 'api.ts'), join(THEIRS, 'emptyApi.ts')], {})),
  'tsc: rtk-rest library alone': measure(typecheckWork([join(OUT, 'rtk-rest-only.ts'), processTypes], rtkRestPaths)),
  'tsc: rtk-query library alone': measure(typecheckWork([join(THEIRS, 'rtk-query-only.ts')], {})),
});
for (const [name, { wall, cpu, errors }] of Object.entries(figures)) {
  const errorCount = errors === undefined ? '' : `   ${errors} type errors`;
  console.log(`${name.padEnd(44)} wall ${(wall / 1000).toFixed(1).padStart(5)} s   cpu ${(cpu / 1000).toFixed(1).padStart(5)} s${errorCount}`);
}
