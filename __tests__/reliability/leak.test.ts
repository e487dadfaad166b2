/**
 * Leak suite, Redux layer (SPEC 6.56–6.66): many subscribe/unsubscribe cycles on varying keys,
 * some polling, leave no timer, no subscription bookkeeping, no key or entity once GC has run,
 * and no retained heap beyond 5% of the baseline.
 *
 * Run with `npm test` (node --expose-gc …): the heap check needs `global.gc`.
 */
import { createRest } from 'rtk-rest';
import { PostResource, makeStore, sliceOf } from '../redux/support';
import type { Rest, Store } from '../redux/support';
import { CYCLES, HEAP_BOUND, WARMUP, bookkeeping, elapsed, heapFigures, requireGc, retainedHeap, sliceLeft, wallClock, writeFigures } from './leak-support';

jest.setTimeout(120_000);

const KEY_MODE = process.env.LEAK_KEYS ?? 'pool';
const POOL = 500;
const BATCH = 250;
const GC = { intervalMs: 1_000, graceMs: 1_000 };
const DATA_EXPIRY = 2_000;

const plain = PostResource.get;
const fast = PostResource.get.extend({ pollFrequency: 1_000 });
const slow = PostResource.get.extend({ pollFrequency: 5_000 });
const GROUPS = ['react', 'vue', 'svelte'] as const;

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
  const id = KEY_MODE === 'distinct' ? cycle : cycle % POOL;
  return { group: GROUPS[id % GROUPS.length]!, id };
}

/**
 * One batch of `count` subscribe/unsubscribe cycles starting at cycle `first`, four kinds mixed:
 * 0 subscribe without polling; 1 polled twice then unsubscribed; 2 two subscribers at different
 * frequencies, unsubscribed in turn (one unsubscribe called twice); 3 unsubscribed while its poll
 * is in flight. Then time moves past the GC delays, so the batch's keys are swept.
 */
async function batch(store: Store, rest: Rest, first: number, count: number): Promise<void> {
  const later: (() => void)[] = [];
  const inFlight: (() => void)[] = [];
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
  // Polls with no write yet are due at once.
  await tick(0);
  for (const unsubscribe of inFlight) unsubscribe();
  answerHeld();
  await settle();
  // A second poll of the keys still subscribed.
  await tick(1_000);
  answerHeld();
  await settle();
  for (const unsubscribe of later) unsubscribe();
  later.length = 0;
  inFlight.length = 0;
  await tick(DATA_EXPIRY + GC.graceMs + 2 * GC.intervalMs);
}

async function run(store: Store, rest: Rest, first: number, cycles: number): Promise<void> {
  for (let done = 0; done < cycles; done += BATCH) await batch(store, rest, first + done, Math.min(BATCH, cycles - done));
}

// ---------------------------------------------------------------------------------------------

describe('leak: rest.subscribe / unsubscribe cycles', () => {
  beforeAll(() => {
    requireGc();
  });

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
    const started = wallClock();
    const rest = createRest({ gc: GC, dataExpiryLength: DATA_EXPIRY });
    const store = makeStore(rest);
    store.dispatch({ type: 'test/ready' });
    // The GC sweep timer: the only timer an idle store keeps.
    const idleTimers = jest.getTimerCount();

    await run(store, rest, 0, WARMUP);
    const before = await retainedHeap();

    await run(store, rest, WARMUP, CYCLES);
    const timers = jest.getTimerCount();
    const books = bookkeeping(store);
    const left = sliceLeft(sliceOf(rest, store.getState()));
    const after = await retainedHeap();
    const heap = heapFigures(before, after);

    const figures = {
      test: 'rest.subscribe/unsubscribe',
      keyMode: KEY_MODE,
      cycles: CYCLES,
      warmup: WARMUP,
      requestsSent: sent,
      timers: { idle: idleTimers, after: timers, pending: timers - idleTimers },
      bookkeeping: books,
      keysLeft: left,
      heap,
      wallMs: elapsed(started),
    };
    writeFigures('subscribe', figures);
    // eslint-disable-next-line no-console
    console.log(JSON.stringify(figures, null, 2));

    expect(sent).toBeGreaterThan(CYCLES / 2);
    expect(timers - idleTimers).toBe(0);
    expect(books).toMatchObject({ subscribedKeys: 0, pollTimers: 0, environmentListening: false, retainedKeys: 0, retainedQueries: 0, readsInFlight: 0, requestsInFlight: 0 });
    expect(left).toEqual({ endpoints: 0, meta: 0, entities: 0, entitiesMeta: 0, indexEntries: 0, optimistic: 0 });
    expect(heap.after).toBeLessThanOrEqual(heap.before * (1 + HEAP_BOUND));
  });
});
