// The type-checking benchmark: generates the rtk-rest and RTK Query projects (generate.mjs) and
// runs `tsc -p <project> --extendedDiagnostics` on each, alternating, several times; reports the
// median wall time, CPU time and tsc's own figures per project, and the ratios rtk-rest ÷ RTK Query.
//
//   node bench/types/run.mjs [--quick] [--runs N] [--count N]
//
// --quick: one run per project. --runs: runs per project (default 5). --count: resources per
// project (default 200). Exits non-zero when either project has a type error. Writes
// bench/out/types.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_COUNT, generate } from './generate.mjs';
import { revision, version } from '../versions.mjs';

const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(benchDir, '..');
const outFile = join(benchDir, 'out', 'types.json');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const cpuTime = join(dirname(fileURLToPath(import.meta.url)), 'cpuTime.cjs');
/** rtk-rest must type-check in at most this fraction of RTK Query's time (the target). */
const TARGET_RATIO = 0.5;
const PROJECTS = [
  { name: 'rtk-rest', label: 'rtk-rest' },
  { name: 'rtk-query', label: 'RTK Query' },
];
/** The `--extendedDiagnostics` lines kept, by the name used in the results. */
const STATS = {
  cpuTime: 'CPU time',
  checkTime: 'Check time',
  totalTime: 'Total time',
  instantiations: 'Instantiations',
  types: 'Types',
  memoryKB: 'Memory used',
  files: 'Files',
};

const options = parseArgs(process.argv.slice(2));
const versions = {
  node: process.version,
  typescript: version(root, 'typescript'),
  '@reduxjs/toolkit': version(root, '@reduxjs/toolkit'),
  'rtk-rest': revision(root),
};
const dirs = generate({ count: options.count });
console.log(
  `type-checking: ${options.count} resources per project, ${options.runs} run(s) each; ` +
    Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(', '),
);

const samples = Object.fromEntries(PROJECTS.map(({ name }) => [name, []]));
for (let run = 0; run < options.runs; run++) {
  for (const { name, label } of PROJECTS) {
    const sample = check(dirs[name], label);
    samples[name].push(sample);
    console.log(`  ${label.padEnd(9)} run ${run + 1}: ${ms(sample.wallMs)} wall, ${ms(sample.cpuTime * 1000)} CPU, check ${ms(sample.checkTime * 1000)}`);
  }
}

const results = Object.fromEntries(PROJECTS.map(({ name }) => [name, summarize(samples[name])]));
const ratio = results['rtk-rest'].wallMs / results['rtk-query'].wallMs;
const checkRatio = results['rtk-rest'].checkTime / results['rtk-query'].checkTime;
const cpuRatio = results['rtk-rest'].cpuTime / results['rtk-query'].cpuTime;
const met = ratio <= TARGET_RATIO;

console.log('\n| project | wall (median) | CPU time | check time | instantiations | types | memory |');
console.log('|---|---|---|---|---|---|---|');
for (const { name, label } of PROJECTS) {
  const r = results[name];
  console.log(`| ${label} | ${ms(r.wallMs)} | ${ms(r.cpuTime * 1000)} | ${ms(r.checkTime * 1000)} | ${int(r.instantiations)} | ${int(r.types)} | ${int(r.memoryKB / 1024)} MB |`);
}
console.log(
  `\nrtk-rest ÷ RTK Query: wall ${ratio.toFixed(2)}×, CPU time ${cpuRatio.toFixed(2)}×, check time ${checkRatio.toFixed(2)}× ` +
    `(target ≤ ${TARGET_RATIO}× wall: ${met ? 'met' : 'NOT met'})`,
);

mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(
  outFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      versions,
      count: options.count,
      runs: options.runs,
      projects: Object.fromEntries(PROJECTS.map(({ name }) => [name, { dir: relative(root, dirs[name]), median: results[name], samples: samples[name] }])),
      ratio: { wall: ratio, cpuTime: cpuRatio, checkTime: checkRatio },
      target: { wallRatioAtMost: TARGET_RATIO, met },
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${relative(root, outFile)}`);

/** One `tsc -p dir --extendedDiagnostics`: wall time and tsc's statistics; exits on type errors. */
function check(dir, label) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--require', cpuTime, tsc, '-p', dir, '--extendedDiagnostics'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const output = `${child.stdout ?? ''}${child.stderr ?? ''}`;
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
  if (child.status !== 0 || errors.length > 0) {
    const stats = output.search(/^Files:/m); // the diagnostics come before the statistics
    console.error((stats === -1 ? output : output.slice(0, stats)).trimEnd());
    fail(`the ${label} project (${relative(root, dir)}) does not type-check: ${errors.length} error(s), tsc exit code ${child.status}`);
  }
  const sample = { wallMs };
  for (const [key, heading] of Object.entries(STATS)) {
    const match = new RegExp(`^${heading}:\\s+([\\d.]+)`, 'm').exec(output);
    if (!match) fail(`no "${heading}" in the output of tsc --extendedDiagnostics for ${label}`);
    sample[key] = Number(match[1]);
  }
  return sample;
}

/** The median of every field over the samples. */
function summarize(list) {
  return Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((sample) => sample[key]))]));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function parseArgs(args) {
  const parsed = { runs: 5, count: DEFAULT_COUNT };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--quick') parsed.runs = 1;
    else if (arg === '--runs' || arg === '--count') {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 1) fail(`${arg} needs a positive integer`);
      parsed[arg.slice(2)] = value;
    } else fail(`unknown argument ${arg}; usage: node bench/types/run.mjs [--quick] [--runs N] [--count N]`);
  }
  return parsed;
}

function ms(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function int(value) {
  return Math.round(value).toLocaleString('en-US');
}

function fail(message) {
  console.error(`[rtk-rest bench] ${message}`);
  process.exit(1);
}
