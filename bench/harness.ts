import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Timing and reporting shared by every workload. Method: warm up, calibrate each contender to
 * samples of at least `sampleMs`, then run `rounds` rounds; each round takes one sample of every
 * contender in a rotated order. Per contender we report the median time per operation; ratios
 * (peer ÷ rtk-rest) are computed per round and their median reported.
 */

export type LibName = 'rtk-rest' | 'normalizr' | 'data-client';
export const LIBS: readonly LibName[] = ['rtk-rest', 'normalizr', 'data-client'];
const SUBJECT: LibName = 'rtk-rest';

/** What `bench/run.mjs` passes to a workload (JSON in argv[2]). */
export interface BenchConfig {
  workload: string;
  quick: boolean;
  dataFile: string;
  outFile: string;
  versions: Record<string, string>;
}

export interface BenchOptions {
  rounds: number;
  sampleMs: number;
  warmupMs: number;
}

export interface Contender {
  lib: LibName;
  /** Untimed: one input per operation of the next sample (omit when the operation takes none). */
  prepare?: (count: number) => unknown[];
  /** The timed operation. */
  run: (input: unknown) => unknown;
}

export interface Scenario {
  name: string;
  size: string;
  entities: number;
  /** Also report time per entity (normalize). */
  perEntity?: boolean;
  contenders: Contender[];
}

export interface LibResult {
  lib: LibName;
  iterationsPerSample: number;
  medianNs: number;
  p25Ns: number;
  p75Ns: number;
  perEntityNs?: number;
  samplesNs: number[];
}

export interface ScenarioResult {
  name: string;
  size: string;
  entities: number;
  libs: LibResult[];
  /** Median over rounds of (peer ns ÷ rtk-rest ns), by peer and for `fastest peer`. */
  ratios: Record<string, number>;
}

export function readConfig(): BenchConfig {
  const raw = process.argv[2];
  if (raw === undefined) throw new Error('[rtk-rest bench] run workloads through `npm run bench` (bench/run.mjs)');
  return JSON.parse(raw) as BenchConfig;
}

export function optionsFor(config: BenchConfig): BenchOptions {
  return config.quick ? { rounds: 3, sampleMs: 1, warmupMs: 20 } : { rounds: 30, sampleMs: 25, warmupMs: 300 };
}

// Every operation's result is stored here so that no call can be optimized away; `lastResult`
// reads it so that TypeScript does not report it unused.
let sink: unknown;
export function lastResult(): unknown {
  return sink;
}

/** Nanoseconds per operation over `iterations` operations. */
function sample(contender: Contender, iterations: number): number {
  const inputs = contender.prepare?.(iterations);
  const run = contender.run;
  const start = process.hrtime.bigint();
  if (inputs === undefined) {
    for (let i = 0; i < iterations; i++) sink = run(undefined);
  } else {
    // Each input is dropped once used, as a store drops its previous state, so that weakly
    // keyed caches can let go of what only older inputs referenced.
    for (let i = 0; i < iterations; i++) {
      sink = run(inputs[i]);
      inputs[i] = undefined;
    }
  }
  return Number(process.hrtime.bigint() - start) / iterations;
}

/** Iterations for one sample to last at least `sampleMs`. */
function calibrate(contender: Contender, sampleMs: number): number {
  const target = sampleMs * 1e6;
  let iterations = 1;
  for (;;) {
    const total = sample(contender, iterations) * iterations;
    if (total >= target || iterations >= 1e8) return iterations;
    const scaled = Math.ceil((iterations * target * 1.2) / Math.max(total, 1));
    iterations = Math.min(Math.max(iterations * 2, scaled), 1e8);
  }
}

function warmUp(contenders: Contender[], warmupMs: number): void {
  const until = process.hrtime.bigint() + BigInt(Math.round(warmupMs * 1e6));
  do for (const contender of contenders) sample(contender, 1);
  while (process.hrtime.bigint() < until);
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

const gc = (globalThis as { gc?: () => void }).gc;

export function measure(scenario: Scenario, options: BenchOptions): ScenarioResult {
  const { contenders } = scenario;
  // One full collection per scenario so that garbage of the previous one is not charged to
  // this one. Not per round: a forced full GC shrinks V8's young generation, and the next few
  // hundred microseconds of allocation-heavy work then run several times slower than steady state.
  gc?.();
  warmUp(contenders, options.warmupMs);
  const iterations = contenders.map((contender) => calibrate(contender, options.sampleMs));
  const samples: number[][] = contenders.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (round + k) % contenders.length;
      samples[i]!.push(sample(contenders[i]!, iterations[i]!));
    }
  }
  const libs = contenders.map((contender, i): LibResult => {
    const medianNs = quantile(samples[i]!, 0.5);
    return {
      lib: contender.lib,
      iterationsPerSample: iterations[i]!,
      medianNs,
      p25Ns: quantile(samples[i]!, 0.25),
      p75Ns: quantile(samples[i]!, 0.75),
      ...(scenario.perEntity ? { perEntityNs: medianNs / scenario.entities } : {}),
      samplesNs: samples[i]!,
    };
  });
  return { name: scenario.name, size: scenario.size, entities: scenario.entities, libs, ratios: roundRatios(contenders, samples) };
}

function roundRatios(contenders: Contender[], samples: number[][]): Record<string, number> {
  const subject = contenders.findIndex((c) => c.lib === SUBJECT);
  const peers = contenders.map((c, i) => ({ lib: c.lib, i })).filter((p) => p.i !== subject);
  const ratios: Record<string, number> = {};
  if (subject < 0 || peers.length === 0) return ratios;
  const own = samples[subject]!;
  for (const peer of peers) ratios[peer.lib] = quantile(own.map((ns, r) => samples[peer.i]![r]! / ns), 0.5);
  const fastest = own.map((ns, r) => Math.min(...peers.map((p) => samples[p.i]![r]!)) / ns);
  ratios['fastest peer'] = quantile(fastest, 0.5);
  return ratios;
}

// ------------------------------------------------------------------ reporting

export function formatNs(ns: number): string {
  if (ns < 1e3) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toPrecision(3)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toPrecision(3)} ms`;
  return `${(ns / 1e9).toPrecision(3)} s`;
}

function cell(result: ScenarioResult, lib: LibName, show: (r: LibResult) => string): string {
  const found = result.libs.find((r) => r.lib === lib);
  return found === undefined ? '—' : show(found);
}

/** A Markdown table: medians per library, then the per-round ratios. */
export function formatTable(results: readonly ScenarioResult[]): string {
  const peers = LIBS.filter((lib) => lib !== SUBJECT);
  const head = ['case', 'size', 'entities', ...LIBS, ...peers.map((p) => `${p} ÷ rtk-rest`), 'fastest peer ÷ rtk-rest'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of results) {
    const ratio = (key: string) => (r.ratios[key] === undefined ? '—' : `${r.ratios[key]!.toFixed(2)}×`);
    const row = [r.name, r.size, r.entities.toLocaleString('en-US'), ...LIBS.map((lib) => cell(r, lib, (x) => formatNs(x.medianNs))), ...peers.map(ratio), ratio('fastest peer')];
    lines.push(`| ${row.join(' | ')} |`);
  }
  const perEntity = results.filter((r) => r.libs.some((x) => x.perEntityNs !== undefined));
  if (perEntity.length > 0) {
    lines.push('', `| case | size | ${LIBS.map((lib) => `${lib} µs/entity`).join(' | ')} |`, `|---|---|${LIBS.map(() => '---').join('|')}|`);
    for (const r of perEntity) {
      const row = [r.name, r.size, ...LIBS.map((lib) => cell(r, lib, (x) => ((x.perEntityNs ?? NaN) / 1e3).toFixed(3)))];
      lines.push(`| ${row.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

export function writeResults(config: BenchConfig, options: BenchOptions, results: readonly ScenarioResult[], notes: readonly string[]): void {
  const report = {
    workload: config.workload,
    date: new Date().toISOString(),
    node: process.version,
    versions: config.versions,
    quick: config.quick,
    options,
    notes,
    results,
  };
  mkdirSync(dirname(config.outFile), { recursive: true });
  writeFileSync(config.outFile, JSON.stringify(report, null, 2) + '\n');
}

/** Runs every scenario, printing each row as it completes, then the table and the JSON file. */
export function runScenarios(config: BenchConfig, scenarios: Iterable<Scenario>, notes: string[] = []): ScenarioResult[] {
  const options = optionsFor(config);
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const result = measure(scenario, options);
    results.push(result);
    const medians = result.libs.map((r) => `${r.lib} ${formatNs(r.medianNs)}`).join(', ');
    console.log(`  ${result.name} [${result.size}]: ${medians}`);
  }
  console.log(`\n${formatTable(results)}\n`);
  for (const note of notes) console.log(`note: ${note}`);
  writeResults(config, options, results, notes);
  console.log(`results: ${config.outFile}`);
  return results;
}
