import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type * as RtkModule from '@reduxjs/toolkit';
import type * as RtkRestModule from 'rtk-rest';
import { RestEndpoint, createRest } from 'rtk-rest';
import { A, K, Post, PostResource, fetchAnswered, makeStore, net, p5, post5, rawSlice, setup, useTestEnvironment } from './support';

// createRest options, the returned object, wiring and misconfiguration.

useTestEnvironment();

const MISSING_MIDDLEWARE =
  'rtk-rest: the middleware for reducerPath "rest" is not installed. Add it with configureStore({ middleware: (getDefault) => getDefault().concat(rest.middleware) }).';
const MISSING_REDUCER = 'rtk-rest: no state at state.rest. Add the reducer with configureStore({ reducer: { [rest.reducerPath]: rest.reducer } }).';

describe('createRest options and defaults', () => {
  it('reducerPath defaults to "rest"', () => {
    const rest = createRest();
    expect(rest.reducerPath).toBe('rest');
  });

  it('reducerPath names the slice key and prefixes every action type', async () => {
    const { rest, store, types } = setup({ reducerPath: 'api' });
    expect(rest.reducerPath).toBe('api');
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rawSlice(rest, store.getState()).endpoints[K.post5]).toBe('5');
    expect(types()).toEqual(['api/fetch/pending', 'api/fetch/fulfilled']);
  });

  it('dataExpiryLength defaults to 60000 ms', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(61040);
  });

  it('errorExpiryLength defaults to 1000 ms', async () => {
    const { rest, store } = setup({ onUnauthorized: () => undefined });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { detail: 'x' }, 1040, { status: 500 }).catch(() => undefined);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toMatchObject({ date: 1040, expiresAt: 2040 });
  });

  it('the createRest expiry lengths apply when an endpoint sets none', async () => {
    const { rest, store } = setup({ dataExpiryLength: 5000, errorExpiryLength: 300 });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(6040);
    await fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 6 }), {}, 2000, { status: 500 }).catch(() => undefined);
    expect(rawSlice(rest, store.getState()).meta[K.post6].expiresAt).toBe(2300);
  });

  it("an endpoint's own expiry lengths win over the createRest values", async () => {
    const { rest, store } = setup({ dataExpiryLength: 5000, errorExpiryLength: 300 });
    const get = PostResource.get.extend({ dataExpiryLength: 100, errorExpiryLength: 7 });
    await fetchAnswered(store, rest.fetch(get, p5), post5, 1040);
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(1140);
    await fetchAnswered(store, rest.fetch(get, p5), {}, 2000, { status: 500 }).catch(() => undefined);
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(2007);
  });

  it('gc accepts either field alone, or false', () => {
    expect(() => createRest({ gc: { intervalMs: 10 } })).not.toThrow();
    expect(() => createRest({ gc: { graceMs: 10 } })).not.toThrow();
    expect(() => createRest({ gc: false })).not.toThrow();
  });

  it('one expiry cap serves setResponse, setError and set: an Infinity length stays a finite expiresAt', () => {
    const { rest, store } = setup({ dataExpiryLength: Infinity, errorExpiryLength: Infinity });
    store.dispatch(rest.setResponse(PostResource.get, p5, post5));
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(Number.MAX_SAFE_INTEGER);
    store.dispatch(rest.setError(PostResource.get, p5, new Error('offline')));
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(Number.MAX_SAFE_INTEGER);
    store.dispatch(rest.set(Post, { id: 6 }, { ...post5, id: 6 }));
    expect(rawSlice(rest, store.getState()).entitiesMeta.Post!['6']!.expiresAt).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('an Infinity expiry length is allowed and expiresAt stays a finite number', async () => {
    const { rest, store } = setup({ dataExpiryLength: Infinity });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rawSlice(rest, store.getState()).meta[K.post5].expiresAt).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('option validation', () => {
  it.each([
    ['dataExpiryLength', { dataExpiryLength: -1 }],
    ['dataExpiryLength', { dataExpiryLength: NaN }],
    ['dataExpiryLength', { dataExpiryLength: '5' }],
    ['errorExpiryLength', { errorExpiryLength: -1 }],
    ['errorExpiryLength', { errorExpiryLength: NaN }],
    ['errorExpiryLength', { errorExpiryLength: null }],
    ['intervalMs', { gc: { intervalMs: -1 } }],
    ['intervalMs', { gc: { intervalMs: NaN } }],
    ['graceMs', { gc: { graceMs: -5 } }],
    ['graceMs', { gc: { graceMs: '10' } }],
  ])('a bad %s throws a RangeError naming the option (%j)', (name, options) => {
    let error: unknown;
    try {
      createRest(options as any);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toContain(name);
  });

  // createRest and endpoints share one check of lengths in ms: the same rule and the same words.
  it.each([
    [{ dataExpiryLength: -1 }, 'createRest: dataExpiryLength must be a number of ms ≥ 0 (Infinity allowed), got -1'],
    [{ gc: { graceMs: '10' } }, 'createRest: gc.graceMs must be a number of ms ≥ 0 (Infinity allowed), got 10'],
    [{ timeout: 0 }, 'createRest: timeout must be a finite number of ms > 0, got 0'],
    [{ timeout: Infinity }, 'createRest: timeout must be a finite number of ms > 0, got Infinity'],
  ])('%j throws "%s"', (options, message) => {
    expect(() => createRest(options as any)).toThrow(new RangeError(message));
  });

  it('an expiry length of Infinity and a finite timeout are allowed', () => {
    expect(() => createRest({ dataExpiryLength: Infinity, errorExpiryLength: Infinity, timeout: 5_000 })).not.toThrow();
  });

  it.each([[''], [5], [null]])('reducerPath %j throws a TypeError', (reducerPath) => {
    expect(() => createRest({ reducerPath } as any)).toThrow(TypeError);
  });

  it('zero expiry lengths are allowed', () => {
    expect(() => createRest({ dataExpiryLength: 0, errorExpiryLength: 0, gc: { intervalMs: 0, graceMs: 0 } })).not.toThrow();
  });
});

describe('the returned object', () => {
  it('has reducerPath, reducer, middleware, actions, the thunk creators and the selectors', () => {
    const rest = createRest();
    expect(typeof rest.reducer).toBe('function');
    expect(typeof rest.middleware).toBe('function');
    expect(typeof rest.actions).toBe('object');
    for (const name of ['fetch', 'fetchIfStale', 'invalidate', 'invalidateAll', 'expireAll', 'resetEntireStore', 'setResponse', 'setError', 'set', 'subscribe'] as const) {
      expect({ name, type: typeof rest[name] }).toEqual({ name, type: 'function' });
    }
    for (const name of ['selectResponse', 'selectData', 'selectError', 'selectQuery'] as const) {
      expect(typeof rest[name]).toBe('function');
    }
  });

  it('is slice-like: combineSlices(rest, …) mounts it at its reducerPath', async () => {
    const rest = createRest();
    const todos = createSlice({ name: 'todos', initialState: [] as string[], reducers: {} });
    const store = configureStore({ reducer: combineSlices(rest, todos), middleware: (g) => g().concat(rest.middleware) });
    expect(store.getState()).toHaveProperty('rest');
    expect(store.getState()).toHaveProperty('todos');
    await fetchAnswered(store as any, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
  });

  it('is slice-like: rootReducer.inject(rest) works', async () => {
    const rest = createRest();
    const todos = createSlice({ name: 'todos', initialState: [] as string[], reducers: {} });
    const rootReducer = combineSlices(todos).withLazyLoadedSlices<{ rest: ReturnType<typeof rest.reducer> }>();
    const store = configureStore({ reducer: rootReducer, middleware: (g) => g().concat(rest.middleware) });
    rootReducer.inject(rest);
    store.dispatch({ type: 'test/after-inject' });
    expect(store.getState()).toHaveProperty('rest');
    await fetchAnswered(store as any, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeInstanceOf(Post);
  });
});

describe('instances and stores', () => {
  it('one instance serves two stores; in-flight requests are not shared between them', async () => {
    const rest = createRest();
    const one = makeStore(rest);
    const two = makeStore(rest);
    const first = one.dispatch(rest.fetch(PostResource.get, p5));
    const second = two.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(2);
    expect(net.count).toBe(2);
    net.requests[0]!.reply(post5);
    await first;
    expect(rest.selectData(one.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(rest.selectData(two.getState(), PostResource.get, p5)).toBeUndefined();
    net.requests[1]!.reply({ ...post5, title: 'two' });
    await second;
    expect(rest.selectData(two.getState(), PostResource.get, p5)?.title).toBe('two');
    expect(rest.selectData(one.getState(), PostResource.get, p5)?.title).toBe('hi');
  });

  it('two instances under different reducerPaths in one store each see only their own actions and slice', async () => {
    const a = createRest({ reducerPath: 'a' });
    const b = createRest({ reducerPath: 'b' });
    const store = configureStore({
      reducer: { a: a.reducer, b: b.reducer },
      middleware: (g) => g().concat(a.middleware, b.middleware),
    });
    store.dispatch({ type: 'test/ready' });
    const sliceB = store.getState().b;
    await fetchAnswered(store as any, a.fetch(PostResource.get, p5), post5, 1040);
    expect(a.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(store.getState().b).toBe(sliceB);
    expect(b.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
  });
});

describe('missing middleware', () => {
  function storeWithoutMiddleware(rest: ReturnType<typeof createRest>) {
    return configureStore({ reducer: { [rest.reducerPath]: rest.reducer } });
  }

  it('rest.fetch throws synchronously from dispatch with the exact message', () => {
    const rest = createRest();
    const store = storeWithoutMiddleware(rest);
    const before = store.getState();
    expect(() => store.dispatch(rest.fetch(PostResource.get, p5) as any)).toThrow(MISSING_MIDDLEWARE);
    expect(store.getState()).toBe(before);
    expect(net.count).toBe(0);
  });

  it.each([
    ['fetchIfStale', (rest: ReturnType<typeof createRest>) => rest.fetchIfStale(PostResource.get, p5)],
    ['invalidate', (rest: ReturnType<typeof createRest>) => rest.invalidate(PostResource.get, p5)],
    ['invalidateAll', (rest: ReturnType<typeof createRest>) => rest.invalidateAll(PostResource.get)],
    ['expireAll', (rest: ReturnType<typeof createRest>) => rest.expireAll(PostResource.get)],
    ['resetEntireStore', (rest: ReturnType<typeof createRest>) => rest.resetEntireStore()],
    ['setResponse', (rest: ReturnType<typeof createRest>) => rest.setResponse(PostResource.get, p5, post5)],
    ['setError', (rest: ReturnType<typeof createRest>) => rest.setError(PostResource.get, p5, new Error('x'))],
    ['set', (rest: ReturnType<typeof createRest>) => rest.set(Post, { id: 5 }, post5)],
    ['subscribe', (rest: ReturnType<typeof createRest>) => rest.subscribe(PostResource.get, p5)],
  ])('rest.%s throws the same error from dispatch', (_name, thunk) => {
    const rest = createRest();
    const store = storeWithoutMiddleware(rest);
    expect(() => store.dispatch(thunk(rest) as any)).toThrow(MISSING_MIDDLEWARE);
  });

  it('the message names the reducerPath of the instance', () => {
    const rest = createRest({ reducerPath: 'api' });
    const store = storeWithoutMiddleware(rest);
    expect(() => store.dispatch(rest.fetch(PostResource.get, p5) as any)).toThrow('the middleware for reducerPath "api" is not installed');
  });

  it('throws in production builds too (all builds)', () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const prod = require('rtk-rest') as typeof RtkRestModule;
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const rtk = require('@reduxjs/toolkit') as typeof RtkModule;
        const rest = prod.createRest();
        const get = new prod.RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A });
        const store = rtk.configureStore({ reducer: { rest: rest.reducer } });
        expect(() => store.dispatch(rest.fetch(get, p5) as any)).toThrow(MISSING_MIDDLEWARE);
      });
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});

describe('missing reducer', () => {
  function storeWithoutReducer(rest: ReturnType<typeof createRest>) {
    return configureStore({ reducer: { other: (state: number = 0) => state }, middleware: (g) => g().concat(rest.middleware) });
  }

  it('the first selector call throws the exact dev error', () => {
    const rest = createRest();
    const store = storeWithoutReducer(rest);
    expect(() => rest.selectData(store.getState(), PostResource.get, p5)).toThrow(MISSING_REDUCER);
  });

  it.each([
    ['invalidate', (rest: ReturnType<typeof createRest>) => rest.invalidate(PostResource.get, p5)],
    ['invalidateAll', (rest: ReturnType<typeof createRest>) => rest.invalidateAll(PostResource.get)],
    ['expireAll', (rest: ReturnType<typeof createRest>) => rest.expireAll(PostResource.get)],
    ['resetEntireStore', (rest: ReturnType<typeof createRest>) => rest.resetEntireStore()],
    ['setResponse', (rest: ReturnType<typeof createRest>) => rest.setResponse(PostResource.get, p5, post5)],
    ['setError', (rest: ReturnType<typeof createRest>) => rest.setError(PostResource.get, p5, new Error('x'))],
    ['set', (rest: ReturnType<typeof createRest>) => rest.set(Post, { id: 5 }, post5)],
  ])('the first thunk (rest.%s) throws the exact dev error', (_name, thunk) => {
    const rest = createRest();
    const store = storeWithoutReducer(rest);
    expect(() => store.dispatch(thunk(rest) as any)).toThrow(MISSING_REDUCER);
  });

  it.each([
    ['fetch', (rest: ReturnType<typeof createRest>) => rest.fetch(PostResource.get, p5)],
    ['fetchIfStale', (rest: ReturnType<typeof createRest>) => rest.fetchIfStale(PostResource.get, p5)],
  ])('rest.%s fails with the exact dev error (thrown or rejected) and sends nothing', async (_name, thunk) => {
    const rest = createRest();
    const store = storeWithoutReducer(rest);
    let error: unknown;
    try {
      await store.dispatch(thunk(rest) as any);
    } catch (caught) {
      error = caught;
    }
    expect((error as Error)?.message).toBe(MISSING_REDUCER);
    expect(net.count).toBe(0);
  });

  it('a reducer mounted under another key counts as missing', () => {
    const rest = createRest();
    const store = configureStore({ reducer: { api: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
    expect(() => rest.selectResponse(store.getState(), PostResource.get, p5)).toThrow(MISSING_REDUCER);
  });
});

describe('duplicate instances', () => {
  it('two instances with the same reducerPath in one store: a dev error on the first action naming the reducerPath', () => {
    const one = createRest({ reducerPath: 'dupPath' });
    const two = createRest({ reducerPath: 'dupPath' });
    const store = configureStore({ reducer: { dupPath: one.reducer }, middleware: (g) => g().concat(one.middleware, two.middleware) });
    expect(() => store.dispatch({ type: 'app/first' })).toThrow(/dupPath/);
  });

  it("one instance's middleware added twice: a dev error on the first action naming the reducerPath", () => {
    const rest = createRest({ reducerPath: 'twicePath' });
    // RTK's configureStore rejects the very same function twice before any action; a wrapper
    // installs the same instance's middleware twice past that check (as applyMiddleware would).
    const again: typeof rest.middleware = (api) => rest.middleware(api);
    const store = configureStore({ reducer: { twicePath: rest.reducer }, middleware: (g) => g().concat(rest.middleware, again) });
    expect(() => store.dispatch({ type: 'app/first' })).toThrow(/twicePath/);
  });

  it('one instance per reducerPath raises no error', () => {
    const rest = createRest();
    const store = makeStore(rest);
    expect(() => store.dispatch({ type: 'app/first' })).not.toThrow();
  });
});

describe('middlewareRegistered', () => {
  it('the first action the middleware sees makes it dispatch `${reducerPath}/middlewareRegistered`, once per store', () => {
    const rest = createRest({ reducerPath: 'api' });
    const log: UnknownAction[] = [];
    const store = makeStore(rest, { log });
    expect(log.map((a) => a.type)).not.toContain('api/middlewareRegistered');
    store.dispatch({ type: 'app/first' });
    store.dispatch({ type: 'app/second' });
    const registered = log.filter((a) => a.type === 'api/middlewareRegistered');
    expect(registered).toHaveLength(1);
    expect(rest.actions.middlewareRegistered.match(registered[0])).toBe(true);
    expect(log.map((a) => a.type)).toEqual(expect.arrayContaining(['app/first', 'app/second']));
  });

  it('each store gets its own middlewareRegistered', () => {
    const rest = createRest();
    const logOne: UnknownAction[] = [];
    const logTwo: UnknownAction[] = [];
    makeStore(rest, { log: logOne }).dispatch({ type: 'app/first' });
    makeStore(rest, { log: logTwo }).dispatch({ type: 'app/first' });
    expect(logOne.filter((a) => a.type === 'rest/middlewareRegistered')).toHaveLength(1);
    expect(logTwo.filter((a) => a.type === 'rest/middlewareRegistered')).toHaveLength(1);
  });

  it('a thunk as the very first dispatch also registers the middleware before its own actions', async () => {
    const rest = createRest();
    const log: UnknownAction[] = [];
    const store = makeStore(rest, { log });
    const promise = store.dispatch(rest.fetch(new RestEndpoint({ path: '/ping', urlPrefix: A })));
    (await net.nth(1)).reply({ ok: true });
    await promise;
    const types = log.map((a) => a.type);
    expect(types.filter((t) => t === 'rest/middlewareRegistered')).toHaveLength(1);
    expect(types.indexOf('rest/middlewareRegistered')).toBeLessThan(types.indexOf('rest/fetch/pending'));
  });
});
