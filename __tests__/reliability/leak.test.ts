/**
 * Leak suite, Redux layer: many `rest.subscribe` / unsubscribe cycles on
 * varying keys, most of them polling, leave no timer, no subscription bookkeeping, no key or
 * entity once GC has run, and a retained heap within 5% of the baseline.
 *
 * Run with `npm test` (node --expose-gc …): the heap check needs `global.gc`. `SOAK=1` runs
 * 100,000 cycles. Figures go to `.ci/out/leak-subscribe.json`.
 */
import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import { PostResource, sliceOf } from '../redux/support';
import type { Rest } from '../redux/support';
import {
  CYCLES,
  GC_EVERY_CYCLES,
  HEAP_BOUND,
  KEY_MODE,
  KEY_POOL,
  LEAK_REST_OPTIONS,
  PAST_GC,
  WARMUP,
  bookkeeping,
  controllerOf,
  elapsed,
  heapFigures,
  keyId,
  requireGc,
  retainedHeap,
  runCycles,
  sliceLeft,
  wallClock,
  writeFigures,
} from './leak-support';

// 10,000 cycles with RTK's development checks on take 30-45 s on a busy 2-core machine; the limit is for hangs.
jest.setTimeout(process.env.SOAK ? 900_000 : 180_000);

const BATCH = 250;

const plain = PostResource.get;
const fast = PostResource.get.extend({ pollFrequency: 1_000 });
const slow = PostResource.get.extend({ pollFrequency: 5_000 });
const GROUPS = ['react', 'vue', 'svelte'] as const;

/**
 * The tests' store, without RTK's dev-only immutability and serializability checks: they
 * walk the whole state on every dispatch (minutes for this many cycles) and are not under test.
 */
function makeStore(rest: Rest) {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false }).concat(rest.middleware),
  });
}

type Store = ReturnType<typeof makeStore>;

// ---------------------------------------------------------------------------------------------
// A stub network that holds every request until the test answers it, and keeps nothing after.

let held: { url: string; resolve: (response: Response) => void }[] = [];
let sent = 0;
const originalFetch = globalThis.fetch;

function stubFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  sent += 1;
  return new Promise<Response>((resolve) => held.push({ url, resolve }));
}

/** Answers every held request with the post its URL names (authors shared between posts). */
function answerHeld(): void {
  const now = held;
  held = [];
  for (const { url, resolve } of now) {
    const id = Number(url.slice(url.lastIndexOf('/') + 1));
    const author = id % 50;
    const body = { id, title: `post ${id}`, author: { id: author, username: `user${author}`, createdAt: '2024-01-01T00:00:00.000Z' } };
    resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  }
}

// Real I/O turns (captured before fake timers) let the stub's promises and the commits settle.
const realSetImmediate = setImmediate;
async function settle(turns = 4): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => realSetImmediate(resolve));
}

async function tick(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await settle();
}

// ---------------------------------------------------------------------------------------------
// The cycles

function argsOf(cycle: number): { group: string; id: number } {
  const id = keyId(cycle);
  return { group: GROUPS[id % GROUPS.length]!, id };
}

/**
 * One batch of `count` subscribe/unsubscribe cycles from cycle `first`, one key each, four kinds
 * mixed: 0 subscribed without polling; 1 polled twice, then unsubscribed; 2 two subscribers at
 * different frequencies on the key, unsubscribed in turn (one unsubscribe called twice); 3
 * unsubscribed while its first poll is in flight. Then time moves past the GC delays, so the
 * batch's keys are swept.
 */
async function batch(store: Store, rest: Rest, first: number, count: number): Promise<void> {
  let later: (() => void)[] = [];
  let inFlight: (() => void)[] = [];
  for (let cycle = first; cycle < first + count; cycle++) {
    const args = argsOf(cycle);
    switch (cycle % 4) {
      case 0:
        later.push(store.dispatch(rest.subscribe(plain, args)));
        break;
      case 1:
        later.push(store.dispatch(rest.subscribe(fast, args)));
        break;
      case 2: {
        const a = store.dispatch(rest.subscribe(fast, args));
        const b = store.dispatch(rest.subscribe(slow, args));
        later.push(a, b, a);
        break;
      }
      default:
        inFlight.push(store.dispatch(rest.subscribe(fast, args)));
    }
  }
  // Polls of keys with no write yet are due at once.
  await tick(0);
  for (const unsubscribe of inFlight) unsubscribe();
  answerHeld();
  await settle();
  // The second poll of the keys still subscribed.
  await tick(1_000);
  answerHeld();
  await settle();
  for (const unsubscribe of later) unsubscribe();
  later = [];
  inFlight = [];
  await tick(PAST_GC);
}

async function run(store: Store, rest: Rest, first: number, cycles: number): Promise<void> {
  await runCycles((from, count) => batch(store, rest, from, count), first, cycles, BATCH);
}

// ---------------------------------------------------------------------------------------------

describe('leak: rest.subscribe / unsubscribe cycles', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    jest.setSystemTime(1_000);
    held = [];
    sent = 0;
    globalThis.fetch = stubFetch as typeof fetch;
  });

  afterEach(() => {
    globalThis.fetch = originalFetch;
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it(`${CYCLES} cycles leave no timer, no key after GC, and the heap within ${HEAP_BOUND * 100}% of the baseline`, async () => {
    // Fails (never skips) without --expose-gc.
    requireGc();
    const started = wallClock();
    const rest = createRest(LEAK_REST_OPTIONS);
    const store = makeStore(rest);
    store.dispatch({ type: 'test/ready' });
    // An idle store keeps exactly one timer: its GC sweep.
    const idleTimers = jest.getTimerCount();

    await run(store, rest, 0, WARMUP);
    const before = await retainedHeap();

    await run(store, rest, WARMUP, CYCLES);
    const after = await retainedHeap();
    const timers = jest.getTimerCount();
    const books = bookkeeping(store);
    const left = sliceLeft(sliceOf(rest, store.getState()));
    // With the sweep stopped, no timer of any kind remains.
    controllerOf(store).gc?.stop();
    const timersWithoutSweep = jest.getTimerCount();
    const heap = heapFigures(before, after);

    const figures = {
      test: 'rest.subscribe / unsubscribe (Redux layer)',
      keyMode: KEY_MODE,
      keyPool: KEY_MODE === 'pool' ? KEY_POOL : null,
      cycles: CYCLES,
      warmupCycles: WARMUP,
      requestsSent: sent,
      timers: { idle: idleTimers, after: timers, pending: timers - idleTimers, withoutGcSweep: timersWithoutSweep },
      bookkeeping: books,
      keysLeftAfterGc: left,
      heap,
      heapBound: HEAP_BOUND,
      forcedGcEveryCycles: GC_EVERY_CYCLES,
      wallMs: elapsed(started),
    };
    writeFigures('subscribe', figures);

    expect(idleTimers).toBe(1);
    // The polls ran: every cycle of kinds 1–3 sent at least one request.
    expect(sent).toBeGreaterThanOrEqual(((WARMUP + CYCLES) * 3) / 4);
    expect(timers - idleTimers).toBe(0);
    expect(timersWithoutSweep).toBe(0);
    expect(books).toMatchObject({
      subscribedKeys: 0,
      pollTimers: 0,
      environmentListening: false,
      retainedKeys: 0,
      retainedQueries: 0,
      readsInFlight: 0,
      requestsInFlight: 0,
    });
    // Every key left the slice or was never in it: the store forgets its endpoint and arguments.
    expect(books.argsByKey).toBe(0);
    expect(books.endpointsByKey).toBe(0);
    expect(left).toEqual({ endpoints: 0, meta: 0, entities: 0, entitiesMeta: 0, indexEntries: 0, optimistic: 0 });
    expect(heap.after).toBeLessThanOrEqual(heap.before * (1 + HEAP_BOUND));
  });
});
