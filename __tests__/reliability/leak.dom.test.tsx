/**
 * Leak suite, React layer: many mount/unmount cycles of components using
 * `useSuspense`, `useDLE`, `useLive` and `useSubscription` (polling) leave no timer, no store
 * listener, no window listener, no retained key or entity once GC has run, and a retained heap
 * within 5% of the baseline.
 *
 * Run with `npm test` (node --expose-gc …): the heap check needs `global.gc`. `SOAK=1` runs
 * 100,000 cycles. Figures go to `.ci/out/leak-hooks.json`.
 */
import { act } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { useDLE, useLive, useSubscription, useSuspense } from 'rtk-rest/react';
import { PostResource } from '../redux/support';
import { expectNothingLeft, inBatches, measureRun, runFigures, settle, tick, useLeakEnvironment } from './leak-dom-support';
import { CYCLES, HEAP_BOUND, KEY_MODE, KEY_POOL, keyId, PAST_GC, WARMUP, writeFigures } from './leak-support';

jest.setTimeout(process.env.SOAK ? 1_800_000 : 180_000);

/** Components mounted together, then unmounted together. */
const BATCH = 50;

const plain = PostResource.get;
const polled = PostResource.get.extend({ pollFrequency: 1_000 });
const GROUPS = ['react', 'vue', 'svelte'] as const;

// ---------------------------------------------------------------------------------------------
// A stub network that holds every request until the test answers it, and keeps nothing after.

let held: { url: string; resolve: (response: Response) => void }[] = [];
let sent = 0;

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

// ---------------------------------------------------------------------------------------------
// The components: one per cycle, four kinds.

type Args = { group: string; id: number };

function argsOf(cycle: number): Args {
  const id = keyId(cycle);
  return { group: GROUPS[id % GROUPS.length]!, id };
}

/** `useSuspense`: renders once its data is there. */
function SuspenseRow({ args }: { args: Args }) {
  const post = useSuspense(plain, args);
  return <li data-ok={post.title} />;
}

/** `useDLE`: renders loading, then the data. */
function DLERow({ args }: { args: Args }) {
  const { data, loading, error } = useDLE(plain, args);
  if (error) throw error;
  return loading || data === undefined ? <li /> : <li data-ok={data.title} />;
}

/** `useLive` with polling: suspends, then polls while mounted. */
function LiveRow({ args }: { args: Args }) {
  const post = useLive(polled, args);
  return <li data-ok={post.title} />;
}

/** `useSubscription` with polling: no data read, polls while mounted. */
function SubscriptionRow({ args }: { args: Args }) {
  useSubscription(polled, args);
  return <li data-ok="subscribed" />;
}

function Row({ cycle }: { cycle: number }) {
  const args = argsOf(cycle);
  switch (cycle % 4) {
    case 0:
      return (
        <Suspense fallback={<li />}>
          <SuspenseRow args={args} />
        </Suspense>
      );
    case 1:
      return <DLERow args={args} />;
    case 2:
      return (
        <Suspense fallback={<li />}>
          <LiveRow args={args} />
        </Suspense>
      );
    default:
      return <SubscriptionRow args={args} />;
  }
}

/** The rows to mount; set from the test through `show`. */
let show: (rows: readonly number[]) => void = () => undefined;
const NONE: readonly number[] = [];

function Harness() {
  const [rows, setRows] = useState<readonly number[]>(NONE);
  show = setRows;
  return (
    <ul>
      {rows.map((cycle) => (
        <Row key={cycle} cycle={cycle} />
      ))}
    </ul>
  );
}

/**
 * One batch: mount `count` rows from cycle `first` (one key each), let their requests and first
 * polls be answered, poll once more, unmount them all, and move time past the GC delays.
 * Returns how many rows showed their data before unmounting.
 */
async function batch(container: HTMLElement, first: number, count: number): Promise<number> {
  const rows: number[] = [];
  for (let cycle = first; cycle < first + count; cycle++) rows.push(cycle);
  act(() => show(rows));
  await settle();
  // Reads started while rendering; polls with no write yet are due at once.
  await tick(0);
  answerHeld();
  await settle();
  // The next poll of the polling rows.
  await tick(1_000);
  answerHeld();
  await settle();
  const shown = container.querySelectorAll('[data-ok]').length;
  act(() => show(NONE));
  await settle();
  await tick(PAST_GC);
  return shown;
}

describe('leak: mount / unmount cycles of hook components', () => {
  const environment = useLeakEnvironment(stubFetch, () => {
    held = [];
    sent = 0;
  });

  it(`${CYCLES} mount/unmount cycles leave no timer, listener or key after GC, and the heap within ${HEAP_BOUND * 100}% of the baseline`, async () => {
    const measured = await measureRun(<Harness />, inBatches(batch, BATCH));
    writeFigures('hooks', {
      test: 'mount / unmount of useSuspense, useDLE, useLive, useSubscription components (React layer)',
      keyMode: KEY_MODE,
      keyPool: KEY_MODE === 'pool' ? KEY_POOL : null,
      cycles: CYCLES,
      warmupCycles: WARMUP,
      rowsShownWithData: measured.counted,
      requestsSent: sent,
      ...runFigures(measured, environment.consoleMessages),
    });

    // Every row got its data (or subscribed) before it unmounted.
    expect(measured.warmup).toBe(WARMUP);
    expect(measured.counted).toBe(CYCLES);
    expect(sent).toBeGreaterThanOrEqual(WARMUP + CYCLES);
    expectNothingLeft(measured, environment.consoleMessages);
  });
});
