/**
 * Shared measuring tools of the leak suite (__tests__/reliability/leak*.test.ts{,x}): forced GC,
 * a robust retained-heap figure, the library's own bookkeeping of a store, and the JSON figures
 * CI publishes under `.ci/out`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setImmediate as realSetImmediate } from 'node:timers';
import { getHeapSpaceStatistics } from 'node:v8';

/**
 * Keys. By default every cycle uses a key never seen before: "the first use of a new key" is what
 * a long session does, and it is where this suite found the library's leaks (fixed):
 *
 *  1. `lastResponses` (src/redux/read/selectors.ts): key → last `ResponseState` (with its Entity
 *     instances) of keys GC had removed long ago;
 *  2. the memo cache's entries by pk and `\u0000key` (src/schema/MemoCache.ts `byValue`), one
 *     per key read by the selectors and a second one per key read by the GC sweep;
 *  3. `argsByKey` / `endpointsByKey` of the store's controller, including keys that never reached
 *     the slice (subscribed without a fetch); `endpointsByKey` was shared by every store of an
 *     instance.
 *
 * Before the fixes, 10,000 distinct keys ended at a heap ratio of ≈1.14 (Redux layer) and ≈1.18
 * (hooks), ≈2.2–3.1 KB per fetched key. `LEAK_KEYS=pool` cycles over a pool of `KEY_POOL` keys the
 * warm-up has already used instead (to separate per-key from per-cycle costs).
 */
export const KEY_MODE: 'pool' | 'distinct' = process.env.LEAK_KEYS === 'pool' ? 'pool' : 'distinct';
/** Keys cycled over in 'pool' mode; at most `WARMUP`, so the warm-up has used every one. */
export const KEY_POOL = 500;

/** The `id` of cycle `cycle`'s key (see KEY_MODE above). */
export const keyId = (cycle: number): number => (KEY_MODE === 'distinct' ? cycle : cycle % KEY_POOL);

/** The instance options of both leak suites: a GC sweep every second, data expiring after 2 s. */
export const LEAK_REST_OPTIONS = { gc: { intervalMs: 1_000, graceMs: 1_000 }, dataExpiryLength: 2_000 };
/** Past the GC delays: a key written now is expired for longer than graceMs at the second sweep from now. */
export const PAST_GC = LEAK_REST_OPTIONS.dataExpiryLength + LEAK_REST_OPTIONS.gc.graceMs + 2 * LEAK_REST_OPTIONS.gc.intervalMs;

/** Cycles per run: 10,000, or 100,000 when `SOAK` is set. */
export const CYCLES = process.env.SOAK ? 100_000 : 10_000;
/** Warm-up cycles before the baseline (JIT, caches, lazily built module state). */
export const WARMUP = 1_000;
/** Retained heap after the run may exceed the baseline by at most this fraction. Never loosen. */
export const HEAP_BOUND = 0.05;

// Captured before any test installs fake timers: measurements wait on real I/O turns and time
// runs on the real clock.
const realNow = performance.now.bind(performance);
// Node's own setImmediate (jsdom's globals lack one, and fake timers replace the globals).
const realTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve));

type Gc = () => void;

/**
 * `global.gc`, which exists only when Node runs with `--expose-gc` (`npm test` does, and Jest's
 * workers inherit it). Missing, the leak tests fail: a heap figure without forced GC means nothing.
 */
export function requireGc(): Gc {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') {
    throw new Error(
      'global.gc is missing: the leak suite needs a forced GC. Run it with `npm test` (node --expose-gc node_modules/jest/bin/jest.js), ' +
        'e.g. `node --expose-gc node_modules/jest/bin/jest.js __tests__/reliability/leak`, not with plain `jest`/`npx jest`.',
    );
  }
  return gc;
}

/**
 * Cycles between the forced major GCs the tests run during warm-up and run alike. V8 never
 * shrinks a WeakMap's backing store when a GC clears its entries, and the library keeps several
 * WeakMaps keyed by per-dispatch objects (state versions, argument objects); left to V8's own
 * schedule, which in Jest's ~170 MB heap runs major GCs rarely, those stores ratchet up to
 * whatever high-water mark the GC timing produced (measured with --trace-gc-object-stats: the
 * whole +7.5 MB of a 100,000-cycle run was EPHEMERON_HASH_TABLE capacity, entry tables emptied,
 * table count unchanged). A fixed GC cadence makes that capacity the same in baseline and run,
 * so the comparison measures retained objects. It hides no live object: anything still
 * reachable survives every forced GC.
 */
export const GC_EVERY_CYCLES = 1_000;

/** A forced major GC (see GC_EVERY_CYCLES). */
export function collect(): void {
  requireGc()();
}

/** Runs `cycles` cycles from cycle `first`, `size` per `batch`, with a forced GC every GC_EVERY_CYCLES. */
export async function runCycles(batch: (first: number, count: number) => Promise<void>, first: number, cycles: number, size = 250): Promise<void> {
  for (let done = 0; done < cycles; done += size) {
    await batch(first + done, Math.min(size, cycles - done));
    if ((done + size) % GC_EVERY_CYCLES === 0) collect();
  }
}

/** One retained-heap measurement: the median reading, every reading, and V8's spaces at the end. */
export interface HeapSample {
  /** Median `heapUsed` in bytes. */
  bytes: number;
  readings: number[];
  /** `space_used_size` per V8 heap space, after the last reading (which space grew, when one did). */
  spaces: Record<string, number>;
}

/**
 * Retained heap: the median of `samples` readings of `heapUsed`, each taken after several full
 * collections separated by real I/O turns (WeakRef targets and finalizers are only released
 * between jobs). Call it after dropping every reference the test itself holds.
 */
export async function retainedHeap(samples = 5): Promise<HeapSample> {
  const gc = requireGc();
  const readings: number[] = [];
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < 4; i++) {
      gc();
      await realTurn();
    }
    readings.push(process.memoryUsage().heapUsed);
  }
  const spaces: Record<string, number> = {};
  for (const space of getHeapSpaceStatistics()) spaces[space.space_name] = space.space_used_size;
  const sorted = [...readings].sort((a, b) => a - b);
  return { bytes: sorted[Math.floor(sorted.length / 2)]!, readings, spaces };
}

export interface HeapFigures {
  /** Median retained heap (bytes) at the baseline and after the run. */
  before: number;
  after: number;
  /** after / before. */
  ratio: number;
  readingsBefore: number[];
  readingsAfter: number[];
  /** after − before per V8 heap space, in bytes. */
  spaceGrowth: Record<string, number>;
}

export function heapFigures(before: HeapSample, after: HeapSample): HeapFigures {
  const spaceGrowth: Record<string, number> = {};
  for (const name of Object.keys(after.spaces)) spaceGrowth[name] = after.spaces[name]! - (before.spaces[name] ?? 0);
  return {
    before: before.bytes,
    after: after.bytes,
    ratio: Number((after.bytes / before.bytes).toFixed(4)),
    readingsBefore: before.readings,
    readingsAfter: after.readings,
    spaceGrowth,
  };
}

/** Writes the figures of one leak test to `.ci/out/leak-<name>.json` (the directory is created when missing). */
export function writeFigures(name: string, figures: Record<string, unknown>): string {
  const dir = resolve(__dirname, '../../.ci/out');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `leak-${name}.json`);
  writeFileSync(file, JSON.stringify({ name, node: process.version, soak: Boolean(process.env.SOAK), ...figures }, null, 2) + '\n');
  return file;
}

/** What a store's controller holds per key (private fields, read for the suite only). */
interface ControllerView {
  reads: Map<string, unknown>;
  active: Set<unknown>;
  argsByKey: Map<string, unknown>;
  endpointsByKey: Map<string, unknown>;
  subscriptions: { byKey: Map<string, unknown> };
  polling: { keys: Map<string, { timer?: unknown }>; stopListening?: unknown };
  gc?: { retained: Map<string, number>; queries: Set<unknown>; timer?: unknown; stop(): void };
}

/** The store's records for `reducerPath`, through the middleware's development-only records probe. */
export function controllerOf(store: { dispatch: (action: any) => any }, reducerPath = 'rest'): ControllerView {
  const controller = store.dispatch({ type: `${reducerPath}/internal/records` }) as ControllerView | undefined;
  if (controller === undefined || typeof controller !== 'object' || !('subscriptions' in controller)) {
    throw new Error(`no rtk-rest controller answered the probe for reducerPath "${reducerPath}"`);
  }
  return controller;
}

/** The library's own per-key bookkeeping of a store, as counts. */
export function bookkeeping(store: { dispatch: (action: any) => any }) {
  const controller = controllerOf(store);
  return {
    /** Keys with subscribers, and keys the polling feature still tracks. */
    subscribedKeys: Math.max(controller.subscriptions.byKey.size, controller.polling.keys.size),
    /** Poll timers still referenced by subscribed keys. */
    pollTimers: [...controller.polling.keys.values()].filter((entry) => entry.timer !== undefined).length,
    /** Whether online/visibility listeners are installed. */
    environmentListening: controller.polling.stopListening !== undefined,
    /** Keys retained by mounted hooks (gc.retained) and retained useQuery reads. */
    retainedKeys: controller.gc?.retained.size ?? 0,
    retainedQueries: controller.gc?.queries.size ?? 0,
    /** Requests in flight. */
    readsInFlight: controller.reads.size,
    requestsInFlight: controller.active.size,
    /** Arguments remembered per key (controller.argsByKey). */
    argsByKey: controller.argsByKey.size,
    /** Endpoints remembered per key (the store's controller). */
    endpointsByKey: controller.endpointsByKey.size,
  };
}

/** Keys and cells left in a logical slice: what GC should have removed. */
export function sliceLeft(slice: {
  endpoints: Record<string, unknown>;
  meta: Record<string, unknown>;
  entities: Record<string, Record<string, unknown>>;
  entitiesMeta: Record<string, Record<string, unknown>>;
  indexes: Record<string, Record<string, Record<string, unknown>>>;
  optimistic: unknown[];
}) {
  const cells = (tables: Record<string, Record<string, unknown>>) => Object.values(tables).reduce((n, table) => n + Object.keys(table ?? {}).length, 0);
  return {
    endpoints: Object.keys(slice.endpoints).length,
    meta: Object.keys(slice.meta).length,
    entities: cells(slice.entities),
    entitiesMeta: cells(slice.entitiesMeta),
    indexEntries: Object.values(slice.indexes).reduce((n, byField) => n + cells(byField ?? {}), 0),
    optimistic: slice.optimistic.length,
  };
}

/** Real wall-clock milliseconds (fake timers replace `performance`). */
export const wallClock = (): number => realNow();

/** Real milliseconds since `start` (a `wallClock()` reading). */
export function elapsed(start: number): number {
  return Math.round(realNow() - start);
}
