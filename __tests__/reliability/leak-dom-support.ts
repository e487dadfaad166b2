/**
 * What the React leak suites (leak*.dom.test.tsx) share: a store without RTK's O(state) dev checks,
 * counters of store and environment listeners, settling on real I/O turns under fake timers, the
 * test environment, and a whole measured run.
 */
import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { setImmediate as realSetImmediate } from 'node:timers';
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createRest } from 'rtk-rest';
import { sliceOf } from '../redux/support';
import type { Rest } from '../redux/support';
import {
  bookkeeping,
  collect,
  controllerOf,
  CYCLES,
  elapsed,
  GC_EVERY_CYCLES,
  HEAP_BOUND,
  heapFigures,
  LEAK_REST_OPTIONS,
  requireGc,
  retainedHeap,
  sliceLeft,
  wallClock,
  WARMUP,
} from './leak-support';

const ENVIRONMENT_EVENTS = new Set(['online', 'offline', 'visibilitychange']);

/**
 * The tests' store, by default without RTK's dev-only state checks (O(state) per dispatch;
 * not under test); `devChecks` keeps them on, for suites whose state stays small.
 */
export function makeStore(rest: Rest, devChecks = false) {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault({ immutableCheck: devChecks, serializableCheck: devChecks }).concat(rest.middleware),
  });
}

export type Store = ReturnType<typeof makeStore>;

/** Counts the store's live `subscribe` listeners (react-redux's and the hooks' own). */
export function countListeners(store: Store): { readonly live: number; readonly added: number } {
  const counts = { live: 0, added: 0 };
  const subscribe = store.subscribe;
  store.subscribe = (listener: () => void) => {
    const unsubscribe = subscribe(listener);
    counts.live += 1;
    counts.added += 1;
    let active = true;
    return () => {
      if (active) {
        active = false;
        counts.live -= 1;
      }
      unsubscribe();
    };
  };
  return counts;
}

/** Counts live online/offline/visibilitychange listeners on window and document (polling). */
export function countEnvironmentListeners(): { readonly live: number; restore(): void } {
  const registered = new Set<{ target: EventTarget; type: string; listener: unknown }>();
  const spies = [window, document].flatMap((target: EventTarget) => {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    return [
      jest.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        if (ENVIRONMENT_EVENTS.has(type) && listener) registered.add({ target, type, listener });
        add(type, listener, options);
      }),
      jest.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        for (const entry of registered) if (entry.target === target && entry.type === type && entry.listener === listener) registered.delete(entry);
        remove(type, listener, options);
      }),
    ];
  });
  return {
    get live() {
      return registered.size;
    },
    restore() {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

// jsdom's globals have no setImmediate, and fake timers replace the rest: Node's own
// setImmediate gives real I/O turns.
export async function settle(turns = 4): Promise<void> {
  await act(async () => {
    for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => realSetImmediate(resolve));
  });
}

export async function tick(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
  await settle();
}


/**
 * beforeEach: fake timers, `stub` as `fetch`, console messages counted (not buffered: Jest keeps
 * every message of a file in memory); `reset` clears the suite's own network state. afterEach:
 * everything restored. Read `consoleMessages` in the test.
 */
export function useLeakEnvironment(stub: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, reset: () => void): { readonly consoleMessages: number } {
  const original = globalThis.fetch;
  const counts = { consoleMessages: 0 };
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    jest.setSystemTime(1_000);
    reset();
    globalThis.fetch = stub as typeof fetch;
    counts.consoleMessages = 0;
    for (const method of ['error', 'warn', 'log'] as const) {
      jest.spyOn(console, method).mockImplementation(() => {
        counts.consoleMessages += 1;
      });
    }
  });
  afterEach(() => {
    globalThis.fetch = original;
    jest.clearAllTimers();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  return counts;
}

/** The run `measureRun` takes: `cycles` cycles from `first` in batches of `size`, with a forced GC every GC_EVERY_CYCLES; sums what `batch` returns. */
export function inBatches(batch: (container: HTMLElement, first: number, count: number) => Promise<number>, size: number) {
  return async (container: HTMLElement, first: number, cycles: number): Promise<number> => {
    let total = 0;
    for (let done = 0; done < cycles; done += size) {
      total += await batch(container, first + done, Math.min(size, cycles - done));
      if ((done + size) % GC_EVERY_CYCLES === 0) collect();
    }
    return total;
  };
}

/**
 * A whole leak run: a store with `LEAK_REST_OPTIONS` under `<Provider>` rendering `harness`, the
 * warm-up, the retained heap before and after `CYCLES` cycles, and what is left afterwards:
 * timers and store listeners (idle, after, after unmounting), environment listeners, the store's
 * bookkeeping and the slice's keys. `run(container, first, cycles)` returns its own count;
 * `devChecks` runs the store with RTK's serializable and immutable checks on.
 */
export async function measureRun(harness: ReactElement, run: (container: HTMLElement, first: number, cycles: number) => Promise<number>, options: { devChecks?: boolean } = {}) {
  requireGc();
  const started = wallClock();
  const environment = countEnvironmentListeners();
  const rest = createRest(LEAK_REST_OPTIONS);
  const store = makeStore(rest, options.devChecks);
  const listeners = countListeners(store);
  store.dispatch({ type: 'test/ready' });
  let view!: ReturnType<typeof render>;
  act(() => {
    view = render(createElement(Provider, { store, children: harness }));
  });
  await settle();
  // An idle mounted tree: react-redux's own store subscription and the GC sweep timer.
  const idle = { timers: jest.getTimerCount(), storeListeners: listeners.live };
  const warmup = await run(view.container, 0, WARMUP);
  const before = await retainedHeap();
  const counted = await run(view.container, WARMUP, CYCLES);
  const after = await retainedHeap();
  const timers = jest.getTimerCount();
  const storeListeners = listeners.live;
  const books = bookkeeping(store);
  const left = sliceLeft(sliceOf(rest, store.getState()));
  const domNodes = view.container.querySelectorAll('*').length;
  // Unmounting the whole tree leaves no store listener at all; without the sweep, no timer.
  act(() => view.unmount());
  await settle();
  const storeListenersAfterUnmount = listeners.live;
  controllerOf(store).gc?.stop();
  const timersWithoutSweep = jest.getTimerCount();
  const environmentListeners = environment.live;
  environment.restore();
  return {
    warmup,
    counted,
    idle,
    timers,
    timersWithoutSweep,
    storeListeners,
    storeListenersAfterUnmount,
    subscribedInTotal: listeners.added,
    environmentListeners,
    books,
    left,
    domNodes,
    heap: heapFigures(before, after),
    wallMs: elapsed(started),
  };
}

export type MeasuredRun = Awaited<ReturnType<typeof measureRun>>;

/** The figures of a run that every React leak suite writes (`writeFigures`), beside its own. */
export function runFigures(measured: MeasuredRun, consoleMessages: number) {
  const { idle } = measured;
  return {
    timers: { idle: idle.timers, after: measured.timers, pending: measured.timers - idle.timers, withoutGcSweep: measured.timersWithoutSweep },
    storeListeners: { idle: idle.storeListeners, after: measured.storeListeners, afterUnmount: measured.storeListenersAfterUnmount, subscribedInTotal: measured.subscribedInTotal },
    environmentListeners: measured.environmentListeners,
    bookkeeping: measured.books,
    keysLeftAfterGc: measured.left,
    domNodesLeft: measured.domNodes,
    consoleMessages,
    heap: measured.heap,
    heapBound: HEAP_BOUND,
    forcedGcEveryCycles: GC_EVERY_CYCLES,
    wallMs: measured.wallMs,
  };
}

/**
 * What every React leak suite asserts after its run: no console message, no timer (but the GC
 * sweep's), no store or environment listener beyond the idle tree's, empty bookkeeping, no key or
 * entity left after GC, and the retained heap within HEAP_BOUND of the baseline.
 */
export function expectNothingLeft(measured: MeasuredRun, consoleMessages: number): void {
  const { books, left, heap, idle } = measured;
  expect(consoleMessages).toBe(0);
  expect(measured.domNodes).toBe(1);
  expect(measured.timers - idle.timers).toBe(0);
  expect(measured.timersWithoutSweep).toBe(0);
  expect(measured.storeListeners).toBe(idle.storeListeners);
  expect(measured.storeListenersAfterUnmount).toBe(0);
  expect(measured.environmentListeners).toBe(0);
  expect(books).toMatchObject({ subscribedKeys: 0, pollTimers: 0, environmentListening: false, retainedKeys: 0, retainedQueries: 0, readsInFlight: 0, requestsInFlight: 0 });
  // Every key left the slice or was never in it: the store forgets its endpoint and arguments.
  expect(books.argsByKey).toBe(0);
  expect(books.endpointsByKey).toBe(0);
  expect(left).toEqual({ endpoints: 0, meta: 0, entities: 0, entitiesMeta: 0, indexEntries: 0, optimistic: 0 });
  expect(heap.after).toBeLessThanOrEqual(heap.before * (1 + HEAP_BOUND));
}
