import type { UnknownAction } from '@reduxjs/toolkit';
import { ResetError, createRest } from 'rtk-rest';
import { INITIAL, K, Post, PostResource, fetchAnswered, flush, makeStore, net, outcome, p5, p6, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';

// resetEntireStore, requests cut off by it, server rendering and hydration.

useTestEnvironment();

describe('resetEntireStore', () => {
  it('the initial slice has every table empty, optimistic [] and lastReset 0', () => {
    const rest = createRest();
    expect(rest.reducer(undefined, { type: '@@test/init' })).toStrictEqual(INITIAL);
    const { store } = setup();
    expect(sliceOf(rest, store.getState())).toStrictEqual(INITIAL);
  });

  it('dispatches resetEntireStore { date: now }; the slice becomes the initial state with lastReset: date', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 9 }), {}, 1050, { status: 500 }));
    actions.length = 0;
    jest.setSystemTime(5000);
    store.dispatch(rest.resetEntireStore());
    expect(actions.map((a) => a.type)).toEqual(['rest/resetEntireStore']);
    expect(actions[0]!.payload).toMatchObject({ date: 5000 });
    expect(sliceOf(rest, store.getState())).toStrictEqual({ ...INITIAL, lastReset: 5000 });
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toBeUndefined();
    expect(rest.selectQuery(store.getState(), Post, 5)).toBeUndefined();
  });
});

describe('requests in flight during a reset', () => {
  it('their promises reject with a ResetError once the reset is committed', async () => {
    const { rest, store } = setup();
    const seen: Array<{ error: unknown; lastReset: number }> = [];
    const record = (error: unknown) => {
      seen.push({ error, lastReset: rawSlice(rest, store.getState()).lastReset });
    };
    const read = store.dispatch(rest.fetch(PostResource.get, p5)).catch(record);
    const joined = store.dispatch(rest.fetch(PostResource.get, p5)).catch(record);
    const mutation = store.dispatch(rest.fetch(PostResource.update, p6, { title: 'x' })).catch(record);
    await net.nth(2);
    jest.setSystemTime(1500);
    store.dispatch(rest.resetEntireStore());
    await Promise.all([read, joined, mutation]);
    expect(seen).toHaveLength(3);
    for (const { error, lastReset } of seen) {
      expect(error).toBeInstanceOf(ResetError);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('ResetError');
      expect((error as Error).message).toBe('Request discarded by resetEntireStore()');
      expect(lastReset).toBe(1500);
    }
  });

  it('their network requests are aborted, together with the signal of the endpoint', async () => {
    const { rest, store } = setup();
    const own = new AbortController();
    const read = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ signal: own.signal }), p5)));
    const mutation = outcome(store.dispatch(rest.fetch(PostResource.update, p6, { title: 'x' })));
    await net.nth(2);
    const signals = net.requests.map((request) => request.init.signal!);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false]);
    store.dispatch(rest.resetEntireStore());
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
    expect(signals.map((signal) => signal.reason)).toEqual([expect.any(ResetError), expect.any(ResetError)]);
    await Promise.all([read, mutation]);
    // The endpoint's own signal still aborts the request it is part of.
    const again = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ signal: own.signal }), p5)));
    await net.nth(3);
    own.abort();
    expect(net.requests[2]!.init.signal!.aborted).toBe(true);
    await again;
  });

  it('their responses are dropped and no fulfilled/rejected action is dispatched for them', async () => {
    const { rest, store, actions } = setup();
    const read = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    const failing = outcome(store.dispatch(rest.fetch(PostResource.get, p6)));
    await net.nth(2);
    store.dispatch(rest.resetEntireStore());
    const afterReset = store.getState();
    actions.length = 0;
    net.requests[0]!.reply(post5);
    net.requests[1]!.reply({}, { status: 500 });
    await Promise.all([read, failing]);
    await flush();
    expect(actions).toEqual([]);
    expect(store.getState()).toBe(afterReset);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
  });

  it('a later fetch of the same key starts a new request', async () => {
    const { rest, store, actions } = setup();
    const old = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    await net.nth(1);
    store.dispatch(rest.resetEntireStore());
    await old;
    actions.length = 0;
    const fresh = store.dispatch(rest.fetch(PostResource.get, p5));
    expect(actions.map((a: UnknownAction) => a.type)).toEqual(['rest/fetch/pending']);
    (await net.nth(2)).reply({ ...post5, title: 'fresh' });
    net.requests[0]!.reply({ ...post5, title: 'old' });
    expect((await fresh)?.title).toBe('fresh');
    await flush();
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('fresh');
  });

  it('a ResetError is never stored', async () => {
    const { rest, store } = setup();
    const old = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    await net.nth(1);
    store.dispatch(rest.resetEntireStore());
    await old;
    expect(rawSlice(rest, store.getState()).meta).toEqual({});
  });
});

describe('server rendering and hydration', () => {
  async function serverSlice(): Promise<string> {
    const rest = createRest();
    const store = makeStore(rest);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 9 }), {}, 1050, { status: 404, statusText: 'Not Found' }));
    return JSON.stringify(store.getState()[rest.reducerPath]);
  }

  it('the JSON round trip of the slice, passed as preloadedState, is readable at once without requests', async () => {
    const html = await serverSlice();
    const requestsOnServer = net.count;
    jest.setSystemTime(2000);
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: JSON.parse(html) } });
    const list = rest.selectData(store.getState(), PostResource.getList, react);
    expect(list?.map((p: Post) => p.title)).toEqual(['hi', 'six']);
    expect(list?.[0]).toBeInstanceOf(Post);
    expect(list?.[0]?.author.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(rest.selectResponse(store.getState(), PostResource.getList, react)).toMatchObject({ status: 'fulfilled', expiryStatus: 'valid', expiresAt: 61040 });
    expect(net.count).toBe(requestsOnServer);
  });

  it('hydrated data is not refetched while fresh by the client clock, and is refetched once expired', async () => {
    const html = await serverSlice();
    const requestsOnServer = net.count;
    jest.setSystemTime(2000);
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: JSON.parse(html) } });
    const value = await store.dispatch(rest.fetchIfStale(PostResource.getList, react));
    expect(value?.map((p: Post) => p.id)).toEqual([5, 6]);
    expect(value).toBe(rest.selectData(store.getState(), PostResource.getList, react));
    expect(net.count).toBe(requestsOnServer);
    jest.setSystemTime(61041);
    void store.dispatch(rest.fetchIfStale(PostResource.getList, react));
    await net.nth(requestsOnServer + 1);
  });

  it('freshness is judged by the absolute expiresAt against the client clock', async () => {
    const html = await serverSlice();
    jest.setSystemTime(100000);
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: JSON.parse(html) } });
    expect(rest.selectResponse(store.getState(), PostResource.getList, react).expiryStatus).toBe('stale');
  });

  it('stored errors come back as stored', async () => {
    const html = await serverSlice();
    jest.setSystemTime(1500);
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: JSON.parse(html) } });
    expect(rest.selectError(store.getState(), PostResource.get, { group: 'react', id: 9 })).toStrictEqual(JSON.parse(html).meta[`GET https://api.example.com/react/posts/9`].error);
    expect(rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 9 }).status).toBe('rejected');
  });

  it('inferred reads work on hydrated data', async () => {
    const html = await serverSlice();
    jest.setSystemTime(2000);
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: JSON.parse(html) } });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
  });

  it('missing tables count as empty', async () => {
    const rest = createRest();
    const partial = {
      endpoints: { [K.post5]: '5' },
      meta: { [K.post5]: { fetchedAt: 1000, date: 1040, expiresAt: 61040 } },
      entities: { Post: { '5': { id: 5, title: 'hi' } } },
    };
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: partial } });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6, 1100);
    expect(rest.selectData(store.getState(), PostResource.get, p6)?.author.username).toBe('bob');
    expect(rest.selectQuery(store.getState(), Post, 5)?.title).toBe('hi');
  });
});

describe('middlewareRegistered drops preloaded pending ids and layers', () => {
  it('meta[key].pending and every layer are dropped on middlewareRegistered', async () => {
    const server = createRest();
    const serverStore = makeStore(server);
    await fetchAnswered(serverStore, server.fetch(PostResource.get, p6), post6, 1040);
    void serverStore.dispatch(server.fetch(PostResource.get, p5));
    const slice = JSON.parse(JSON.stringify(serverStore.getState().rest));
    expect(slice.meta[K.post5].pending).toHaveLength(1);
    slice.optimistic = [{ requestId: 'ghost', key: K.update5, endpoint: 'Post.update', fetchedAt: 900 }];

    const rest = createRest();
    const log: UnknownAction[] = [];
    const store = makeStore(rest, { preloadedState: { rest: slice }, log });
    store.dispatch({ type: 'app/first' });
    expect(log.map((a) => a.type)).toContain('rest/middlewareRegistered');
    const after = rawSlice(rest, store.getState());
    expect(after.meta[K.post5]?.pending).toBeUndefined();
    expect(after.optimistic).toEqual([]);
    expect(rest.selectData(store.getState(), PostResource.get, p6)?.title).toBe('six');
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).isFetching).toBe(false);
  });

  it('a preloaded pending id is not a live request: fetchIfStale sends its own', async () => {
    const server = createRest();
    const serverStore = makeStore(server);
    void serverStore.dispatch(server.fetch(PostResource.get, p5));
    await net.nth(1);
    const slice = JSON.parse(JSON.stringify(serverStore.getState().rest));
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { rest: slice } });
    const promise = store.dispatch(rest.fetchIfStale(PostResource.get, p5));
    (await net.nth(2)).reply(post5);
    expect((await promise)?.title).toBe('hi');
  });
});
