import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import { DEV_CHECK_STORES } from '../devCheckStores';
import type { DevCheckLib, DevCheckStore } from '../devCheckStores';
import { formatNs, quantile, readConfig } from '../harness';
import { issue, issues } from '../issueData';
import type { IssueData } from '../issueData';

/**
 * Workload "devChecks": what one dispatch costs in development, with Redux
 * Toolkit's default middleware (immutability and serializability checks on), in a store holding
 * 2,000 or 8,000 GitHub-like issues (a nested user and labels), against the same data in
 * `createEntityAdapter`s (bench/devCheckStores.ts). bench/run.mjs builds this workload with
 * `process.env.NODE_ENV` "development" (every other workload runs production code).
 *
 * Per size, each store is filled with pages of 100 issues (`GET …/issues?page=p`), then every
 * case is timed one operation at a time: an unrelated action, a write of one issue (`rest.set`;
 * the adapter slice's upsert), a page of 100 issues written again with new titles, and the
 * internal probe every rtk-rest thunk dispatches. See bench/README.md, "Development checks".
 */

const config = readConfig();
const quick = config.quick;
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Issues in the store; BENCH_SIZES=2000,20000 measures others (multiples of PAGE). */
const SIZES = process.env.BENCH_SIZES?.split(',').map(Number) ?? [2_000, 8_000];
const PAGE = 100;
const ROUNDS = quick ? 3 : 15;
/** Per contender and round: operations until this many ms have passed (at least one). */
const ROUND_MS = quick ? 5 : 40;
const TARGET_MS = 2;

type Case = 'unrelated dispatch' | 'set one issue' | 'a page of 100 issues' | 'internal probe';
const CASES: readonly Case[] = ['unrelated dispatch', 'set one issue', 'a page of 100 issues', 'internal probe'];

function checkDevelopment(): string {
  let defaults: string[] = [];
  configureStore({ reducer: () => 0, middleware: (getDefault) => ((defaults = getDefault().map((m) => m.name)), getDefault()) });
  if (process.env.NODE_ENV === 'production' || defaults.length !== 4) {
    throw new Error(`[rtk-rest bench] devChecks: not in development mode (NODE_ENV ${process.env.NODE_ENV}, ${defaults.length} default middlewares)`);
  }
  return `development mode: NODE_ENV "${process.env.NODE_ENV}", RTK getDefaultMiddleware() = thunk, immutability check, serializability check, action creator check`;
}

// RTK warns on the console when a check takes over 32 ms; counted here instead of printed.
let slowCheckWarnings = 0;
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('InvariantMiddleware took')) slowCheckWarnings++;
  else warn(...args);
};

/** The operation of a case on a store holding `size` issues; `i` numbers the calls, so each writes something new. */
function operation(store: DevCheckStore, kind: Case, size: number): ((i: number) => void) | undefined {
  switch (kind) {
    case 'unrelated dispatch':
      return () => store.unrelated();
    case 'set one issue':
      return (i) => store.set(issue(1 + ((i * 7919) % size), `Issue v${i}`));
    case 'a page of 100 issues':
      return (i) => {
        const p = i % (size / PAGE);
        store.page(p, retitled(issues(1 + p * PAGE, PAGE), i));
      };
    case 'internal probe':
      return store.probe === undefined ? undefined : () => store.probe!();
  }
}

const retitled = (list: IssueData[], i: number) => list.map((item) => ({ ...item, title: `${item.title} v${i}` }));

function fill(store: DevCheckStore, lib: DevCheckLib, size: number): DevCheckStore {
  for (let p = 0; p < size / PAGE; p++) store.page(p, issues(1 + p * PAGE, PAGE));
  const count = store.count();
  const nested = store.nested(issue(7).id);
  if (count !== size || nested !== `user7/3`) throw new Error(`[rtk-rest bench] devChecks: ${lib} holds ${count} issues, and the 7th one reads ${nested}`);
  return store;
}

/** One round's samples: ns per operation, each timed alone. */
function sampleRound(run: (i: number) => void, counter: { i: number }): number[] {
  const out: number[] = [];
  const until = process.hrtime.bigint() + BigInt(ROUND_MS * 1e6);
  do {
    const i = counter.i++;
    const start = process.hrtime.bigint();
    run(i);
    out.push(Number(process.hrtime.bigint() - start));
  } while (process.hrtime.bigint() < until && out.length < 2_000);
  return out;
}

interface Row {
  kind: Case;
  size: number;
  /** Median ns per operation, per store (absent: the store has no such operation). */
  medianNs: Partial<Record<DevCheckLib, number>>;
  samplesNs: Partial<Record<DevCheckLib, number[]>>;
}

function measureCase(stores: Map<DevCheckLib, DevCheckStore>, kind: Case, size: number): Row {
  const runs = [...stores].flatMap(([lib, store]) => {
    const run = operation(store, kind, size);
    return run === undefined ? [] : [{ lib, run, counter: { i: 0 }, samples: [] as number[] }];
  });
  collect();
  for (const c of runs) for (let k = 0; k < 3; k++) c.run(c.counter.i++);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < runs.length; k++) {
      const c = runs[(round + k) % runs.length]!;
      c.samples.push(...sampleRound(c.run, c.counter));
    }
  }
  const row: Row = { kind, size, medianNs: {}, samplesNs: {} };
  for (const c of runs) {
    row.medianNs[c.lib] = quantile(c.samples, 0.5);
    row.samplesNs[c.lib] = c.samples;
  }
  return row;
}

function checkWrites(stores: Map<DevCheckLib, DevCheckStore>): void {
  for (const [lib, store] of stores) {
    store.set(issue(5, 'checked'));
    const { id } = issue(5);
    if (store.title(id) !== 'checked' || store.nested(id) !== 'user5/1') throw new Error(`[rtk-rest bench] devChecks: ${lib} did not store a set issue`);
  }
}

const notes = [checkDevelopment()];
const rows: Row[] = [];
for (const size of SIZES) {
  const started = process.hrtime.bigint();
  const stores = new Map(DEV_CHECK_STORES.map(({ lib, create }) => [lib, fill(create(), lib, size)] as const));
  const seconds = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
  console.log(`  ${size.toLocaleString('en-US')} issues: stores filled in ${seconds} s`);
  checkWrites(stores);
  for (const kind of CASES) {
    const row = measureCase(stores, kind, size);
    rows.push(row);
    const medians = Object.entries(row.medianNs).map(([lib, ns]) => `${lib} ${formatNs(ns)}`);
    console.log(`  ${kind} [${size}]: ${medians.join(', ')}`);
  }
  checkWrites(stores);
}

const LIBS = DEV_CHECK_STORES.map((s) => s.lib);
const head = ['case', 'issues', ...LIBS, 'rtk-rest ÷ createEntityAdapter'];
const show = (ns: number | undefined) => (ns === undefined ? '—' : formatNs(ns));
const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
for (const row of rows) {
  const own = row.medianNs['rtk-rest'];
  const adapter = row.medianNs.createEntityAdapter;
  const ratio = own === undefined || adapter === undefined ? '—' : `${(own / adapter).toFixed(2)}×`;
  lines.push(`| ${[row.kind, row.size.toLocaleString('en-US'), ...LIBS.map((lib) => show(row.medianNs[lib])), ratio].join(' | ')} |`);
}
const verdicts = rows
  .filter((row) => row.size === 8_000 && (row.kind === 'unrelated dispatch' || row.kind === 'set one issue'))
  .map((row) => ({ target: `${row.kind} at 8,000 issues ≤ ${TARGET_MS} ms (rtk-rest, default middleware)`, measured: formatNs(row.medianNs['rtk-rest']!), met: row.medianNs['rtk-rest']! <= TARGET_MS * 1e6 }));
notes.push(`RTK's "InvariantMiddleware took … ms" warnings during the run: ${slowCheckWarnings}`);
console.log(`\n${lines.join('\n')}\n`);
for (const v of verdicts) console.log(`target: ${v.target}: ${v.measured}, ${v.met ? 'met' : 'NOT met'}`);
for (const note of notes) console.log(`note: ${note}`);
const out = { workload: config.workload, date: new Date().toISOString(), node: process.version, versions: config.versions, quick, rounds: ROUNDS, roundMs: ROUND_MS, notes, verdicts, rows };
mkdirSync(dirname(config.outFile), { recursive: true });
writeFileSync(config.outFile, JSON.stringify(out, null, 2) + '\n');
console.log(`results: ${config.outFile}`);
