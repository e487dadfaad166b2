/**
 * Shared measuring tools of the leak suite (__tests__/reliability/leak*.test.ts{,x}): forced GC,
 * a robust retained-heap figure, the library's own bookkeeping of a store, and the JSON figures
 * CI publishes under `.ci/out`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Cycles per run: 10,000, or 100,000 when `SOAK` is set. */
export const CYCLES = process.env.SOAK ? 100_000 : 10_000;
/** Warm-up cycles before the baseline (JIT, caches, lazily built module state). */
export const WARMUP = 1_000;
/** Retained heap after the run may exceed the baseline by at most this fraction. Never loosen. */
export const HEAP_BOUND = 0.05;

// Captured before any test installs fake timers: measurements wait on real I/O turns and time
// runs on the real clock.
const realNow = performance.now.bind(performance);
const realSetImmediate: (callback: () => void) => unknown =
  typeof setImmediate === 'function' ? setImmediate : (callback) => setTimeout(callback, 0);
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
 * Retained heap in bytes: the median of `samples` readings of `heapUsed`, each taken after
 * several full collections separated by real I/O turns (WeakRef targets and finalizers are only
 * released between jobs).
 */
export async function retainedHeap(samples = 5): Promise<number> {
  const gc = requireGc();
  const readings: number[] = [];
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < 4; i++) {
      gc();
      await realTurn();
    }
    readings.push(process.memoryUsage().heapUsed);
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)]!;
}

export interface HeapFigures {
  before: number;
  after: number;
  ratio: number;
}

export function heapFigures(before: number, after: number): HeapFigures {
  return { before, after, ratio: Number((after / before).toFixed(4)) };
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
  ctx: { endpointsByKey: Map<string, unknown> };
  polling: { keys: Map<string, { timer?: unknown }>; stopListening?: unknown };
  gc?: { retained: Map<string, number>; queries: Set<unknown>; timer?: unknown };
}

/** The store's controller for `reducerPath`, through the middleware's internal probe (SPEC 6.14). */
export function controllerOf(store: { dispatch: (action: any) => any }, reducerPath = 'rest'): ControllerView {
  const controller = store.dispatch({ type: `${reducerPath}/internal/controller` }) as ControllerView | undefined;
  if (controller === undefined || typeof controller !== 'object' || !('polling' in controller)) {
    throw new Error(`no rtk-rest controller answered the probe for reducerPath "${reducerPath}"`);
  }
  return controller;
}

/** The library's own per-key bookkeeping of a store, as counts. */
export function bookkeeping(store: { dispatch: (action: any) => any }) {
  const controller = controllerOf(store);
  return {
    /** Keys with subscribers (polling.keys). */
    subscribedKeys: controller.polling.keys.size,
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
    /** Endpoints remembered per key (ctx.endpointsByKey, shared by every store of the instance). */
    endpointsByKey: controller.ctx.endpointsByKey.size,
  };
}

/** Keys and cells left in a logical slice (SPEC 5.1): what GC should have removed. */
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
