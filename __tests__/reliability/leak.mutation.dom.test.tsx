/**
 * Leak suite, useMutation: 10,000 mount/unmount cycles of components using `useMutation`, five
 * kinds in turn — a call still pending when the component unmounts (answered afterwards), a call
 * that succeeds, a call that fails (500 with a JSON body), a call of an optimistic endpoint (every
 * other one fails and rolls back) and a call `reset()` while pending. Afterwards: no timer, no
 * store or environment listener, no request, key, argument or optimistic layer left once GC has
 * run, no console message (React warns there about updates of unmounted components), and a
 * retained heap within 5% of the baseline.
 *
 * The store runs with RTK's default serializable and immutable checks on: a mutation's state is
 * the component's own, and the slice must stay plain JSON through every kind of call.
 *
 * Run with `npm test` (node --expose-gc …). `SOAK=1` runs 100,000 cycles. Figures go to
 * `.ci/out/leak-mutation.json`.
 */
import { act } from '@testing-library/react';
import { useState } from 'react';
import { createResource } from 'rtk-rest';
import { useMutation } from 'rtk-rest/react';
import { A, Post, PostResource } from '../redux/support';
import { expectNothingLeft, inBatches, measureRun, runFigures, settle, tick, useLeakEnvironment } from './leak-dom-support';
import { CYCLES, HEAP_BOUND, KEY_MODE, keyId, PAST_GC, WARMUP, writeFigures } from './leak-support';

jest.setTimeout(process.env.SOAK ? 3_600_000 : 900_000);

/** Rows mounted together (every dispatch runs every mounted row's hooks: see leak.paging.dom.test.tsx). */
const BATCH = 10;

/** The kind of call of cycle n is KINDS[n % 5]; an optimistic call fails when n % 10 is 8. */
const KINDS = ['unmountedWhilePending', 'succeeds', 'fails', 'optimistic', 'resetWhilePending'] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (id: number): Kind => KINDS[id % KINDS.length]!;
const failsAt = (id: number): boolean => kindOf(id) === 'fails' || id % 10 === 8;

/** `update` with an optimistic response: the sent fields, without needing the entity in the store. */
const OptimisticPosts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, optimistic: true });

/** What each kind's row shows once the answers that reach a mounted row have arrived. */
function expectedStatus(id: number): string {
  const kind = kindOf(id);
  if (kind === 'unmountedWhilePending') return 'pending';
  if (kind === 'resetWhilePending') return 'uninitialized';
  return failsAt(id) ? 'rejected' : 'fulfilled';
}

// ---------------------------------------------------------------------------------------------
// A stub network: holds every request until the test answers it, keeps nothing after.

let held: { id: number; resolve: (response: Response) => void }[] = [];
let sent = 0;

function stubFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  sent += 1;
  const id = Number(url.slice(url.lastIndexOf('/') + 1));
  return new Promise<Response>((resolve) => held.push({ id, resolve }));
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the held requests `which` selects: the saved post, or a 500 with a JSON body. */
function answerHeld(which: (id: number) => boolean): void {
  const now = held;
  held = [];
  for (const request of now) {
    if (!which(request.id)) {
      held.push(request);
      continue;
    }
    const { id } = request;
    const author = { id: id % 50, username: `user${id % 50}`, createdAt: '2024-01-01T00:00:00.000Z' };
    request.resolve(failsAt(id) ? json({ message: 'rejected', fields: { title: 'too short' } }, 500) : json({ id, title: `saved ${id}`, author }));
  }
}

// ---------------------------------------------------------------------------------------------
// The rows: one `useMutation` per cycle.

type Save = (params: { group: string; id: number }, body: { title: string }) => Promise<Post>;
const rows = new Map<number, { save: Save; reset: () => void }>();

function MutationRow({ cycle }: { cycle: number }) {
  const id = keyId(cycle);
  const [save, state] = useMutation(kindOf(id) === 'optimistic' ? OptimisticPosts.update : PostResource.partialUpdate);
  rows.set(cycle, { save, reset: state.reset });
  return <li data-cycle={cycle} data-status={state.status} data-error={state.isError ? 'yes' : undefined} />;
}

let show: (cycles: readonly number[]) => void = () => undefined;
const NONE: readonly number[] = [];

function Harness() {
  const [cycles, setCycles] = useState(NONE);
  show = setCycles;
  return (
    <ul>
      {cycles.map((cycle) => (
        <MutationRow key={cycle} cycle={cycle} />
      ))}
    </ul>
  );
}

/** Calls settled and failed over the whole test (counted when each call's promise settles). */
const outcomes = { settled: 0, failed: 0 };

/**
 * One batch: mount, call every row's mutation (resetting the reset kind at once), answer every
 * call but those of the rows about to unmount, check what each row shows, unmount, answer the
 * rest, and move time past the GC delays. Returns the rows that showed their kind's state.
 */
async function batch(container: HTMLElement, first: number, count: number): Promise<number> {
  const cycles: number[] = [];
  for (let cycle = first; cycle < first + count; cycle++) cycles.push(cycle);
  act(() => show(cycles));
  await settle();
  act(() => {
    for (const cycle of cycles) {
      const id = keyId(cycle);
      const row = rows.get(cycle)!;
      row.save({ group: 'react', id }, { title: `typed ${id}` }).then(
        () => void (outcomes.settled += 1),
        () => void ((outcomes.settled += 1), (outcomes.failed += 1)),
      );
      if (kindOf(id) === 'resetWhilePending') row.reset();
    }
  });
  await settle();
  answerHeld((id) => kindOf(id) !== 'unmountedWhilePending');
  await settle();
  let shown = 0;
  for (const cycle of cycles) {
    const status = container.querySelector(`[data-cycle="${cycle}"]`)?.getAttribute('data-status');
    if (status === expectedStatus(keyId(cycle))) shown += 1;
  }
  act(() => show(NONE));
  rows.clear();
  await settle();
  // The calls of unmounted rows settle now: their promises resolve, their rows stay silent.
  answerHeld(() => true);
  await settle();
  await tick(PAST_GC);
  return shown;
}

describe('leak, useMutation mount / unmount cycles', () => {
  const environment = useLeakEnvironment(stubFetch, () => {
    held = [];
    sent = 0;
    outcomes.settled = 0;
    outcomes.failed = 0;
  });

  it(`useMutation mounted and unmounted ${CYCLES} times leaves nothing behind (0 timers, 0 listeners, 0 keys or requests, no warning, heap within ${HEAP_BOUND * 100}%)`, async () => {
    const measured = await measureRun(<Harness />, inBatches(batch, BATCH), { devChecks: true });
    const total = WARMUP + CYCLES;
    writeFigures('mutation', {
      test: 'mount / unmount of useMutation components: pending at unmount, succeeding, failing, optimistic (half rolled back), reset while pending',
      keyMode: KEY_MODE,
      cycles: CYCLES,
      warmupCycles: WARMUP,
      rowsShowingTheirState: measured.counted,
      requestsSent: sent,
      callsSettled: outcomes.settled,
      callsFailed: outcomes.failed,
      ...runFigures(measured, environment.consoleMessages),
    });

    expect(measured.warmup).toBe(WARMUP);
    expect(measured.counted).toBe(CYCLES);
    // One request per call; every call settled; the 500s (2 in 10) and the rolled-back optimistic calls (1 in 10) failed.
    expect(sent).toBe(total);
    expect(held).toHaveLength(0);
    expect(outcomes.settled).toBe(total);
    expect(outcomes.failed).toBe((total * 3) / 10);
    // No React warning (no console message at all), nothing left behind.
    expectNothingLeft(measured, environment.consoleMessages);
  });
});
