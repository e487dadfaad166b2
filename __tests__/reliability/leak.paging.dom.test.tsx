/**
 * Leak suite, usePaginated and useCancelling: 10,000 cycles, each mounting a `usePaginated` list that loads its
 * next page through a `Link` header and a `useCancelling` read that moves to new arguments (its
 * first request is aborted), then unmounting both before the second read is answered (aborted
 * too). Afterwards: no timer, no store or environment listener, no request in flight, no key or
 * entity once GC has run, and a retained heap within 5% of the baseline.
 *
 * Run with `npm test` (node --expose-gc …). `SOAK=1` runs 100,000 cycles. Figures go to
 * `.ci/out/leak-paging.json`.
 */
import { act } from '@testing-library/react';
import { useState } from 'react';
import { Entity, RestEndpoint, schema } from 'rtk-rest';
import { useCancelling, usePaginated } from 'rtk-rest/react';
import { A, PostResource } from '../redux/support';
import { expectNothingLeft, inBatches, measureRun, runFigures, settle, tick, useLeakEnvironment } from './leak-dom-support';
import { CYCLES, HEAP_BOUND, keyId, PAST_GC, WARMUP, writeFigures } from './leak-support';

jest.setTimeout(process.env.SOAK ? 3_600_000 : 900_000);

/**
 * Rows mounted together. Every dispatch runs every mounted row's selectors, so a batch costs
 * about rows × dispatches: 10 rows per batch ran a cycle about 5× faster than 50.
 */
const BATCH = 10;
const MOVED = 10_000_000;

class Item extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'LeakItem';
}

/** A list whose next page lives at another path, announced by a `Link` header (GitHub's shape). */
const getItems = new RestEndpoint({ urlPrefix: A, path: '/lists/:list/items', schema: new schema.Collection([Item]) });

// ---------------------------------------------------------------------------------------------
// A stub network: holds every request until answered, honours aborts, keeps nothing after.

let held: { url: string; resolve: (response: Response) => void }[] = [];
let sent = 0;
let aborted = 0;

function stubFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  sent += 1;
  return new Promise<Response>((resolve, reject) => {
    const entry = { url, resolve };
    held.push(entry);
    init.signal?.addEventListener(
      'abort',
      () => {
        aborted += 1;
        held = held.filter((other) => other !== entry);
        reject(init.signal!.reason);
      },
      { once: true },
    );
  });
}

const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });

function answerHeld(): void {
  const now = held;
  held = [];
  for (const { url, resolve } of now) {
    const list = /\/lists\/(\d+)\/items$/.exec(url);
    const page = /\/pages\/(\d+)\?page=2$/.exec(url);
    const id = Number(list?.[1] ?? page?.[1] ?? url.slice(url.lastIndexOf('/') + 1));
    if (list) resolve(json([{ id: 3 * id, title: 'a' }, { id: 3 * id + 1, title: 'b' }], { link: `<${A}/pages/${id}?page=2>; rel="next"` }));
    else if (page) resolve(json([{ id: 3 * id + 2, title: 'c' }]));
    else resolve(json({ id, title: `post ${id}`, author: { id: id % 50, username: `user${id % 50}`, createdAt: '2024-01-01T00:00:00.000Z' } }));
  }
}

// ---------------------------------------------------------------------------------------------
// The rows: one list and one cancelling read per cycle.

const nextPages = new Map<number, () => Promise<unknown>>();

function ListRow({ cycle }: { cycle: number }) {
  const { data, hasNextPage, fetchNextPage } = usePaginated(getItems, { list: String(keyId(cycle)) });
  nextPages.set(cycle, fetchNextPage);
  return <li data-items={data?.length ?? 0} data-more={hasNextPage} />;
}

function CancellingRow({ cycle, moved }: { cycle: number; moved: boolean }) {
  const id = keyId(cycle);
  // A moved read has its own pk: the first one's entity would answer it from the store.
  const { data } = useCancelling(PostResource.get, { group: 'react', id: moved ? MOVED + id : id });
  return <li data-ok={data?.title} />;
}

let show: (rows: { cycles: readonly number[]; moved: boolean }) => void = () => undefined;
const NONE = { cycles: [] as readonly number[], moved: false };

function Harness() {
  const [rows, setRows] = useState(NONE);
  show = setRows;
  return (
    <ul>
      {rows.cycles.map((cycle) => (
        <div key={cycle}>
          <ListRow cycle={cycle} />
          <CancellingRow cycle={cycle} moved={rows.moved} />
        </div>
      ))}
    </ul>
  );
}

/**
 * One batch: mount, answer the first list pages and reads, load every list's next page, move the
 * reads to new arguments and unmount before those are answered. Returns the lists that showed
 * all three items and no next page.
 */
async function batch(container: HTMLElement, first: number, count: number): Promise<number> {
  const cycles: number[] = [];
  for (let cycle = first; cycle < first + count; cycle++) cycles.push(cycle);
  act(() => show({ cycles, moved: false }));
  await settle();
  answerHeld();
  await settle();
  await act(async () => {
    for (const cycle of cycles) void nextPages.get(cycle)!();
  });
  await settle();
  answerHeld();
  await settle();
  const complete = container.querySelectorAll('[data-items="3"][data-more="false"]').length;
  act(() => show({ cycles, moved: true }));
  await settle();
  act(() => show(NONE));
  nextPages.clear();
  await settle();
  await tick(PAST_GC);
  return complete;
}

describe('leak: mount / unmount cycles of usePaginated and useCancelling', () => {
  const environment = useLeakEnvironment(stubFetch, () => {
    held = [];
    sent = 0;
    aborted = 0;
  });

  it(`${CYCLES} cycles leave no timer, listener, request or key after GC, and the heap within ${HEAP_BOUND * 100}% of the baseline`, async () => {
    const measured = await measureRun(<Harness />, inBatches(batch, BATCH));
    writeFigures('paging', {
      test: 'mount / unmount of usePaginated (Link next page) and useCancelling (moved, then unmounted) components',
      cycles: CYCLES,
      warmupCycles: WARMUP,
      listsComplete: measured.counted,
      requestsSent: sent,
      requestsAborted: aborted,
      ...runFigures(measured, environment.consoleMessages),
    });

    expect(measured.warmup).toBe(WARMUP);
    expect(measured.counted).toBe(CYCLES);
    // Per cycle: the list, its next page, the first read, the moved read (aborted when it unmounts).
    expect(sent).toBe(4 * (WARMUP + CYCLES));
    expect(aborted).toBe(WARMUP + CYCLES);
    expect(held).toHaveLength(0);
    expectNothingLeft(measured, environment.consoleMessages);
  });
});
