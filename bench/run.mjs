// Runs the benchmark workloads (bench/workloads/*.ts): each is bundled with esbuild for node in
// production mode (devChecks: development mode) and run in its own node process, so that every library in it is measured
// side by side in the same process and run.
//
//   node bench/run.mjs [--quick] [workload…]
//
// --quick: few rounds, small sizes (a smoke test). A workload argument keeps the workloads whose
// name contains it. BENCH_DATA overrides the path of data.json. The browser workload ("browser",
// bench/browser/run.mjs: React in headless chromium) and the type-checking workload ("types",
// bench/types/run.mjs) run last, each in its own process, with --quick passed through.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { revision, version } from './versions.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');
const outDir = join(benchDir, 'out');
const workloadDir = join(benchDir, 'workloads');

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--quick');
if (unknown.length > 0) fail(`unknown option ${unknown.join(' ')}; usage: node bench/run.mjs [--quick] [workload…]`);
const quick = args.includes('--quick');
const filters = args.filter((arg) => !arg.startsWith('--'));

const available = readdirSync(workloadDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort((a, b) => (a === 'normalize' ? -1 : b === 'normalize' ? 1 : a.localeCompare(b)));
const matches = (name) => filters.length === 0 || filters.some((filter) => name.includes(filter));
const workloads = available.filter(matches);
// Workloads with their own runner script, run after the bundled ones.
const SCRIPTS = { browser: join(benchDir, 'browser', 'run.mjs'), types: join(benchDir, 'types', 'run.mjs') };
const scripts = Object.keys(SCRIPTS).filter(matches);
if (workloads.length === 0 && scripts.length === 0) fail(`no workload matches ${filters.join(', ')}; available: ${[...available, ...Object.keys(SCRIPTS)].join(', ')}`);

const dataFile = process.env.BENCH_DATA ?? resolve(root, '..', 'shared', 'bench-data', 'data.json');
const versions = { node: process.version, esbuild: version(root, 'esbuild'), normalizr: version(root, 'normalizr') };
versions['@data-client/normalizr'] = version(root, '@data-client/normalizr');
versions['@data-client/endpoint'] = version(root, '@data-client/endpoint');
versions['@data-client/core'] = version(root, '@data-client/core');
versions['@reduxjs/toolkit'] = version(root, '@reduxjs/toolkit');
versions['rtk-rest'] = revision(root);
console.log(`rtk-rest bench${quick ? ' (quick)' : ''}: ${Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(', ')}`);

// Workloads that measure development mode (RTK's dev-only middleware, rtk-rest's dev checks);
// every other workload runs each library's production code.
const DEVELOPMENT = new Set(['devChecks']);

const failed = [];
for (const name of workloads) {
  const outfile = join(outDir, `${name}.cjs`);
  await build({
    entryPoints: [join(workloadDir, `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    define: { 'process.env.NODE_ENV': DEVELOPMENT.has(name) ? '"development"' : '"production"' },
    logLevel: 'warning',
  });
  const config = { workload: name, quick, dataFile, outFile: join(outDir, `${name}.json`), versions };
  console.log(`\n=== ${name}`);
  const child = spawnSync(process.execPath, ['--expose-gc', outfile, JSON.stringify(config)], { stdio: 'inherit', cwd: root });
  if (child.status !== 0) failed.push(name);
}
for (const name of scripts) {
  console.log(`\n=== ${name}`);
  const child = spawnSync(process.execPath, [SCRIPTS[name], ...(quick ? ['--quick'] : [])], { stdio: 'inherit', cwd: root });
  if (child.status !== 0) failed.push(name);
}
if (failed.length > 0) fail(`failed: ${failed.join(', ')}`);

function fail(message) {
  console.error(`[rtk-rest bench] ${message}`);
  process.exit(1);
}
