import type { StreamContext } from 'rtk-rest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { checkInvariants, expectInvariants, inFlightFromLog } from '../support/invariants';
import { K, PostResource, fetchAnswered, flush, net, p5, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment, watchConsole } from '../redux/support';
import type { Rest, Store } from '../redux/support';

/**
 * The fault matrix's stream column (the other columns are in faults.matrix.test.ts).
 * A stream sends no request of the library's, so the request faults (HTTP statuses, HTML pages,
 * invalid JSON, timeouts, 401) are the stream's own I/O: they reach the store only as a stream
 * that throws or rejects, or as a bad body it writes. The cells, on `GET A/react/posts/5` after
 * the list and the detail were fetched, each checking the store invariants after every commit:
 *
 * | fault                        | stream | outcome |
 * |------------------------------|--------|---------|
 * | the stream throws / rejects  | ✓      | nothing stored; the key keeps its data; logged in development |
 * | abort (last subscriber left) | ✓      | a later push writes nothing |
 * | missing pk                   | ✓      | `setResponse` throws the processing Error 400 "missing primary key"; nothing written |
 * | shape mismatch               | ✓      | `setResponse` throws "expected an object for Post, got an array"; nothing written |
 * | reset during the stream      | ✓      | the old stream's pushes are dropped; the restarted one writes |
 * | out-of-order responses       | ✓      | a read started before a push fills missing fields only |
 */
useTestEnvironment();

interface StreamCell {
  rest: Rest;
  store: Store;
  actions: UnknownAction[];
  seen: string[];
  contexts: StreamContext[];
  unsubscribe: () => void;
  check(): void;
}

/** The running example with data, a streaming subscriber on post 5, invariants checked after every commit. */
async function prepare(stream: (context: StreamContext) => void | Promise<void> = () => undefined): Promise<StreamCell> {
  const { rest, store, actions } = setup({ retry: false });
  await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1050);
  const options = () => ({ store, endpoints: [PostResource], inFlightRequestIds: inFlightFromLog(actions) });
  const seen: string[] = [];
  store.subscribe(() => {
    for (const line of checkInvariants(rest, store.getState(), options())) seen.push(`after ${actions[actions.length - 1]?.type}: ${line}`);
  });
  const contexts: StreamContext[] = [];
  const live = PostResource.get.extend({
    stream: (context: StreamContext) => {
      contexts.push(context);
      return stream(context);
    },
  });
  const unsubscribe = store.dispatch(rest.subscribe(live, p5));
  return { rest, store, actions, seen, contexts, unsubscribe, check: () => expectInvariants(rest, store.getState(), options()) };
}

function finish(cell: StreamCell): void {
  cell.unsubscribe();
  cell.check();
  expect(cell.seen).toEqual([]);
}

describe('fault matrix, stream column', () => {
  it.each([
    ['throws', () => { throw new Error('source failed'); }],
    ['rejects', async () => Promise.reject(new Error('source failed'))],
  ] as const)('stream × the stream %s: nothing stored, data kept, logged', async (_name, stream) => {
    const console = watchConsole();
    const cell = await prepare(stream);
    const before = rawSlice(cell.rest, cell.store.getState());
    await flush();
    expect(rawSlice(cell.rest, cell.store.getState())).toBe(before);
    expect(cell.rest.selectData(cell.store.getState(), PostResource.get, p5)).toMatchObject({ id: 5, title: 'hi' });
    expect(console.errors).toHaveLength(1);
    expect(String(console.errors[0]![0])).toMatch(/^\[rtk-rest\] the stream of Post\.get failed/);
    finish(cell);
  });

  it('stream × abort: after the last subscriber leaves a push writes nothing', async () => {
    const cell = await prepare();
    cell.unsubscribe();
    const before = rawSlice(cell.rest, cell.store.getState());
    const count = cell.actions.length;
    cell.contexts[0]!.setResponse({ ...post5, title: 'late' });
    expect(cell.actions).toHaveLength(count);
    expect(rawSlice(cell.rest, cell.store.getState())).toBe(before);
    finish(cell);
  });

  it.each([
    ['missing pk', { title: 'no id' }, /primary key/],
    ['shape mismatch', [post5], /expected an object for Post, got an array/],
  ] as const)('stream × %s: setResponse throws a processing error and writes nothing', async (_name, body, message) => {
    const cell = await prepare();
    const before = rawSlice(cell.rest, cell.store.getState());
    let thrown: unknown;
    try {
      cell.contexts[0]!.setResponse(body);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { status?: number }).status).toBe(400);
    expect((thrown as Error).message).toMatch(message);
    expect(rawSlice(cell.rest, cell.store.getState())).toBe(before);
    finish(cell);
  });

  it('stream × reset during the stream: old pushes dropped, the restarted stream writes', async () => {
    const cell = await prepare();
    cell.store.dispatch(cell.rest.resetEntireStore());
    expect(cell.contexts).toHaveLength(2);
    cell.contexts[0]!.setResponse({ ...post5, title: 'old stream' });
    expect(sliceOf(cell.rest, cell.store.getState()).meta[K.post5]).toBeUndefined();
    cell.contexts[1]!.setResponse({ ...post5, title: 'new stream' });
    expect(cell.rest.selectData(cell.store.getState(), PostResource.get, p5)?.title).toBe('new stream');
    finish(cell);
  });

  it('stream × out-of-order: a read started before a push fills missing fields only', async () => {
    const cell = await prepare();
    jest.setSystemTime(2050);
    const sent = net.count;
    const read = cell.store.dispatch(cell.rest.fetch(PostResource.get, p5)) as unknown as Promise<unknown>;
    const request = await net.nth(sent + 1);
    jest.setSystemTime(2060);
    cell.contexts[0]!.setResponse({ ...post5, title: 'pushed' });
    jest.setSystemTime(2100);
    request.reply({ ...post5, title: 'older', views: 7 });
    await read.catch(() => undefined);
    await flush();
    const slice = sliceOf(cell.rest, cell.store.getState());
    expect(slice.entities.Post['5']).toMatchObject({ title: 'pushed', views: 7 });
    expect(slice.meta[K.post5]).toMatchObject({ date: 2060 });
    finish(cell);
  });
});
