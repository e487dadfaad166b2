import { AbortOptimistic, Entity, RestEndpoint, createResource } from 'rtk-rest';
import type { OptimisticSnapshot } from 'rtk-rest';
import { A, K, Post, User, ann, bob, fetchAnswered, net, outcome, p5, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment, watchConsole } from './support';

// Optimistic layers.

useTestEnvironment();

const Posts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, searchParams: {} as { author?: string }, optimistic: true });

class Counter extends Entity {
  id = '';
  count = 0;
  pk() {
    return this.id;
  }
  static override key = 'Counter';
}

const getCounter = new RestEndpoint({ urlPrefix: A, path: '/counters/:id', schema: Counter });
const increment = new RestEndpoint({
  urlPrefix: A,
  path: '/counters/:id/increment',
  method: 'POST',
  body: undefined,
  schema: Counter,
  getOptimisticResponse(snapshot: OptimisticSnapshot, params: { id: string }) {
    const current = snapshot.get(Counter, params) as Counter | undefined;
    if (current === undefined) throw snapshot.abort;
    return { id: params.id, count: current.count + 1 };
  },
});

/** The request a just-dispatched thunk sent (the n-th overall). */
const sent = (n: number) => net.nth(n);

async function withList(rest: ReturnType<typeof setup>['rest'], store: ReturnType<typeof setup>['store'], posts = [post5, post6]) {
  await fetchAnswered(store, rest.fetch(Posts.getList, react), posts, 1010);
}

describe('which requests are optimistic', () => {
  it('a read with getOptimisticResponse gets no layer', async () => {
    const { rest, store, actions } = setup();
    const read = new RestEndpoint({ urlPrefix: A, path: '/posts/:id', schema: Post, getOptimisticResponse: () => post5 });
    await fetchAnswered(store, rest.fetch(read, { id: 5 }), post5);
    expect(actions[0]!.payload).toEqual({});
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
  });
});

describe('a layer is visible as soon as fetch/pending is committed', () => {
  it('update shows the sent fields in every view at once; the pending action carries the layer', async () => {
    const { rest, store, actions } = setup();
    await withList(rest, store);
    actions.length = 0;
    const promise = store.dispatch(rest.fetch(Posts.update, p5, { title: 'opt' }));
    expect(actions.map((a) => a.type)).toEqual(['rest/fetch/pending']);
    const layer = (actions[0]!.payload as { layer: { requestId: string; key: string; endpoint: string; fetchedAt: number } }).layer;
    expect(layer).toMatchObject({ requestId: (actions[0]!.meta as { requestId: string }).requestId, key: K.update5, endpoint: Posts.update.name, fetchedAt: 1010 });
    expect(rest.selectData(store.getState(), Posts.get, p5)?.title).toBe('opt');
    expect(rest.selectData(store.getState(), Posts.getList, react)?.[0]?.title).toBe('opt');
    expect(rest.selectData(store.getState(), Posts.getList, react)?.[0]?.author).toBeInstanceOf(User);
    // The base is unchanged: the layer lives beside it.
    expect(sliceOf(rest, store.getState()).entities.Post['5'].title).toBe('hi');
    (await sent(2)).reply({ ...post5, title: 'server' });
    await promise;
    expect(rest.selectData(store.getState(), Posts.get, p5)?.title).toBe('server');
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
  });

  it('the snapshot reads the view beneath the layer, the selectors semantics and the request start', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    jest.setSystemTime(2000);
    const seen: unknown[] = [];
    const probe = new RestEndpoint({
      urlPrefix: A,
      path: '/:group/posts/:id/touch',
      method: 'POST',
      schema: Post,
      getOptimisticResponse(snapshot: OptimisticSnapshot, params: { group: string; id: number }) {
        seen.push(
          (snapshot.get(Post, { id: params.id }) as Post).title,
          snapshot.getResponse(Posts.getList, { group: params.group }).data.length,
          snapshot.getError(Posts.getList, { group: params.group }),
          snapshot.fetchedAt,
          snapshot.abort instanceof AbortOptimistic,
        );
        return { id: params.id, title: 'touched' };
      },
    });
    void store.dispatch(rest.fetch(Posts.update, p5, { title: 'first' }));
    void store.dispatch(rest.fetch(probe, p5, {}));
    // The second layer sees the first one (the view beneath it).
    expect(seen).toEqual(['first', 2, undefined, 2000, true]);
    expect(rest.selectData(store.getState(), Posts.get, p5)?.title).toBe('touched');
  });
});

describe('aborting and failing getOptimisticResponse', () => {
  it('throw snapshot.abort / new AbortOptimistic(): no layer, the request is still sent', async () => {
    const { rest, store, actions } = setup();
    await withList(rest, store);
    actions.length = 0;
    // partialUpdate aborts when the entity is not in the store.
    void store.dispatch(rest.fetch(Posts.partialUpdate, { group: 'react', id: 99 }, { title: 'x' }));
    const aborting = new RestEndpoint({ urlPrefix: A, path: '/x', method: 'POST', getOptimisticResponse: () => { throw new AbortOptimistic(); } });
    void store.dispatch(rest.fetch(aborting, {}));
    expect(actions.map((a) => a.payload)).toEqual([{}, {}]);
    await sent(3);
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
  });

  it('any other exception: no layer, a dev log, and the request is still sent', async () => {
    const { errors } = watchConsole();
    const { rest, store } = setup();
    const broken = new RestEndpoint({ urlPrefix: A, path: '/x', method: 'POST', schema: Post, getOptimisticResponse: () => { throw new Error('bug in optimistic'); } });
    const promise = store.dispatch(rest.fetch(broken, {}));
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
    expect(errors.map((call) => call.join(' ')).join('\n')).toMatch(/getOptimisticResponse threw.*still sent/);
    (await sent(1)).reply(post5);
    await expect(promise).resolves.toBeInstanceOf(Post);
  });
});

describe('layers by request id, recomputed on base changes, removed with their outcome', () => {
  it('a failure rolls back exactly: the view deep-equals the state before', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    const before = sliceOf(rest, store.getState());
    const listBefore = rest.selectData(store.getState(), Posts.getList, react);
    const promise = store.dispatch(rest.fetch(Posts.update, p5, { title: 'opt' }));
    expect(rest.selectData(store.getState(), Posts.getList, react)?.[0]?.title).toBe('opt');
    (await sent(2)).reply({ message: 'nope' }, { status: 500 });
    await outcome(promise);
    const after = sliceOf(rest, store.getState());
    expect(after.entities).toEqual(before.entities);
    expect(after.entitiesMeta).toEqual(before.entitiesMeta);
    expect(after.endpoints).toEqual(before.endpoints);
    expect(after.optimistic).toEqual([]);
    expect(rest.selectData(store.getState(), Posts.getList, react)).toEqual(listBefore);
  });

  it('two mutations started in the same millisecond settle independently (ids, not timestamps)', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    jest.setSystemTime(5000);
    const first = store.dispatch(rest.fetch(Posts.update, p5, { title: 'five' }));
    const second = store.dispatch(rest.fetch(Posts.update, { group: 'react', id: 6 }, { title: 'six!' }));
    const layers = rawSlice(rest, store.getState()).optimistic;
    expect(layers).toHaveLength(2);
    expect(layers[0].fetchedAt).toBe(layers[1].fetchedAt);
    expect(layers[0].requestId).not.toBe(layers[1].requestId);
    (await sent(2)).reply({ message: 'no' }, { status: 400 });
    await outcome(first);
    const list = rest.selectData(store.getState(), Posts.getList, react)!;
    expect(list.map((p) => p.title)).toEqual(['hi', 'six!']);
    (await sent(3)).reply({ ...post6, title: 'six from server' });
    await second;
    expect(rest.selectData(store.getState(), Posts.getList, react)!.map((p) => p.title)).toEqual(['hi', 'six from server']);
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
  });

  it('a base change recomputes the remaining layers in the same action', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(getCounter, { id: 'c' }), { id: 'c', count: 10 }, 1001);
    // Someone refetches the counter (started at 1500), then an increment starts (2000).
    jest.setSystemTime(1500);
    const refetch = store.dispatch(rest.fetch(getCounter, { id: 'c' }));
    jest.setSystemTime(2000);
    const calls = jest.spyOn(increment, 'getOptimisticResponse' as never);
    void store.dispatch(rest.fetch(increment, { id: 'c' }));
    expect(rest.selectData(store.getState(), getCounter, { id: 'c' })?.count).toBe(11);
    actions.length = 0;
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(rest.selectData(store.getState(), getCounter, { id: 'c' })!.count));
    // The refetch lands: the base moves to 20 and the layer, recomputed on it, shows 21.
    (await sent(2)).reply({ id: 'c', count: 20 });
    await refetch;
    unsubscribe();
    // The reducer recomputed the layer: the committed action is the one the lifecycle dispatched, no layer added to it.
    const fulfilled = actions.find((a) => a.type === 'rest/fetch/fulfilled')!;
    expect(Object.keys(fulfilled.payload as object)).not.toContain('layers');
    expect(rawSlice(rest, store.getState()).optimistic).toHaveLength(1);
    // Once at the start, once against the new base.
    expect(calls).toHaveBeenCalledTimes(2);
    // No subscriber ever saw the new base with the old layer (11) or without a layer (20).
    expect(seen).toEqual([21]);
    expect(rest.selectData(store.getState(), getCounter, { id: 'c' })?.count).toBe(21);
  });

  it('a rehydrate that brings a fresher base recomputes the layers over it', async () => {
    // A slice saved by another tab, where the counter was fetched later (at 1500) and reads 40.
    const other = setup();
    jest.setSystemTime(1500);
    await fetchAnswered(other.store, other.rest.fetch(getCounter, { id: 'c' }), { id: 'c', count: 40 }, 1501);
    const saved = JSON.parse(JSON.stringify(rawSlice(other.rest, other.store.getState())));

    jest.setSystemTime(1000);
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getCounter, { id: 'c' }), { id: 'c', count: 10 }, 1001);
    jest.setSystemTime(2000);
    void store.dispatch(rest.fetch(increment, { id: 'c' }));
    expect(rest.selectData(store.getState(), getCounter, { id: 'c' })?.count).toBe(11);
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(rest.selectData(store.getState(), getCounter, { id: 'c' })!.count));
    store.dispatch(rest.actions.rehydrated(saved));
    unsubscribe();
    // The restored 40 (fetched before the increment started) is the base now, the pending increment
    // on top of it; never the layer computed against the old base (11).
    expect(new Set(seen)).toEqual(new Set([41]));
    expect(sliceOf(rest, store.getState()).entities.Counter.c.count).toBe(40);
  });

  it('two optimistic increments resolving in reverse order end at the server value', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getCounter, { id: 'c' }), { id: 'c', count: 0 }, 1001);
    jest.setSystemTime(2000);
    const first = store.dispatch(rest.fetch(increment, { id: 'c' }));
    jest.setSystemTime(2001);
    const second = store.dispatch(rest.fetch(increment, { id: 'c' }));
    expect(rest.selectData(store.getState(), getCounter, { id: 'c' })?.count).toBe(2);
    // The server handled both; the second answers first with the final count.
    (await sent(3)).reply({ id: 'c', count: 2 });
    await second;
    expect(rest.selectData(store.getState(), getCounter, { id: 'c' })?.count).toBe(2);
    (await sent(2)).reply({ id: 'c', count: 1 });
    await first;
    expect(rest.selectData(store.getState(), getCounter, { id: 'c' })?.count).toBe(2);
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
  });

  it('resetEntireStore removes every layer', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    const pending = store.dispatch(rest.fetch(Posts.update, p5, { title: 'opt' }));
    expect(rawSlice(rest, store.getState()).optimistic).toHaveLength(1);
    store.dispatch(rest.resetEntireStore());
    await outcome(pending);
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
    expect(rest.selectData(store.getState(), Posts.get, p5)).toBeUndefined();
  });

  it('an optimistic delete whose request fails shows the item again in every list', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    await fetchAnswered(store, rest.fetch(Posts.getList, { group: 'react', author: 'ann' }), [post5], 1020);
    const promise = store.dispatch(rest.fetch(Posts.delete, p5));
    expect(rest.selectData(store.getState(), Posts.getList, react)!.map((p) => p.id)).toEqual([6]);
    expect(rest.selectData(store.getState(), Posts.getList, { group: 'react', author: 'ann' })).toEqual([]);
    expect(rest.selectData(store.getState(), Posts.get, p5)).toBeUndefined();
    (await sent(3)).reply({ message: 'locked' }, { status: 409 });
    await outcome(promise);
    expect(rest.selectData(store.getState(), Posts.getList, react)!.map((p) => p.id)).toEqual([5, 6]);
    expect(rest.selectData(store.getState(), Posts.getList, { group: 'react', author: 'ann' })!.map((p) => p.id)).toEqual([5]);
    expect(rest.selectData(store.getState(), Posts.get, p5)?.title).toBe('hi');
  });
});

describe('only this instance\'s actions replace the layers', () => {
  it('an action of another slice (or another rtk-rest instance) carrying payload.layers leaves the layers alone', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    void store.dispatch(rest.fetch(Posts.update, p5, { title: 'opt' }));
    const layers = rawSlice(rest, store.getState()).optimistic;
    expect(layers).toHaveLength(1);
    // A map slice's own event, and the same action type shape from an instance at another reducerPath.
    store.dispatch({ type: 'map/loaded', payload: { layers: [] } });
    store.dispatch({ type: 'otherRest/fetch/fulfilled', payload: { layers: [] } });
    expect(rawSlice(rest, store.getState()).optimistic).toBe(layers);
    expect(rest.selectData(store.getState(), Posts.getList, react)?.[0]?.title).toBe('opt');
  });
});

describe('layers merge by request start order', () => {
  it('the documented example: an older layer loses on overlapping fields, an older response only fills gaps', async () => {
    class Task extends Entity {
      id = 0;
      title = '';
      done = false;
      pk() {
        return `${this.id}`;
      }
      static override key = 'Task';
    }
    const Tasks = createResource({ path: '/tasks/:id', schema: Task, urlPrefix: A, optimistic: true });
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(Tasks.get, { id: 5 }), { id: 5, title: 'a', done: false }, 1001);
    jest.setSystemTime(2000);
    const one = store.dispatch(rest.fetch(Tasks.partialUpdate, { id: 5 }, { title: 'opt1' }));
    jest.setSystemTime(2001);
    const two = store.dispatch(rest.fetch(Tasks.partialUpdate, { id: 5 }, { done: true }));
    const view = () => rest.selectData(store.getState(), Tasks.get, { id: 5 })!;
    expect([view().title, view().done]).toEqual(['opt1', true]);
    (await sent(3)).reply({ id: 5, title: 'a', done: true });
    await two;
    expect([view().title, view().done]).toEqual(['a', true]);
    (await sent(2)).reply({ id: 5, title: 'opt1', done: false });
    await one;
    expect([view().title, view().done]).toEqual(['a', true]);
  });
});

describe('placeholders for optimistic creations', () => {
  it('a push without a pk shows a placeholder in the matching lists, then the server entity', async () => {
    const { rest, store, actions } = setup();
    await withList(rest, store);
    actions.length = 0;
    const byAuthorId = { title: 'new', author: 1 } as unknown as Partial<Post>; // the server takes the author's id
    const promise = store.dispatch(rest.fetch(Posts.getList.push, react, byAuthorId));
    const requestId = (actions[0]!.meta as { requestId: string }).requestId;
    const list = rest.selectData(store.getState(), Posts.getList, react)!;
    expect(list.map((p) => p.title)).toEqual(['hi', 'six', 'new']);
    expect(sliceOf(rest, store.getState()).optimistic[0].write.entities.Post).toHaveProperty([`optimistic:${requestId}:0`]);
    (await sent(2)).reply({ id: 7, title: 'new', author: ann });
    await promise;
    const after = rest.selectData(store.getState(), Posts.getList, react)!;
    expect(after.map((p) => [p.id, p.title])).toEqual([[5, 'hi'], [6, 'six'], [7, 'new']]);
    expect(JSON.stringify(sliceOf(rest, store.getState()))).not.toContain('optimistic:');
  });

  it('two optimistic creations at once: each resolves to its own created entity, not the other one\'s placeholder', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    const first = store.dispatch(rest.fetch(Posts.getList.push, react, { title: 'A' }));
    const second = store.dispatch(rest.fetch(Posts.getList.push, react, { title: 'B' }));
    (await sent(2)).reply({ id: 7, title: 'A', author: ann });
    const a = (await first) as Post;
    expect([a.id, a.title]).toEqual([7, 'A']);
    (await sent(3)).reply({ id: 8, title: 'B', author: ann });
    const b = (await second) as Post;
    expect([b.id, b.title]).toEqual([8, 'B']);
    expect(rest.selectData(store.getState(), Posts.getList, react)!.map((p) => p.id)).toEqual([5, 6, 7, 8]);
  });

  it('two optimistic updates of one post at once: the first resolves to the post with the second still pending over it', async () => {
    const { rest, store } = setup();
    await withList(rest, store);
    const first = store.dispatch(rest.fetch(Posts.partialUpdate, p5, { title: 'one' }));
    const second = store.dispatch(rest.fetch(Posts.partialUpdate, p5, { title: 'two' }));
    (await sent(2)).reply({ ...post5, title: 'one' });
    expect(((await first) as Post).title).toBe('two');
    (await sent(3)).reply({ ...post5, title: 'two' });
    expect(((await second) as Post).title).toBe('two');
  });

  it('any other schema: an optimistic value without a pk drops the layer with a dev log', async () => {
    const { errors } = watchConsole();
    const { rest, store } = setup();
    const noPk = new RestEndpoint({ urlPrefix: A, path: '/p', method: 'POST', schema: Post, getOptimisticResponse: () => ({ title: 'no id' }) });
    void store.dispatch(rest.fetch(noPk, {}));
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
    expect(errors.map((call) => call.join(' ')).join('\n')).toMatch(/could not be normalized/);
    await sent(1);
  });
});

describe('layers are JSON and hold no request body, header or token', () => {
  it('a layer round-trips through JSON and holds neither the token header nor body-only fields', async () => {
    const { rest, store, actions } = setup();
    await withList(rest, store);
    class Authed extends RestEndpoint<any> {
      override getHeaders(headers: HeadersInit) {
        return { ...(headers as Record<string, string>), Authorization: 'Bearer s3cret-token' };
      }
    }
    const update = new Authed({
      urlPrefix: A,
      path: '/:group/posts/:id',
      method: 'PUT',
      schema: Post,
      getOptimisticResponse: (_snapshot: unknown, params: { id: number }, body: { title: string; password: string }) => ({ id: params.id, title: body.title }),
    });
    void store.dispatch(rest.fetch(update, p5, { title: 'opt', password: 'hunter2' }));
    const slice = rawSlice(rest, store.getState());
    expect(JSON.parse(JSON.stringify(slice))).toEqual(slice);
    const everything = JSON.stringify([slice, actions]);
    expect(everything).not.toContain('s3cret-token');
    expect(everything).not.toContain('hunter2');
    expect((await sent(2)).headers.authorization).toBe('Bearer s3cret-token');
  });
});

it('the example users stay intact beside layers (bob is untouched)', async () => {
  const { rest, store } = setup();
  await withList(rest, store, [post5, { ...post6, author: bob }]);
  void store.dispatch(rest.fetch(Posts.update, p5, { title: 'opt' }));
  expect(rest.selectData(store.getState(), Posts.get, { group: 'react', id: 6 })?.author.username).toBe('bob');
});
