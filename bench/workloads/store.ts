import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import { formatNs, readConfig } from '../harness';
import { checkPosts, PostServer } from '../storeData';
import type { PostData } from '../storeData';
import { CONTENDERS, idle, LIST_SIZE, listedTitle, REFERENCES } from '../stores';
import type { BenchStore, StoreContender, StoreLib, WriteKind } from '../stores';

/**
 * Workload "store": the Redux store side by side, in one process, for rtk-rest
 * (`createRest`), RTK Query (`createApi`) and Reactive Data Client (Controller + NetworkManager
 * on a Redux store), all in production mode and with no HTTP (bench/stores.ts):
 *
 * - *store path*: 1,000 distinct GETs of 20 new posts each into an empty store, µs per request;
 * - *selector stability*: a 500-post list read after 1,000 dispatches of five kinds of write:
 *   how often the selected reference changes, and what one select costs;
 * - *memory*: retained heap of a store holding 100,000 posts against the raw parsed JSON.
 *
 * See bench/README.md, "Store".
 */

const config = readConfig();
const quick = config.quick;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('[rtk-rest bench] store: run with node --expose-gc (bench/run.mjs does)');
const collect = gc;

const REQUESTS = 1000;
const FIRST = 250;
const PAGE_SIZE = 20;
const PATH_ROUNDS = quick ? 2 : 7;
const DISPATCHES = 1000;
const SELECT_ROUNDS = quick ? 2 : 5;
const MEMORY_ITEMS = quick ? 10_000 : 100_000;
const MEMORY_PAGE = 100;
const KINDS: readonly { kind: WriteKind; label: string; dependsOn: boolean }[] = [
  { kind: 'unrelated', label: '(a) unrelated action', dependsOn: false },
  { kind: 'otherType', label: '(b) another entity type', dependsOn: false },
  { kind: 'otherPost', label: '(c) a post not in the list', dependsOn: false },
  { kind: 'sameAuthor', label: '(d) an unchanged author', dependsOn: false },
  { kind: 'listedPost', label: '(e) a post in the list', dependsOn: true },
];
/**
 * The same list read with a fresh but equal `{ page: 0 }` on every call (what
 * `useSelector((s) => rest.selectData(s, ep, { page }))` does per render), after (a) and (b).
 */
const FRESH_KINDS: readonly { kind: WriteKind; label: string }[] = [
  { kind: 'unrelated', label: '(a) unrelated action, fresh args' },
  { kind: 'otherType', label: '(b) another entity type, fresh args' },
];

const notes: string[] = [];
const now = () => process.hrtime.bigint();
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};
/**
 * One turn of the event loop. A run is one long chain of microtasks (no I/O), and V8 keeps
 * every `WeakRef` target created in a job alive until the microtask queue drains (rtk-rest's
 * GarbageCollector makes `new WeakRef(this)` per store, reselect one per memoized result): without
 * this turn before each run, every earlier run's store stayed in the heap and made later runs pay
 * for its garbage collection.
 */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const rotate = <T>(items: readonly T[], by: number) => items.map((_, i) => items[(i + by) % items.length]!);
const table = (head: string[], rows: string[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const x = (ratio: number) => `${ratio.toFixed(2)}×`;
const us = (ns: number) => (ns / 1e3).toFixed(1);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Every library runs its production code: no RTK dev middlewares, rtk-rest's dev checks off (each module reads NODE_ENV). */
function checkProduction(): string {
  let defaults = -1;
  configureStore({ reducer: () => 0, middleware: (getDefault) => ((defaults = getDefault().length), getDefault()) });
  if (process.env.NODE_ENV !== 'production' || defaults !== 1) {
    throw new Error(`[rtk-rest bench] store: not in production mode (NODE_ENV ${process.env.NODE_ENV}, ${defaults} default middlewares)`);
  }
  return 'production mode: NODE_ENV "production", rtk-rest dev checks off, RTK getDefaultMiddleware() = [thunk] only (no immutability or serializability checks)';
}

// ------------------------------------------------------------------------------- store path

interface PathRun {
  at250: number;
  at1000: number;
}

/** One run: a new store, 1,000 GETs in sequence; ns per request over the first 250 and all. */
async function pathRun(contender: StoreContender, server: PostServer): Promise<PathRun> {
  await flush();
  server.prepare();
  const store = contender.create(server);
  collect();
  const start = now();
  let at250 = 0;
  for (let page = 0; page < REQUESTS; page++) {
    await store.request(page);
    if (page === FIRST - 1) at250 = Number(now() - start) / FIRST;
  }
  return { at250, at1000: Number(now() - start) / REQUESTS };
}

async function storePath() {
  // --quick leaves out the slowest reference (about 10 ms per request).
  // BENCH_STORE_LIBS=rtk-rest,rtk-query,… keeps only those libraries (Data Client takes most of the run's time).
  const only = process.env.BENCH_STORE_LIBS?.split(',');
  const contenders = [...CONTENDERS, ...REFERENCES.filter((r) => !quick || r.lib !== 'data-client + setTimeout')].filter((c) => only === undefined || only.includes(c.lib));
  const server = new PostServer(REQUESTS, PAGE_SIZE);
  // Warm-up run per library (the first 250 requests with --quick), then the checks on its answers.
  const warmUp = quick ? FIRST : REQUESTS;
  for (const contender of contenders) {
    server.prepare();
    const store = contender.create(server);
    let last: unknown;
    for (let page = 0; page < warmUp; page++) last = await store.request(page);
    checkPosts(contender.lib, `fetch of page ${warmUp - 1} resolved to`, last, (warmUp - 1) * PAGE_SIZE, PAGE_SIZE);
    checkPosts(contender.lib, 'selected data for page 7', store.selectPage(store.getState(), 7), 7 * PAGE_SIZE, PAGE_SIZE);
  }
  if (idle.calls === 0 && contenders.some((c) => c.lib.startsWith('data-client'))) throw new Error('[rtk-rest bench] store: the requestIdleCallback shim did not load before @data-client/core');
  const runs = new Map<StoreLib, PathRun[]>(contenders.map((c) => [c.lib, []]));
  for (let round = 0; round < PATH_ROUNDS; round++) {
    for (const contender of rotate(contenders, round)) {
      const run = await pathRun(contender, server);
      runs.get(contender.lib)!.push(run);
      console.log(`  store path, round ${round + 1}: ${contender.lib} ${us(run.at250)} µs/request at N=${FIRST}, ${us(run.at1000)} at N=${REQUESTS}`);
    }
  }
  const perRound = (lib: StoreLib, peer: StoreLib) => (runs.has(peer) ? median(runs.get(lib)!.map((run, r) => run.at1000 / runs.get(peer)!.at(r)!.at1000)) : NaN);
  const rows = contenders.map((c) => {
    const list = runs.get(c.lib)!;
    const at250 = median(list.map((r) => r.at250));
    const at1000 = median(list.map((r) => r.at1000));
    return { lib: c.lib, at250, at1000, growth: at1000 / at250, vsRtkQuery: perRound(c.lib, 'rtk-query'), vsDataClient: perRound(c.lib, 'data-client') };
  });
  return { rounds: PATH_ROUNDS, rows, runs: Object.fromEntries(runs) };
}

// ----------------------------------------------------------------------- selector stability

/** Median cost of an empty `hrtime.bigint()` pair, subtracted from every select time. */
function timerOverhead(): number {
  const samples: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const start = now();
    samples.push(Number(now() - start));
  }
  return median(samples.slice(5_000));
}

interface KindResult {
  changes: number;
  medianNs: number;
  seesWrite?: boolean;
}

/** 1,000 dispatches of one kind of write, `select` timed after each; how often its answer changed. */
function timedSelects(write: (i: number) => void, select: (state: unknown) => unknown, getState: () => unknown, offset: number): KindResult & { last: unknown } {
  const ns = new Float64Array(DISPATCHES);
  let previous = select(getState());
  let changes = 0;
  for (let i = 0; i < DISPATCHES; i++) {
    write(offset + i);
    const state = getState();
    const start = now();
    const data = select(state);
    ns[i] = Number(now() - start);
    if (data !== previous) changes++;
    previous = data;
  }
  return { changes, medianNs: median(Array.from(ns)), last: previous };
}

/** Page 0 (the same 500 posts) through each fresh-args read of the library. */
async function freshArgsRun(store: BenchStore, lib: StoreLib): Promise<Record<string, Partial<Record<WriteKind, KindResult>>>> {
  await store.fetchPage();
  const out: Record<string, Partial<Record<WriteKind, KindResult>>> = {};
  let offset = DISPATCHES;
  for (const [variant, select] of Object.entries(store.freshSelects)) {
    checkPosts(lib, `page 0 read by ${variant}`, select(store.getState()), 0, LIST_SIZE);
    out[variant] = {};
    for (const { kind } of FRESH_KINDS) {
      // New comment ids for every loop, so that each write of (b) adds an entity.
      const { changes, medianNs } = timedSelects(store.writes[kind], select, store.getState, offset);
      offset += DISPATCHES;
      out[variant][kind] = { changes, medianNs };
      await flush();
    }
  }
  return out;
}

async function stabilityRun(store: BenchStore, lib: StoreLib): Promise<Record<WriteKind, KindResult>> {
  await store.fetchList();
  checkPosts(lib, 'the 500-post list', store.selectList(store.getState()), 0, LIST_SIZE);
  const out = {} as Record<WriteKind, KindResult>;
  for (const { kind } of KINDS) {
    const { changes, medianNs, last } = timedSelects(store.writes[kind], store.selectList, store.getState, 0);
    await flush();
    out[kind] = { changes, medianNs };
    if (kind === 'listedPost') out[kind].seesWrite = (last as PostData[])[7]?.title === listedTitle(DISPATCHES - 1);
  }
  const final = store.selectList(store.getState()) as PostData[];
  checkPosts(lib, 'the list after the writes', final, 0, LIST_SIZE);
  return out;
}

async function selectorStability() {
  const overhead = timerOverhead();
  const server = new PostServer(1, LIST_SIZE);
  const rounds = new Map<StoreLib, Record<WriteKind, KindResult>[]>(CONTENDERS.map((c) => [c.lib, []]));
  for (let round = 0; round < SELECT_ROUNDS; round++) {
    for (const contender of rotate(CONTENDERS, round)) {
      await flush();
      const result = await stabilityRun(contender.create(server), contender.lib);
      rounds.get(contender.lib)!.push(result);
      const summary = KINDS.map(({ kind }) => `${result[kind].changes} changes / ${formatNs(Math.max(0, result[kind].medianNs - overhead))}`).join(', ');
      console.log(`  selector, round ${round + 1}: ${contender.lib}: ${summary}`);
    }
  }
  const libs = CONTENDERS.map(({ lib }) => {
    const list = rounds.get(lib)!;
    const kinds = Object.fromEntries(
      KINDS.map(({ kind }) => {
        const changes = list.map((r) => r[kind].changes);
        if (new Set(changes).size > 1) notes.push(`${lib} ${kind}: the number of changes differed between rounds (${changes.join(', ')})`);
        const seesWrite = list.map((r) => r[kind].seesWrite).find((v) => v !== undefined);
        return [kind, { changes: changes[0]!, medianNs: Math.max(0, median(list.map((r) => r[kind].medianNs)) - overhead), ...(seesWrite === undefined ? {} : { seesWrite }) }];
      }),
    ) as Record<WriteKind, KindResult>;
    return { lib, kinds };
  });
  return { rounds: SELECT_ROUNDS, timerOverheadNs: overhead, libs, samples: Object.fromEntries(rounds) };
}

/** Fresh-args selects, every library in the same rounds; one row per way of reading. */
async function freshArgs() {
  const overhead = timerOverhead();
  const server = new PostServer(1, LIST_SIZE);
  const samples = new Map<string, Partial<Record<WriteKind, KindResult>>[]>();
  for (let round = 0; round < SELECT_ROUNDS; round++) {
    for (const contender of rotate(CONTENDERS, round)) {
      await flush();
      const result = await freshArgsRun(contender.create(server), contender.lib);
      for (const [variant, kinds] of Object.entries(result)) {
        if (!samples.has(variant)) samples.set(variant, []);
        samples.get(variant)!.push(kinds);
        const summary = FRESH_KINDS.map(({ kind }) => `${kinds[kind]!.changes} changes / ${formatNs(Math.max(0, kinds[kind]!.medianNs - overhead))}`).join(', ');
        console.log(`  fresh args, round ${round + 1}: ${variant}: ${summary}`);
      }
    }
  }
  const rows = [...samples].map(([variant, list]) => {
    const kinds = Object.fromEntries(
      FRESH_KINDS.map(({ kind }) => {
        const changes = list.map((r) => r[kind]!.changes);
        if (new Set(changes).size > 1) notes.push(`${variant} ${kind} (fresh args): the number of changes differed between rounds (${changes.join(', ')})`);
        return [kind, { changes: changes[0]!, medianNs: Math.max(0, median(list.map((r) => r[kind]!.medianNs)) - overhead) }];
      }),
    ) as Partial<Record<WriteKind, KindResult>>;
    return { variant, kinds };
  });
  return { rounds: SELECT_ROUNDS, timerOverheadNs: overhead, rows, samples: Object.fromEntries(samples) };
}

// ---------------------------------------------------------------------------------- memory

/**
 * The heap after full GCs, each after a turn of the event loop: a GC only queues finalizers
 * (rtk-rest's memo cache drops the slots of collected instances in one), and they
 * run in a later task, as they do in an app.
 */
async function heapUsed(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await flush();
    collect();
  }
  await flush();
  collect();
  return process.memoryUsage().heapUsed;
}

async function memory() {
  const pages = MEMORY_ITEMS / MEMORY_PAGE;
  const server = new PostServer(pages, MEMORY_PAGE);
  let before = await heapUsed();
  let held: unknown = Array.from({ length: pages }, (_, p) => server.page(p));
  const raw = (await heapUsed()) - before;
  held = undefined;
  console.log(`  memory: raw JSON (${pages} parsed responses) ${mb(raw)}, ${(raw / MEMORY_ITEMS).toFixed(0)} B/item; JSON text ${mb(server.jsonLength())}`);
  const rows = [];
  for (const contender of CONTENDERS) {
    before = await heapUsed();
    let store: BenchStore | undefined = contender.create(server);
    const start = now();
    for (let page = 0; page < pages; page++) await store.request(page);
    const seconds = Number(now() - start) / 1e9;
    const whole = (await heapUsed()) - before;
    // The state alone: the store, its middleware and the library's caches dropped.
    let state: unknown = store.getState();
    store = undefined;
    const stateOnly = (await heapUsed()) - before;
    const text = JSON.stringify(state);
    state = undefined;
    // The same state as fresh JSON: no structure shared with anything else, no history.
    const base = await heapUsed();
    state = JSON.parse(text);
    const fresh = (await heapUsed()) - base;
    state = undefined;
    const row = { lib: contender.lib, seconds, whole, stateOnly, fresh, perItem: whole / MEMORY_ITEMS, ratio: whole / raw, stateJsonLength: text.length };
    rows.push(row);
    console.log(`  memory: ${contender.lib} ${mb(whole)} (${row.perItem.toFixed(0)} B/item, ${x(row.ratio)} raw); state alone ${mb(stateOnly)}, as fresh JSON ${mb(fresh)}; ${seconds.toFixed(1)} s to fill`);
  }
  // Checked after measuring, so that the reads' caches are not counted.
  for (const contender of CONTENDERS) {
    const store = contender.create(server);
    for (let page = 0; page < 3; page++) await store.request(page);
    checkPosts(contender.lib, `page 2 of ${MEMORY_PAGE}`, store.selectPage(store.getState(), 2), 2 * MEMORY_PAGE, MEMORY_PAGE);
  }
  void held;
  return { items: MEMORY_ITEMS, pageSize: MEMORY_PAGE, rawBytes: raw, jsonLength: server.jsonLength(), rows };
}

// ---------------------------------------------------------------------------------- report

interface Parts {
  path?: Awaited<ReturnType<typeof storePath>>;
  select?: Awaited<ReturnType<typeof selectorStability>>;
  fresh?: Awaited<ReturnType<typeof freshArgs>>;
  mem?: Awaited<ReturnType<typeof memory>>;
}

/** Prints the tables and targets of the parts that ran (BENCH_STORE_PARTS), and returns the verdicts. */
function report({ path, select, fresh, mem }: Parts) {
  const verdicts: [string, string, boolean][] = [];
  if (path !== undefined) {
    const pathTable = table(
      ['library', `µs/request N=${FIRST}`, `N=${REQUESTS}`, `${REQUESTS}÷${FIRST}`, '÷ rtk-query (N=1000)', '÷ data-client (N=1000)'],
      path.rows.map((r) => [r.lib, us(r.at250), us(r.at1000), x(r.growth), x(r.vsRtkQuery), x(r.vsDataClient)]),
    );
    for (const lib of ['rtk-rest', 'rtk-rest getList'] as const) {
      const row = path.rows.find((r) => r.lib === lib);
      if (row === undefined) continue;
      if (!Number.isNaN(row.vsRtkQuery)) verdicts.push([`${lib} ÷ RTK Query at N=1,000 ≤ 0.5×`, x(row.vsRtkQuery), row.vsRtkQuery <= 0.5]);
      verdicts.push([`${lib} per request, N=1,000 ÷ N=250 ≤ 1.1×`, x(row.growth), row.growth <= 1.1]);
    }
    console.log(`\nStore path: ${REQUESTS} GETs of ${PAGE_SIZE} new posts from an empty store (median of ${path.rounds} rounds; ratios: median of per-round ratios)\n\n${pathTable}`);
  }
  if (select !== undefined) {
    const selectTable = table(
      ['library', ...KINDS.map((k) => k.label)],
      select.libs.map(({ lib, kinds }) => [
        lib,
        ...KINDS.map(({ kind }) => {
          const k = kinds[kind];
          return `${k.changes} / ${formatNs(k.medianNs)}${k.seesWrite === false ? ' (stale)' : ''}`;
        }),
      ]),
    );
    const rtkSelect = select.libs.find((l) => l.lib === 'rtk-rest')!.kinds;
    const changes = KINDS.map(({ kind }) => rtkSelect[kind].changes).join('/');
    const unchangedNs = KINDS.filter((k) => !k.dependsOn).map(({ kind }) => rtkSelect[kind].medianNs);
    verdicts.push([`selected reference changes 0/0/0/0/${DISPATCHES}`, changes, changes === `0/0/0/0/${DISPATCHES}`]);
    verdicts.push(['select ≤ 1 µs when nothing it depends on changed (a–d)', unchangedNs.map(formatNs).join(', '), Math.max(...unchangedNs) <= 1000]);
    console.log(`\nSelector stability: a ${LIST_SIZE}-post list selected after each of ${DISPATCHES} dispatches (changes / median ns per select, timer overhead ${select.timerOverheadNs.toFixed(0)} ns subtracted; ${select.rounds} rounds)\n\n${selectTable}`);
  }
  if (fresh !== undefined) {
    const freshTable = table(
      ['read', ...FRESH_KINDS.map((k) => k.label)],
      fresh.rows.map(({ variant, kinds }) => [variant, ...FRESH_KINDS.map(({ kind }) => `${kinds[kind]!.changes} / ${formatNs(kinds[kind]!.medianNs)}`)]),
    );
    const rtk = fresh.rows.find((r) => r.variant === 'rtk-rest')!.kinds;
    for (const variant of ['rtk-query (select(args) per call)', 'rtk-query (useQuery path)']) {
      const peer = fresh.rows.find((r) => r.variant === variant)?.kinds;
      if (peer === undefined) continue;
      for (const { kind, label } of FRESH_KINDS) {
        const ratio = rtk[kind]!.medianNs / peer[kind]!.medianNs;
        verdicts.push([`fresh equal args ${label.slice(0, 3)} ≤ 2× ${variant}`, `${formatNs(rtk[kind]!.medianNs)} vs ${formatNs(peer[kind]!.medianNs)} (${x(ratio)})`, ratio <= 2]);
      }
    }
    verdicts.push(['fresh equal args: selected reference changes 0/0', `${rtk.unrelated!.changes}/${rtk.otherType!.changes}`, rtk.unrelated!.changes + rtk.otherType!.changes === 0]);
    console.log(`\nFresh but equal args: the ${LIST_SIZE}-post page 0 read with a new { page: 0 } per call after each of ${DISPATCHES} dispatches (changes / median ns per select, timer overhead ${fresh.timerOverheadNs.toFixed(0)} ns subtracted; ${fresh.rounds} rounds)\n\n${freshTable}`);
  }
  if (mem !== undefined) {
    const memTable = table(
      ['', 'retained heap', 'bytes/item', '÷ raw JSON', 'state alone', 'state as fresh JSON', 'time to fill'],
      [
        ['raw JSON (parsed responses)', mb(mem.rawBytes), (mem.rawBytes / mem.items).toFixed(0), '1.00×', '—', '—', '—'],
        ...mem.rows.map((r) => [r.lib, mb(r.whole), r.perItem.toFixed(0), x(r.ratio), mb(r.stateOnly), mb(r.fresh), `${r.seconds.toFixed(1)} s`]),
      ],
    );
    const rtkMem = mem.rows.find((r) => r.lib === 'rtk-rest')!;
    verdicts.push(['retained heap ≤ 0.75× raw JSON', x(rtkMem.ratio), rtkMem.ratio <= 0.75]);
    console.log(`\nMemory: ${mem.items.toLocaleString('en-US')} posts (${mem.items / mem.pageSize} pages of ${mem.pageSize}, ${100} authors); JSON text ${mb(mem.jsonLength)}\n\n${memTable}`);
  }
  const verdictTable = table(['target (rtk-rest)', 'measured', 'met?'], verdicts.map(([t, m, ok]) => [t, m, ok ? '**yes**' : '**no**']));
  console.log(`\nTargets\n\n${verdictTable}\n`);
  for (const note of notes) console.log(`note: ${note}`);
  return verdicts.map(([target, measured, met]) => ({ target, measured, met }));
}

/**
 * `BENCH_STORE_PROFILE=<library>`: only that library's store path, 10 runs, no report; for
 * `node --cpu-prof --expose-gc bench/out/store.cjs '<config>'` (see bench/README.md, "Store").
 * `BENCH_STORE_PROFILE=<library>:fresh`: only its fresh-args selects, 20 runs.
 */
async function profileOnly(profiled: string): Promise<void> {
  const [lib, part] = profiled.split(':');
  if (part === 'fresh') {
    const contender = CONTENDERS.find((c) => c.lib === lib);
    if (contender === undefined) throw new Error(`[rtk-rest bench] store: BENCH_STORE_PROFILE=${profiled}: ${lib} is none of ${CONTENDERS.map((c) => c.lib).join(', ')}`);
    for (let run = 0; run < 20; run++) {
      const result = await freshArgsRun(contender.create(new PostServer(1, LIST_SIZE)), contender.lib);
      console.log(`  ${lib} fresh args run ${run + 1}: ${JSON.stringify(result)}`);
    }
    return;
  }
  const contender = [...CONTENDERS, ...REFERENCES].find((c) => c.lib === lib);
  if (contender === undefined) throw new Error(`[rtk-rest bench] store: BENCH_STORE_PROFILE=${lib} is none of ${[...CONTENDERS, ...REFERENCES].map((c) => c.lib).join(', ')}`);
  const server = new PostServer(REQUESTS, PAGE_SIZE);
  for (let run = 0; run < 10; run++) {
    const { at250, at1000 } = await pathRun(contender, server);
    console.log(`  ${lib} run ${run + 1}: ${us(at250)} µs/request at N=${FIRST}, ${us(at1000)} at N=${REQUESTS}`);
  }
}

async function main() {
  notes.push(checkProduction());
  const profiled = process.env.BENCH_STORE_PROFILE;
  if (profiled !== undefined) return profileOnly(profiled);
  console.log(`store: ${REQUESTS} GETs × ${PAGE_SIZE} posts, ${PATH_ROUNDS} rounds; selector ${DISPATCHES} dispatches × ${KINDS.length} kinds, ${SELECT_ROUNDS} rounds; memory ${MEMORY_ITEMS.toLocaleString('en-US')} posts`);
  // BENCH_STORE_PARTS=selector,fresh runs only those parts (default: all four).
  const parts = new Set((process.env.BENCH_STORE_PARTS ?? 'path,selector,fresh,memory').split(','));
  const path = parts.has('path') ? await storePath() : undefined;
  const select = parts.has('selector') ? await selectorStability() : undefined;
  const fresh = parts.has('fresh') ? await freshArgs() : undefined;
  const mem = parts.has('memory') ? await memory() : undefined;
  const verdicts = report({ path, select, fresh, mem });
  const out = { workload: config.workload, date: new Date().toISOString(), node: process.version, versions: config.versions, quick, notes, storePath: path, selector: select, freshArgs: fresh, memory: mem, verdicts };
  mkdirSync(dirname(config.outFile), { recursive: true });
  writeFileSync(config.outFile, JSON.stringify(out, null, 2) + '\n');
  console.log(`results: ${config.outFile}`);
}

main().then(
  // RTK Query's cache timers would keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
