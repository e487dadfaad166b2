import type { StreamContext } from 'rtk-rest';
import { K, Post, PostResource, ann, flush, net, p5, p6, post5, setup, sliceOf, useTestEnvironment } from './support';

// Streams: an endpoint's `stream(...)` runs while its key has subscribers.
useTestEnvironment();

/** A fake push source: what an EventSource or WebSocket would be, driven by the test. */
class FakeSource {
  readonly listeners = new Set<(data: unknown) => void>();
  push(data: unknown): void {
    for (const listener of [...this.listeners]) listener(data);
  }
}

/** An endpoint whose stream forwards the source's messages as the key's response, recording its contexts. */
function streamingGet(source: FakeSource, started: StreamContext[] = []) {
  return PostResource.get.extend({
    stream(context: StreamContext) {
      started.push(context);
      const listener = (data: unknown) => context.setResponse(data);
      source.listeners.add(listener);
      context.signal.addEventListener('abort', () => source.listeners.delete(listener));
    },
  });
}

describe('the stream option', () => {
  it('starts with the first subscriber, once per key, and stops when the last one leaves', () => {
    const { rest, store } = setup();
    const source = new FakeSource();
    const started: StreamContext[] = [];
    const getPost = streamingGet(source, started);
    const first = store.dispatch(rest.subscribe(getPost, p5));
    const second = store.dispatch(rest.subscribe(getPost, p5));
    expect(started).toHaveLength(1);
    expect(started[0]!.args).toEqual([p5]);
    expect(source.listeners.size).toBe(1);
    first();
    expect(started[0]!.signal.aborted).toBe(false);
    second();
    expect(started[0]!.signal.aborted).toBe(true);
    expect(source.listeners.size).toBe(0);
    expect(net.count).toBe(0);
  });

  it('setResponse writes the key as rest.setResponse does; the entities update everywhere', () => {
    const { rest, store, actions } = setup();
    const source = new FakeSource();
    const getPost = streamingGet(source);
    const unsubscribe = store.dispatch(rest.subscribe(getPost, p5));
    source.push(post5);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toMatchObject({ id: 5, title: 'hi' });
    source.push({ ...post5, title: 'pushed' });
    expect(rest.selectQuery(store.getState(), Post, { id: 5 })?.title).toBe('pushed');
    expect(sliceOf(rest, store.getState()).meta[K.post5].date).toBe(Date.now());
    expect(actions.map((action) => action.type)).toEqual(['rest/setResponse', 'rest/setResponse']);
    expect(JSON.parse(JSON.stringify(actions))).toEqual(actions);
    unsubscribe();
  });

  it('set, dispatch and getState are the store\'s; each key streams with its own args', () => {
    const { rest, store } = setup();
    const started: StreamContext[] = [];
    const getPost = PostResource.get.extend({ stream: (context: StreamContext) => void started.push(context) });
    const u5 = store.dispatch(rest.subscribe(getPost, p5));
    const u6 = store.dispatch(rest.subscribe(getPost, p6));
    expect(started.map((context) => context.args)).toEqual([[p5], [p6]]);
    started[0]!.set(Post, { id: 5 }, { ...post5, title: 'set' });
    expect(rest.selectQuery(started[0]!.getState(), Post, { id: 5 })?.title).toBe('set');
    started[1]!.dispatch({ type: 'test/from-stream' });
    u5();
    expect(started[0]!.signal.aborted).toBe(true);
    expect(started[1]!.signal.aborted).toBe(false);
    u6();
  });

  it('writes after the abort are ignored', () => {
    const { rest, store, actions } = setup();
    const started: StreamContext[] = [];
    const getPost = PostResource.get.extend({ stream: (context: StreamContext) => void started.push(context) });
    store.dispatch(rest.subscribe(getPost, p5))();
    const [context] = started;
    context!.setResponse(post5);
    context!.set(Post, { id: 5 }, post5);
    context!.dispatch({ type: 'test/late' });
    expect(actions).toEqual([]);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
  });

  it('resetEntireStore aborts the running streams and restarts those still subscribed', () => {
    const { rest, store } = setup();
    const source = new FakeSource();
    const started: StreamContext[] = [];
    const unsubscribe = store.dispatch(rest.subscribe(streamingGet(source, started), p5));
    source.push(post5);
    store.dispatch(rest.resetEntireStore());
    expect(started).toHaveLength(2);
    expect(started[0]!.signal.aborted).toBe(true);
    expect(source.listeners.size).toBe(1);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
    source.push({ ...post5, title: 'after reset' });
    expect(rest.selectQuery(store.getState(), Post, { id: 5 })?.title).toBe('after reset');
    unsubscribe();
    expect(started[1]!.signal.aborted).toBe(true);
  });

  it('a throwing or rejecting stream leaves the store working and records nothing', async () => {
    const { rest, store, actions } = setup();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const throwing = PostResource.get.extend({
      stream: () => {
        throw new Error('boom');
      },
    });
    const rejecting = PostResource.get.extend({ stream: async () => Promise.reject(new Error('later')) });
    const u5 = store.dispatch(rest.subscribe(throwing, p5));
    const u6 = store.dispatch(rest.subscribe(rejecting, p6));
    await flush();
    expect(actions).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]![0])).toMatch(/^\[rtk-rest\] the stream of /);
    store.dispatch(rest.setResponse(PostResource.get, p5, { ...post5, author: ann }));
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toMatchObject({ id: 5 });
    u5();
    u6();
  });

  it('a stream that is not a function is a clear error', () => {
    expect(() => PostResource.get.extend({ stream: 5 as never })).toThrow(/^\[rtk-rest\] .*stream must be a function/);
  });

  it('leaves no timers and no source listeners after its subscribers leave', () => {
    const { rest, store } = setup();
    const source = new FakeSource();
    const baseline = jest.getTimerCount();
    const getPost = streamingGet(source);
    for (let i = 0; i < 100; i += 1) store.dispatch(rest.subscribe(getPost, p5))();
    expect(jest.getTimerCount()).toBe(baseline);
    expect(source.listeners.size).toBe(0);
  });
});
