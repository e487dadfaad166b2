import { NetworkError, RestEndpoint } from 'rtk-rest';
import { A, K, Post, PostResource, User, ann, fetchAnswered, flush, json, net, outcome, p5, p6, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment, watchConsole } from './support';

// fetchIfStale, invalidate, invalidateAll, expireAll, setResponse, setError,
// set, and the endpoint `update` option.

useTestEnvironment();

describe('fetchIfStale', () => {
  it('with nothing stored it fetches like rest.fetch', async () => {
    const { rest, store, types } = setup();
    const value = await fetchAnswered<Post>(store, rest.fetchIfStale(PostResource.get, p5), post5, 1040);
    expect(value).toBeInstanceOf(Post);
    expect(net.count).toBe(1);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  });

  it('with fresh data it resolves at once to the current selectData, without a request or an action', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    actions.length = 0;
    jest.setSystemTime(30000);
    const value = await store.dispatch(rest.fetchIfStale(PostResource.get, p5));
    expect(net.count).toBe(1);
    expect(actions).toEqual([]);
    expect(value).toBe(rest.selectData(store.getState(), PostResource.get, p5));
    expect(value?.title).toBe('hi');
  });

  it('with stale data it fetches', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(61041);
    const value = await fetchAnswered<Post>(store, rest.fetchIfStale(PostResource.get, p5), { ...post5, title: 'fresh' });
    expect(net.count).toBe(2);
    expect(value.title).toBe('fresh');
  });

  it('while a read for the key is in flight it joins it', async () => {
    const { rest, store } = setup();
    const first = store.dispatch(rest.fetch(PostResource.get, p5));
    const joined = store.dispatch(rest.fetchIfStale(PostResource.get, p5));
    (await net.nth(1)).reply(post5);
    const [a, b] = await Promise.all([first, joined]);
    expect(net.count).toBe(1);
    expect(b).toBe(a);
  });

  it('with no usable data and a fresh error it rejects with the stored error rebuilt, without a request', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 404, statusText: 'Not Found' }));
    jest.setSystemTime(1500);
    const result = await outcome(store.dispatch(rest.fetchIfStale(PostResource.get, p5)));
    expect(net.count).toBe(1);
    expect(result.ok).toBe(false);
    const error = (result as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 404, url: `${A}/react/posts/5`, message: `${A}/react/posts/5: Not Found` });
    expect(error.response).toBeUndefined();
  });
});

describe('invalidate', () => {
  it('removes the result and sets meta to { fetchedAt, date: now, expiresAt: 0, invalidated: true }; entities are untouched', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const entitiesBefore = rawSlice(rest, store.getState()).entities;
    jest.setSystemTime(2000);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    const slice = rawSlice(rest, store.getState());
    expect(slice.endpoints).not.toHaveProperty([K.post5]);
    expect(slice.meta[K.post5]).toStrictEqual({ fetchedAt: 1000, date: 2000, expiresAt: 0, invalidated: true });
    expect(slice.entities).toBe(entitiesBefore);
  });

  it('the key then reads undefined with expiryStatus "invalid", without inference', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.data).toBeUndefined();
    expect(response.expiryStatus).toBe('invalid');
    expect(rest.selectQuery(store.getState(), Post, p5)?.title).toBe('hi');
  });

  it('pending ids are kept and an error is removed', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500 }));
    jest.setSystemTime(1100);
    void store.dispatch(rest.fetch(PostResource.get, p5));
    const pending = rawSlice(rest, store.getState()).meta[K.post5].pending;
    expect(pending).toHaveLength(1);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    const meta = rawSlice(rest, store.getState()).meta[K.post5];
    expect(meta.pending).toEqual(pending);
    expect(meta).not.toHaveProperty('error');
    expect(meta).toMatchObject({ expiresAt: 0, invalidated: true, date: 1100 });
  });

  it('a later write makes the key readable again', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    jest.setSystemTime(3000);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 3010);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('valid');
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toStrictEqual({ fetchedAt: 3000, date: 3010, expiresAt: 63010 });
  });
});

describe('invalidateAll', () => {
  async function threeKeys() {
    const context = setup();
    const { rest, store } = context;
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p6), {}, undefined, { status: 500 }));
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5]);
    context.actions.length = 0;
    return context;
  }

  it('invalidates, in one action, every key in endpoints or meta that testKey accepts', async () => {
    const { rest, store, actions } = await threeKeys();
    store.dispatch(rest.invalidateAll({ testKey: (key: string) => key.startsWith(`GET ${A}/react/posts/`) }));
    expect(actions).toHaveLength(1);
    expect([...(actions[0]!.payload as { keys: string[] }).keys].sort()).toEqual([K.post5, K.post6]);
    const state = store.getState();
    expect(rest.selectResponse(state, PostResource.get, p5).expiryStatus).toBe('invalid');
    expect(rest.selectResponse(state, PostResource.get, p6).expiryStatus).toBe('invalid');
    expect(rest.selectData(state, PostResource.getList, react)).toHaveLength(1);
  });

  it('an endpoint can be passed as the argument (its testKey, called with this = the endpoint)', async () => {
    const { rest, store, actions } = await threeKeys();
    store.dispatch(rest.invalidateAll(PostResource.get));
    expect([...(actions[0]!.payload as { keys: string[] }).keys].sort()).toEqual([K.post5, K.post6]);
    expect(rawSlice(rest, store.getState()).meta[K.list]).not.toHaveProperty('invalidated');
  });

  it('when no key matches nothing is dispatched', async () => {
    const { rest, store, actions } = await threeKeys();
    const before = store.getState();
    store.dispatch(rest.invalidateAll({ testKey: () => false }));
    expect(actions).toEqual([]);
    expect(store.getState()).toBe(before);
  });
});

describe('expireAll', () => {
  it('sets expiresAt to 0 for every matching key with meta, in one action; data and errors stay; reads become stale', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1050);
    actions.length = 0;
    store.dispatch(rest.expireAll({ testKey: (key: string) => PostResource.get.testKey(key) }));
    expect(actions.map((a) => a.type)).toEqual(['rest/expireAll']);
    expect((actions[0]!.payload as { keys: string[] }).keys).toEqual([K.post5]);
    const slice = rawSlice(rest, store.getState());
    expect(slice.meta[K.post5]).toStrictEqual({ fetchedAt: 1000, date: 1040, expiresAt: 0 });
    expect(slice.meta[K.list].expiresAt).toBe(61050);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.data?.title).toBe('hi');
    expect(response.expiryStatus).toBe('stale');
  });

  it('a stored error stays', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500 }));
    store.dispatch(rest.expireAll(PostResource.get));
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toMatchObject({ expiresAt: 0, error: { status: 500 } });
  });

  it('for invalidIfStale endpoints the read becomes invalid', async () => {
    const { rest, store } = setup();
    const strict = PostResource.get.extend({ invalidIfStale: true });
    await fetchAnswered(store, rest.fetch(strict, p5), post5, 1040);
    store.dispatch(rest.expireAll(strict));
    const response = rest.selectResponse(store.getState(), strict, p5);
    expect(response.expiryStatus).toBe('invalid');
    expect(response.data).toBeUndefined();
  });
});

describe('setResponse', () => {
  it('writes the response as if a request had started and succeeded now', () => {
    const { rest, store } = setup();
    jest.setSystemTime(5000);
    store.dispatch(rest.setResponse(PostResource.get, p5, post5));
    const slice = sliceOf(rest, store.getState());
    expect(slice.endpoints[K.post5]).toBe('5');
    expect(slice.meta[K.post5]).toStrictEqual({ fetchedAt: 5000, date: 5000, expiresAt: 65000 });
    expect(slice.entitiesMeta.Post['5']).toStrictEqual({ fetchedAt: 5000, date: 5000, expiresAt: 65000 });
    const data = rest.selectData(store.getState(), PostResource.get, p5);
    expect(data).toBeInstanceOf(Post);
    expect(data?.author).toBeInstanceOf(User);
    expect(net.count).toBe(0);
  });

  it('the response is treated as the output of process (process is not called)', () => {
    const { rest, store } = setup();
    const process = jest.fn((value: unknown) => ({ ...(value as object), title: 'processed' }));
    const get = PostResource.get.extend({ process });
    store.dispatch(rest.setResponse(get, p5, post5));
    expect(process).not.toHaveBeenCalled();
    expect(rest.selectData(store.getState(), get, p5)?.title).toBe('hi');
  });

  it('a request in flight is not settled by it; when it answers, it is older and its promise resolves to the current value', async () => {
    const { rest, store } = setup();
    const inFlight = store.dispatch(rest.fetch(PostResource.get, p5));
    const request = await net.nth(1);
    jest.setSystemTime(1010);
    store.dispatch(rest.setResponse(PostResource.get, p5, { id: 5, title: 'set' }));
    expect(request.answered).toBe(false);
    expect(rawSlice(rest, store.getState()).meta[K.post5].pending).toHaveLength(1);
    jest.setSystemTime(1040);
    request.reply({ id: 5, title: 'server', author: ann });
    const value = await inFlight;
    const meta = rawSlice(rest, store.getState()).meta[K.post5];
    expect(meta).toStrictEqual({ fetchedAt: 1010, date: 1010, expiresAt: 61010 });
    expect(value?.title).toBe('set');
    expect(value?.author.username).toBe('ann');
    expect(value).toEqual(rest.selectData(store.getState(), PostResource.get, p5));
  });

  it('a response that fails to normalize makes dispatch throw the processing error; the state is unchanged', () => {
    const { rest, store } = setup();
    const before = store.getState();
    let error: any;
    try {
      store.dispatch(rest.setResponse(PostResource.get, p5, { title: 'no pk' }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Error processing GET https:\/\/api\.example\.com\/react\/posts\/5 with schema Post: /);
    expect(store.getState()).toBe(before);
  });
});

describe('setError', () => {
  it('records the serialized error as a request started now would; data is kept', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(2000);
    store.dispatch(rest.setError(PostResource.get, p5, new NetworkError(json({}, { status: 503, statusText: 'Busy' }), `${A}/react/posts/5`)));
    const slice = rawSlice(rest, store.getState());
    expect(slice.meta[K.post5]).toStrictEqual({
      fetchedAt: 2000,
      date: 2000,
      expiresAt: 3000,
      error: { name: 'NetworkError', message: `${A}/react/posts/5: Busy`, status: 503, url: `${A}/react/posts/5` },
    });
    expect(slice.endpoints[K.post5]).toBe('5');
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.status).toBe('rejected');
    expect(response.data?.title).toBe('hi');
    expect(response.error).toMatchObject({ status: 503 });
  });

  it('evaluates errorPolicy', () => {
    const { rest, store } = setup();
    const errorPolicy = jest.fn(() => 'soft' as const);
    const soft = PostResource.get.extend({ errorPolicy });
    const error = new Error('flaky');
    store.dispatch(rest.setResponse(soft, p5, post5));
    store.dispatch(rest.setError(soft, p5, error));
    expect(errorPolicy).toHaveBeenCalledWith(error);
    expect(rawSlice(rest, store.getState()).meta[K.post5].errorPolicy).toBe('soft');
    expect(rest.selectError(store.getState(), soft, p5)).toMatchObject({ message: 'flaky' });
  });

  it('does not call onUnauthorized, even for a 401', () => {
    const onUnauthorized = jest.fn();
    const { rest, store } = setup({ onUnauthorized });
    store.dispatch(rest.setResponse(PostResource.get, p5, post5));
    store.dispatch(rest.setError(PostResource.get, p5, new NetworkError(json({}, { status: 401 }), `${A}/react/posts/5`)));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
  });
});

describe('set', () => {
  it('with a value writes the entity with meta { fetchedAt: now, date: now, expiresAt: now + dataExpiryLength }; endpoints and meta untouched', async () => {
    const { rest, store } = setup({ dataExpiryLength: 5000 });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const before = rawSlice(rest, store.getState());
    jest.setSystemTime(2000);
    store.dispatch(rest.set(Post, { id: 5 }, { id: 5, title: 'local' }));
    const after = rawSlice(rest, store.getState());
    expect(after.endpoints).toBe(before.endpoints);
    expect(after.meta).toBe(before.meta);
    expect(sliceOf(rest, store.getState()).entitiesMeta.Post['5']).toStrictEqual({ fetchedAt: 2000, date: 2000, expiresAt: 7000 });
    expect(rest.selectQuery(store.getState(), Post, { id: 5 })?.title).toBe('local');
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('local');
  });

  it('with an updater it passes the current value and writes the result', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const updater = jest.fn((p: Post) => ({ ...p, title: p.title + '!' }));
    store.dispatch(rest.set(Post, { id: 5 }, updater));
    expect(updater).toHaveBeenCalledTimes(1);
    expect(updater.mock.calls[0]![0]).toMatchObject({ id: 5, title: 'hi' });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi!');
  });

  it('an updater for an entity that is not stored is not called and nothing happens', () => {
    const { rest, store, actions } = setup();
    const before = store.getState();
    const updater = jest.fn((p: Post) => ({ ...p, title: 'x' }));
    store.dispatch(rest.set(Post, { id: 42 }, updater));
    expect(updater).not.toHaveBeenCalled();
    expect(store.getState()).toBe(before);
    expect(actions.filter((a) => a.type === 'rest/set')).toHaveLength(0);
  });

  it('a creation schema appends to the matching lists', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    await fetchAnswered(store, rest.fetch(PostResource.getList, { group: 'vue' }), [post6], 1050);
    store.dispatch(rest.set(PostResource.getList.schema.push, react, { id: 9, title: 'draft' }));
    expect(rest.selectData(store.getState(), PostResource.getList, react)?.map((p: Post) => p.id)).toEqual([5, 9]);
    expect(rest.selectData(store.getState(), PostResource.getList, { group: 'vue' })?.map((p: Post) => p.id)).toEqual([6]);
  });

  it('an invalid value makes dispatch throw the processing error; the state is unchanged', () => {
    const { rest, store } = setup();
    const before = store.getState();
    let error: any;
    try {
      store.dispatch(rest.set(Post, { id: 5 }, { title: 'no pk' } as any));
    } catch (caught) {
      error = caught;
    }
    expect(error?.status).toBe(400);
    expect(store.getState()).toBe(before);
  });

  it('set with a value by pk string works too', () => {
    const { rest, store } = setup();
    store.dispatch(rest.set(User, '1', ann));
    expect(rest.selectQuery(store.getState(), User, '1')?.username).toBe('ann');
    expect(rest.selectQuery(store.getState(), User, { username: 'ann' })?.id).toBe(1);
  });
});

describe('the endpoint update option', () => {
  const getIds = new RestEndpoint({ path: '/:group/ids', urlPrefix: A, schema: [Post] });
  const idsKey = `GET ${A}/react/ids`;
  const otherKey = `GET ${A}/vue/ids`;
  const create = new RestEndpoint({
    path: '/:group/posts',
    method: 'POST',
    urlPrefix: A,
    schema: Post,
    update: (newPk: string, params: { group: string }) => ({
      [getIds.key({ group: params.group })]: (previous: string[]) => [...previous, newPk],
      [otherKey]: (previous: string[]) => [...previous, newPk],
    }),
  });

  it('update runs after the response is normalized and changes other keys’ results; meta is untouched', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getIds, react), [post5], 1040);
    const metaBefore = rawSlice(rest, store.getState()).meta[idsKey];
    await fetchAnswered(store, rest.fetch(create, react, { title: 'new' }), { id: 9, title: 'new' }, 2000);
    const slice = rawSlice(rest, store.getState());
    expect(slice.endpoints[idsKey]).toEqual(['5', '9']);
    expect(slice.meta[idsKey]).toBe(metaBefore);
    expect(rest.selectData(store.getState(), getIds, react)?.map((p: Post) => p.id)).toEqual([5, 9]);
  });

  it('an updater is applied only to keys that have a result', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getIds, react), [post5], 1040);
    await fetchAnswered(store, rest.fetch(create, react, { title: 'new' }), { id: 9, title: 'new' });
    const slice = rawSlice(rest, store.getState());
    expect(slice.endpoints).not.toHaveProperty([otherKey]);
    expect(slice.meta).not.toHaveProperty([otherKey]);
  });

  it('update also runs for setResponse', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getIds, react), [post5], 1040);
    store.dispatch(rest.setResponse(create, react, { title: 'new' }, { id: 9, title: 'new' }));
    expect(rawSlice(rest, store.getState()).endpoints[idsKey]).toEqual(['5', '9']);
  });

  it('a throwing update is skipped with a dev log; the rest of the write proceeds', async () => {
    const { rest, store } = setup();
    const consoleCalls = watchConsole();
    const throwing = create.extend({
      update: () => {
        throw new Error('update exploded');
      },
    });
    await fetchAnswered(store, rest.fetch(getIds, react), [post5], 1040);
    const created = await fetchAnswered<Post>(store, rest.fetch(throwing, react, { title: 'new' }), { id: 9, title: 'new' });
    expect(created.id).toBe(9);
    expect(rest.selectQuery(store.getState(), Post, 9)?.title).toBe('new');
    expect(rawSlice(rest, store.getState()).endpoints[idsKey]).toEqual(['5']);
    expect(consoleCalls.errors.length).toBeGreaterThan(0);
  });

  it('a throwing updater is skipped with a dev log; the other updaters apply', async () => {
    const { rest, store } = setup();
    const consoleCalls = watchConsole();
    const other = new RestEndpoint({ path: '/:group/more-ids', urlPrefix: A, schema: [Post] });
    const partlyThrowing = create.extend({
      update: (newPk: string) => ({
        [idsKey]: () => {
          throw new Error('updater exploded');
        },
        [other.key(react)]: (previous: string[]) => [...previous, newPk],
      }),
    });
    await fetchAnswered(store, rest.fetch(getIds, react), [post5], 1040);
    await fetchAnswered(store, rest.fetch(other, react), [post6], 1050);
    await fetchAnswered(store, rest.fetch(partlyThrowing, react, { title: 'new' }), { id: 9, title: 'new' });
    const slice = rawSlice(rest, store.getState());
    expect(slice.endpoints[idsKey]).toEqual(['5']);
    expect(slice.endpoints[other.key(react)]).toEqual(['6', '9']);
    expect(consoleCalls.errors.length).toBeGreaterThan(0);
  });

  it('an updater’s return value is written as JSON', async () => {
    const { rest, store } = setup();
    const stats = new RestEndpoint({ path: '/stats', urlPrefix: A });
    const bump = new RestEndpoint({
      path: '/bump',
      method: 'POST',
      urlPrefix: A,
      update: () => ({ [`GET ${A}/stats`]: (previous: { n: number }) => ({ n: previous.n + 1, at: new Date(0), skip: undefined }) }),
    });
    await fetchAnswered(store, rest.fetch(stats), { n: 1 });
    await fetchAnswered(store, rest.fetch(bump, {}), { ok: true });
    expect(rawSlice(rest, store.getState()).endpoints[`GET ${A}/stats`]).toStrictEqual({ n: 2, at: '1970-01-01T00:00:00.000Z' });
  });
});

describe('settled', () => {
  it('resolves at once when no request of the store is in flight', async () => {
    const { rest, store } = setup();
    let done = false;
    void store.dispatch(rest.settled()).then(() => (done = true));
    await flush();
    expect(done).toBe(true);
    expect(net.count).toBe(0);
  });

  it('waits for every request the store started, including a retry after a 503 and a read started while it waits', async () => {
    const { rest, store } = setup();
    const read = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    void store.dispatch(rest.fetch(PostResource.getList, react));
    let done = false;
    void store.dispatch(rest.settled()).then(() => (done = true));
    (await net.nth(1)).reply({}, { status: 503, headers: { 'Retry-After': '2' } });
    (await net.nth(2)).reply([post5, post6]);
    await flush();
    // The read of post 5 waits for its retry: the store still has a request in flight.
    expect(done).toBe(false);
    // Started while settled() waits: it is waited for too.
    void store.dispatch(rest.fetch(PostResource.get, p6));
    jest.advanceTimersByTime(2000);
    (await net.nth(3)).reply(post6);
    const retried = await net.nth(4);
    await flush();
    expect(done).toBe(false);
    retried.reply(post5);
    expect(net.requests.map((request) => request.url)).toEqual([
      'https://api.example.com/react/posts/5',
      'https://api.example.com/react/posts',
      'https://api.example.com/react/posts/6',
      'https://api.example.com/react/posts/5',
    ]);
    expect((await read).ok).toBe(true);
    await flush();
    expect(done).toBe(true);
    expect(rest.selectData(store.getState(), PostResource.get, p6)?.title).toBe('six');
  });

  it('never rejects: a failed request counts as settled', async () => {
    const { rest, store } = setup({ retry: false });
    const failed = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    const settled = outcome(store.dispatch(rest.settled()));
    (await net.nth(1)).reply({}, { status: 500 });
    expect((await failed).ok).toBe(false);
    expect(await settled).toEqual({ ok: true, value: undefined });
  });

  it('waits only for its own store: a request of another store is not waited for', async () => {
    const first = setup();
    const second = setup();
    void second.store.dispatch(second.rest.fetch(PostResource.get, p5));
    await net.nth(1);
    let done = false;
    void first.store.dispatch(first.rest.settled()).then(() => (done = true));
    await flush();
    expect(done).toBe(true);
    net.requests[0]!.reply(post5);
    await second.store.dispatch(second.rest.settled());
  });
});
