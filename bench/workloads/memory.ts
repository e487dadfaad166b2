// The shim must load before @data-client/core, which captures requestIdleCallback at load time.
import '../idleCallback';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyManager, Controller, createReducer, initialState as dataClientInitialState, NetworkManager } from '@data-client/core';
import { Endpoint, Entity as DcEntity } from '@data-client/endpoint';
import { configureStore } from '@reduxjs/toolkit';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { createRest, Entity, RestEndpoint } from '../../src';
import { readConfig } from '../harness';

/**
 * Workload "memory" ("bench E"): the retained heap of a store
 * filled with 100,000 items by 1,000 requests of 100, every request's result read by the caller
 * (as `await rest.fetch(…)` is), against the floor of holding the same 1,000 parsed responses
 * (1.0). Two shapes:
 *
 * - *flat*: `{ id, title, completed, userId }`, one entity type, nothing shared between items;
 * - *nested*: posts `{ id, title, author: { id, name, email } }` whose 100 authors repeat, so a
 *   normalized store holds each author once where the raw responses hold a copy per post.
 *
 * rtk-rest, RTK Query and Reactive Data Client, each wired as its documentation shows, in
 * production mode, no HTTP (the body is handed over as a fresh parsed object per request).
 * See bench/README.md, "Memory (bench E)".
 */

const config = readConfig();
const quick = config.quick;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('[rtk-rest bench] memory: run with node --expose-gc (bench/run.mjs does)');
const collect = gc;
if (process.env.NODE_ENV !== 'production') throw new Error('[rtk-rest bench] memory: production mode expected');

const ITEMS = quick ? 10_000 : 100_000;
const PAGE = 100;
const PAGES = ITEMS / PAGE;
const AUTHORS = 100;
type Shape = 'flat' | 'nested';
type Lib = 'rtk-rest' | 'rtk-query' | 'data-client';

const flatItem = (n: number) => ({ id: `item-${n}`, title: `Item ${n}`, completed: n % 3 === 0, userId: `user-${n % AUTHORS}` });
const author = (k: number) => ({ id: `user-${k}`, name: `User ${k}`, email: `user${k}@example.com` });
const nestedItem = (n: number) => ({ id: `post-${n}`, title: `Post ${n}`, author: author(n % AUTHORS) });

/** The pages as JSON text; each request parses its page afresh, as a response is. */
function pagesOf(shape: Shape): string[] {
  const make = shape === 'flat' ? flatItem : nestedItem;
  return Array.from({ length: PAGES }, (_, p) => JSON.stringify(Array.from({ length: PAGE }, (_, i) => make(p * PAGE + i))));
}
let serving: string[] = [];
const page = (p: number): unknown[] => JSON.parse(serving[p]!) as unknown[];

// ------------------------------------------------------------------------------------ stores

interface MemoryStore {
  /** Requests page p; resolves to the data the library hands the caller. */
  request(p: number): Promise<unknown>;
  getState(): unknown;
  /** How many items the state holds (checked after filling: a store that lost some would look small). */
  stored(state: unknown): number;
}

class RrUser extends Entity {
  id = '';
  name = '';
  email = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}
class RrPost extends Entity {
  id = '';
  title = '';
  author = RrUser.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: RrUser };
}
class RrItem extends Entity {
  id = '';
  title = '';
  completed = false;
  userId = '';
  pk() {
    return this.id;
  }
  static override key = 'Item';
}

const inProcess = {
  fetchResponse: (input: RequestInfo) => Promise.resolve({ url: String(input) } as Response),
  parseResponse: (response: Response) => Promise.resolve(page(Number(response.url.slice(response.url.lastIndexOf('=') + 1)))),
};
const urlPrefix = 'http://bench.test';
const rrGet = {
  flat: new RestEndpoint({ urlPrefix, path: '/items', searchParams: {} as { page: number }, schema: [RrItem], ...inProcess }),
  nested: new RestEndpoint({ urlPrefix, path: '/posts', searchParams: {} as { page: number }, schema: [RrPost], ...inProcess }),
};

function rtkRest(shape: Shape): MemoryStore {
  const rest = createRest();
  const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
  const endpoint = rrGet[shape];
  return {
    request: (p) => store.dispatch(rest.fetch(endpoint, { page: p })),
    getState: store.getState,
    stored: (state) => rest.selectEntities(state, shape === 'flat' ? RrItem : RrPost).length,
  };
}

function rtkQuery(): MemoryStore {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery<string>(),
    endpoints: (build) => ({ getPage: build.query<unknown[], { page: number }>({ queryFn: ({ page: p }) => ({ data: page(p) }) }) }),
  });
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (g) => g().concat(api.middleware) });
  // The subscription is kept, as by a mounted component.
  return {
    request: async (p) => (await store.dispatch(api.endpoints.getPage.initiate({ page: p }))).data,
    getState: store.getState,
    stored: (state) => Object.values((state as { api: { queries: Record<string, { data?: unknown[] }> } }).api.queries).reduce((sum, query) => sum + (query.data?.length ?? 0), 0),
  };
}

class DcUser extends DcEntity {
  id = '';
  name = '';
  email = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}
class DcPost extends DcEntity {
  id = '';
  title = '';
  author = DcUser.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: DcUser };
}
class DcItem extends DcEntity {
  id = '';
  title = '';
  completed = false;
  userId = '';
  pk() {
    return this.id;
  }
  static override key = 'Item';
}
const dcGet = {
  flat: new Endpoint(({ page: p }: { page: number }) => Promise.resolve(page(p)), { name: 'getItems', schema: [DcItem] }),
  nested: new Endpoint(({ page: p }: { page: number }) => Promise.resolve(page(p)), { name: 'getPosts', schema: [DcPost] }),
};
const promiseDispatch: Middleware = () => (next) => (action) => {
  next(action);
  return Promise.resolve();
};

function dataClient(shape: Shape): MemoryStore {
  const controller = new Controller();
  const networkManager = new NetworkManager();
  const store = configureStore({
    reducer: createReducer(controller) as unknown as Reducer,
    preloadedState: dataClientInitialState,
    middleware: (g) => g({ serializableCheck: false, immutableCheck: false }).concat(...(applyManager([networkManager], controller) as unknown as Middleware[]), promiseDispatch),
  });
  networkManager.init();
  const endpoint = dcGet[shape];
  return {
    request: (p) => controller.fetch(endpoint, { page: p }),
    getState: store.getState,
    stored: (state) => Object.keys((state as { entities: Record<string, object | undefined> }).entities[shape === 'flat' ? 'Item' : 'Post'] ?? {}).length,
  };
}

const LIBS: readonly { lib: Lib; create: (shape: Shape) => MemoryStore }[] = [
  { lib: 'rtk-rest', create: rtkRest },
  { lib: 'rtk-query', create: rtkQuery },
  { lib: 'data-client', create: dataClient },
];

// ----------------------------------------------------------------------------------- measure

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The heap after full GCs, each followed by a turn of the event loop (finalizers and WeakRef clean-ups run in tasks). */
async function heapUsed(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await flush();
    collect();
  }
  await flush();
  collect();
  return process.memoryUsage().heapUsed;
}
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Reads what a request resolved to, as a caller does (the length and one field of each item). */
function read(data: unknown): number {
  let sum = 0;
  for (const item of data as { id: string }[]) sum += item.id.length;
  return sum;
}

/** Raw JSON floor and one library's store, measured in this process (a fresh one per library). */
async function measureOne(shape: Shape, lib: Lib) {
  serving = pagesOf(shape);
  let before = await heapUsed();
  let held: unknown[] | undefined = Array.from({ length: PAGES }, (_, p) => page(p));
  const raw = (await heapUsed()) - before;
  held = undefined;
  before = await heapUsed();
  let store: MemoryStore | undefined = LIBS.find((l) => l.lib === lib)!.create(shape);
  const start = process.hrtime.bigint();
  let checksum = 0;
  for (let p = 0; p < PAGES; p++) {
    checksum += read(await store.request(p));
    // Each response in its own task, as network responses come.
    if (p % 10 === 9) await flush();
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const whole = (await heapUsed()) - before;
  let state: unknown = store.getState();
  store = undefined;
  const stateOnly = (await heapUsed()) - before;
  // Checked last, so that what the check reads is not counted.
  const stored = LIBS.find((l) => l.lib === lib)!.create(shape).stored(state);
  if (stored !== ITEMS) throw new Error(`[rtk-rest bench] memory: ${lib} holds ${stored} ${shape} items after filling, expected ${ITEMS}`);
  state = undefined;
  void held;
  return { lib, raw, whole, stateOnly, ratio: whole / raw, stateRatio: stateOnly / raw, seconds, checksum };
}

type Row = Awaited<ReturnType<typeof measureOne>>;

/** Each (shape, library) in a fresh process: another library's garbage or timers never count. */
function inChild(shape: Shape, lib: Lib): Row {
  const child = spawnSync(process.execPath, ['--expose-gc', process.argv[1]!, process.argv[2]!], { env: { ...process.env, BENCH_MEMORY_ONE: `${shape}:${lib}` }, encoding: 'utf8' });
  const line = child.stdout.split('\n').find((l) => l.startsWith('{'));
  if (child.status !== 0 || line === undefined) throw new Error(`[rtk-rest bench] memory: ${shape} ${lib} failed: ${child.stderr || child.stdout}`);
  return JSON.parse(line) as Row;
}

async function main() {
  const one = process.env.BENCH_MEMORY_ONE;
  if (one !== undefined) {
    const [shape, lib] = one.split(':') as [Shape, Lib];
    console.log(JSON.stringify(await measureOne(shape, lib)));
    return;
  }
  console.log(`memory: ${ITEMS.toLocaleString('en-US')} items in ${PAGES} requests of ${PAGE}, flat and nested, each library in its own process`);
  const results = [];
  for (const shape of ['flat', 'nested'] as const) {
    const rows = LIBS.map(({ lib }) => inChild(shape, lib));
    for (const row of rows) {
      console.log(`  ${shape} ${row.lib}: ${mb(row.whole)} = ${row.ratio.toFixed(2)}× raw ${mb(row.raw)} (state alone ${mb(row.stateOnly)} = ${row.stateRatio.toFixed(2)}×), ${row.seconds.toFixed(1)} s to fill`);
    }
    results.push({ shape, items: ITEMS, rows });
  }
  const lines = ['| shape | rtk-rest | RTK Query | Data Client |', '|---|---|---|---|'];
  for (const { shape, rows } of results) {
    const cell = (lib: Lib) => {
      const row = rows.find((r) => r.lib === lib)!;
      return `${mb(row.whole)} = **${row.ratio.toFixed(2)}×** (state ${row.stateRatio.toFixed(2)}×)`;
    };
    lines.push(`| ${shape} (raw ${mb(rows[0]!.raw)}) | ${cell('rtk-rest')} | ${cell('rtk-query')} | ${cell('data-client')} |`);
  }
  console.log(`\n${lines.join('\n')}\n`);
  const out = { workload: config.workload, date: new Date().toISOString(), node: process.version, versions: config.versions, quick, results };
  mkdirSync(dirname(config.outFile), { recursive: true });
  writeFileSync(config.outFile, JSON.stringify(out, null, 2) + '\n');
  console.log(`results: ${config.outFile}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
