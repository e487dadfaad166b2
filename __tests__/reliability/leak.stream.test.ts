/**
 * Leak suite, streams: many subscribe/unsubscribe cycles of streaming keys, each
 * stream attaching a listener to a fake push source and writing what it pushes, leave no timer,
 * no source listener, no running stream, no key once GC has run, and a retained heap within 5%
 * of the baseline. Run with `npm test` (node --expose-gc …). Figures go to `.ci/out/leak-stream.json`.
 */
import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import type { StreamContext } from 'rtk-rest';
import { PostResource, sliceOf } from '../redux/support';
import type { Rest } from '../redux/support';
import { CYCLES, HEAP_BOUND, LEAK_REST_OPTIONS, PAST_GC, WARMUP, bookkeeping, controllerOf, elapsed, heapFigures, keyId, requireGc, retainedHeap, runCycles, sliceLeft, wallClock, writeFigures } from './leak-support';

// 10,000 cycles with RTK's development checks on take 30-45 s on a busy 2-core machine; the limit is for hangs.
jest.setTimeout(process.env.SOAK ? 900_000 : 180_000);

const BATCH = 250;

/** The push source every stream listens to: a stand-in for an EventSource or a WebSocket. */
const listeners = new Set<(id: number) => void>();
let pushed = 0;

const live = PostResource.get.extend({
  stream({ args: [{ id }], signal, setResponse }: StreamContext<[{ group: string; id: number }]>) {
    const listener = (target: number) => {
      if (target !== id) return;
      pushed += 1;
      const author = id % 50;
      setResponse({ id, title: `post ${id}`, author: { id: author, username: `user${author}`, createdAt: '2024-01-01T00:00:00.000Z' } });
    };
    listeners.add(listener);
    signal.addEventListener('abort', () => listeners.delete(listener));
  },
});

/** As leak.test.ts: RTK's dev-only state walks would take minutes here and are not under test. */
function makeStore(rest: Rest) {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false }).concat(rest.middleware),
  });
}
type Store = ReturnType<typeof makeStore>;

/** One batch: a key per cycle subscribed (every other one twice), one push each, all unsubscribed, then time past GC. */
async function batch(store: Store, rest: Rest, first: number, count: number): Promise<void> {
  const later: (() => void)[] = [];
  for (let cycle = first; cycle < first + count; cycle++) {
    const args = { group: 'react', id: keyId(cycle) };
    later.push(store.dispatch(rest.subscribe(live, args)));
    if (cycle % 2 === 0) later.push(store.dispatch(rest.subscribe(live, args)));
  }
  for (let cycle = first; cycle < first + count; cycle++) for (const listener of [...listeners]) listener(keyId(cycle));
  for (const unsubscribe of later) unsubscribe();
  await jest.advanceTimersByTimeAsync(PAST_GC);
}

async function run(store: Store, rest: Rest, first: number, cycles: number): Promise<void> {
  await runCycles((from, count) => batch(store, rest, from, count), first, cycles, BATCH);
}

describe('leak, streaming subscribe / unsubscribe cycles', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    jest.setSystemTime(1_000);
  });
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it(`${CYCLES} streaming cycles leave 0 timers, 0 listeners, 0 streams, no key after GC, heap within ${HEAP_BOUND * 100}%`, async () => {
    requireGc();
    const started = wallClock();
    const rest = createRest(LEAK_REST_OPTIONS);
    const store = makeStore(rest);
    store.dispatch({ type: 'test/ready' });
    const idleTimers = jest.getTimerCount();

    await run(store, rest, 0, WARMUP);
    const before = await retainedHeap();
    pushed = 0;
    await run(store, rest, WARMUP, CYCLES);
    const after = await retainedHeap();
    const timers = jest.getTimerCount();
    const streams = (controllerOf(store) as unknown as { streams: { size: number } }).streams.size;
    const books = bookkeeping(store);
    const left = sliceLeft(sliceOf(rest, store.getState()));
    const heap = heapFigures(before, after);
    writeFigures('stream', { test: 'streaming rest.subscribe / unsubscribe (Redux layer)', cycles: CYCLES, warmupCycles: WARMUP, pushed, timers: { idle: idleTimers, after: timers }, listeners: listeners.size, streams, bookkeeping: books, keysLeftAfterGc: left, heap, heapBound: HEAP_BOUND, wallMs: elapsed(started) });

    expect(pushed).toBe(CYCLES);
    expect(timers - idleTimers).toBe(0);
    expect(listeners.size).toBe(0);
    expect(streams).toBe(0);
    expect(books).toMatchObject({ subscribedKeys: 0, environmentListening: false, argsByKey: 0, endpointsByKey: 0 });
    expect(left).toEqual({ endpoints: 0, meta: 0, entities: 0, entitiesMeta: 0, indexEntries: 0, optimistic: 0 });
    expect(heap.after).toBeLessThanOrEqual(heap.before * (1 + HEAP_BOUND));
  });
});
