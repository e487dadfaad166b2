import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { NetworkError, RestEndpoint, createRest } from 'rtk-rest';
import { A, INITIAL, K, Post, PostResource, User, ann, fetchAnswered, json, makeStore, net, nonJsonActionPath, nonJsonPath, outcome, p5, p6, post5, rawSlice, react, setup, sliceOf, useTestEnvironment, watchConsole } from './support';
import type { Rest } from './support';
import { jsonDiff } from '../support/json';

// Action types, meta fields, JSON-only actions and state. The store is RTK's
// configureStore with its default middleware (serializable and immutable checks on); any
// console.error / console.warn (which is how those checks report) fails the test.

useTestEnvironment();

let consoleCalls: ReturnType<typeof watchConsole>;
beforeEach(() => {
  consoleCalls = watchConsole();
});
afterEach(() => {
  expect(consoleCalls.errors).toEqual([]);
  expect(consoleCalls.warnings).toEqual([]);
});

const TYPES = {
  fetchPending: 'fetch/pending',
  fetchFulfilled: 'fetch/fulfilled',
  fetchRejected: 'fetch/rejected',
  setResponse: 'setResponse',
  setError: 'setError',
  set: 'set',
  invalidate: 'invalidate',
  expireAll: 'expireAll',
  resetEntireStore: 'resetEntireStore',
  gc: 'gc',
  middlewareRegistered: 'middlewareRegistered',
} as const;

/** Runs one of everything the store can do (success, HTTP error, abort, mutation with a token and a secret body, every thunk). */
async function everything(rest: Rest, store: ReturnType<typeof setup>['store']) {
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
  await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p6), { detail: 'nope' }, 1100, { status: 404, statusText: 'Not Found' }));
  const controller = new AbortController();
  const next = net.count + 1;
  const aborted = store.dispatch(rest.fetch(PostResource.get.extend({ signal: controller.signal }), { group: 'react', id: 9 }));
  await net.nth(next);
  controller.abort();
  await outcome(aborted);
  const authed = PostResource.update.extend({ requestInit: { headers: { 'Access-Token': 'SECRET-TOKEN' } } });
  const withPassword = { title: 'new', password: 'hunter2' }; // a field the body type does not list
  await fetchAnswered(store, rest.fetch(authed, p5, withPassword), { id: 5, title: 'new' }, 1200);
  store.dispatch(rest.setResponse(PostResource.get, { group: 'react', id: 7 }, { id: 7, title: 'seven', author: ann }));
  store.dispatch(rest.setError(PostResource.get, { group: 'react', id: 8 }, new NetworkError(json({}, { status: 500 }), `${A}/react/posts/8`)));
  store.dispatch(rest.set(Post, { id: 5 }, { id: 5, title: 'local' }));
  store.dispatch(rest.invalidate(PostResource.get, { group: 'react', id: 7 }));
  store.dispatch(rest.invalidateAll({ testKey: (key: string) => key.endsWith('/6') }));
  store.dispatch(rest.expireAll({ testKey: (key: string) => key.includes('/posts/') }));
  store.dispatch(rest.resetEntireStore());
}

describe('action types', () => {
  it('every action that reaches the reducer has a type from the table, prefixed by reducerPath', async () => {
    const { rest, store, types } = setup();
    await everything(rest, store);
    const allowed = Object.values(TYPES).map((t) => `rest/${t}`);
    for (const type of types()) expect(allowed).toContain(type);
    expect(new Set(types())).toEqual(new Set(Object.values(TYPES).filter((t) => t !== 'gc' && t !== 'middlewareRegistered').map((t) => `rest/${t}`)));
  });

  it('with reducerPath "api" every type starts with "api/"', async () => {
    const { rest, store, types } = setup({ reducerPath: 'api' });
    await everything(rest, store);
    expect(types().length).toBeGreaterThan(10);
    for (const type of types()) expect(type.startsWith('api/')).toBe(true);
  });

  it('invalidate carries { keys, date }; invalidateAll dispatches one invalidate for every matching key', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), { id: 6, title: 'six' }, 1050);
    actions.length = 0;
    jest.setSystemTime(2000);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    expect(actions).toHaveLength(1);
    expect(actions[0]!.type).toBe('rest/invalidate');
    expect(actions[0]!.payload).toMatchObject({ keys: [K.post5], date: 2000 });
    actions.length = 0;
    store.dispatch(rest.invalidateAll({ testKey: (key: string) => key.startsWith(`GET ${A}/react/posts/`) }));
    expect(actions).toHaveLength(1);
    expect(actions[0]!.type).toBe('rest/invalidate');
    expect([...(actions[0]!.payload as { keys: string[] }).keys].sort()).toEqual([K.post5, K.post6]);
  });

  it('expireAll carries { keys } and resetEntireStore carries { date }', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    actions.length = 0;
    store.dispatch(rest.expireAll({ testKey: () => true }));
    expect(actions.map((a) => a.type)).toEqual(['rest/expireAll']);
    expect(actions[0]!.payload).toMatchObject({ keys: [K.post5] });
    jest.setSystemTime(3000);
    store.dispatch(rest.resetEntireStore());
    expect(actions[1]!.type).toBe('rest/resetEntireStore');
    expect(actions[1]!.payload).toMatchObject({ date: 3000 });
  });

  it('setError carries { error } in its serialized form', () => {
    const { rest, store, actions } = setup();
    store.dispatch(rest.setError(PostResource.get, p5, new NetworkError(json({}, { status: 500, statusText: 'Server Error' }), `${A}/react/posts/5`)));
    expect(actions.map((a) => a.type)).toEqual(['rest/setError']);
    expect((actions[0]!.payload as { error: unknown }).error).toStrictEqual({
      name: 'NetworkError',
      message: `${A}/react/posts/5: Server Error`,
      status: 500,
      url: `${A}/react/posts/5`,
    });
  });
});

describe('action meta', () => {
  it('fetch/pending and fetch/fulfilled carry requestId, key, endpoint, fetchedAt and args; fulfilled adds date and expiresAt', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const [pending, fulfilled] = actions;
    expect(pending!.type).toBe('rest/fetch/pending');
    expect(fulfilled!.type).toBe('rest/fetch/fulfilled');
    const base = { requestId: expect.any(String), key: K.post5, endpoint: 'Post.get', fetchedAt: 1000, args: [p5] };
    expect(pending!.meta).toMatchObject(base);
    expect(fulfilled!.meta).toMatchObject({ ...base, date: 1040, expiresAt: 61040 });
    expect((fulfilled!.meta as { requestId: string }).requestId).toBe((pending!.meta as { requestId: string }).requestId);
  });

  it('every request gets a unique requestId', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const ids = actions.filter((a) => a.type === 'rest/fetch/pending').map((a) => (a.meta as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('meta.args leaves out the body of a mutation', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.update, p5, { title: 'new' }), { id: 5, title: 'new' });
    expect(actions[0]!.meta).toMatchObject({ key: K.update5, endpoint: 'Post.update', args: [p5] });
    expect(JSON.stringify(actions[0]!.meta)).not.toContain('new');
  });

  it('meta.args is absent when the arguments are not JSON values', async () => {
    const { rest, store, actions } = setup();
    const since = new RestEndpoint({ path: '/since', urlPrefix: A, url: (params: { at: Date }) => `${A}/since?t=${params.at.getTime()}` });
    await fetchAnswered(store, rest.fetch(since, { at: new Date(5) } as any), { ok: true });
    expect(actions[0]!.meta).toMatchObject({ key: `GET ${A}/since?t=5` });
    expect(actions[0]!.meta).not.toHaveProperty('args');
    expect(actions[1]!.meta).not.toHaveProperty('args');
  });

  it('fetch/rejected carries the same meta and action.error is the serialized error; meta.aborted is not true', async () => {
    const { rest, store, actions } = setup();
    jest.setSystemTime(1500);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1600, { status: 404, statusText: 'Not Found' }));
    const [pending, rejected] = actions;
    expect(rejected!.type).toBe('rest/fetch/rejected');
    expect(rejected!.meta).toMatchObject({ requestId: (pending!.meta as { requestId: string }).requestId, key: K.post5, endpoint: 'Post.get', fetchedAt: 1500, args: [p5] });
    expect((rejected!.meta as { aborted?: boolean }).aborted).not.toBe(true);
    expect((rejected as { error?: unknown }).error).toStrictEqual({ name: 'NetworkError', message: `${A}/react/posts/5: Not Found`, status: 404, url: `${A}/react/posts/5`, body: {} });
  });

  it('an aborted request is rejected with meta.aborted true and no action.error', async () => {
    const { rest, store, actions } = setup();
    const controller = new AbortController();
    const promise = store.dispatch(rest.fetch(PostResource.get.extend({ signal: controller.signal }), p5));
    await net.nth(1);
    controller.abort();
    await outcome(promise);
    const rejected = actions.find((a) => a.type === 'rest/fetch/rejected');
    expect(rejected?.meta).toMatchObject({ aborted: true, key: K.post5 });
    expect((rejected as { error?: unknown }).error).toBeUndefined();
  });

  it('setResponse, setError and set carry key, date and expiresAt (set: the schema key)', () => {
    const { rest, store, actions } = setup();
    jest.setSystemTime(4000);
    store.dispatch(rest.setResponse(PostResource.get, p5, post5));
    store.dispatch(rest.setError(PostResource.get, p6, new Error('boom')));
    store.dispatch(rest.set(Post, { id: 5 }, { id: 5, title: 'local' }));
    expect(actions.map((a) => a.type)).toEqual(['rest/setResponse', 'rest/setError', 'rest/set']);
    expect(actions[0]!.meta).toMatchObject({ key: K.post5, date: 4000, expiresAt: 64000 });
    expect(actions[1]!.meta).toMatchObject({ key: K.post6, date: 4000, expiresAt: 5000 });
    expect(actions[2]!.meta).toMatchObject({ key: 'Post', date: 4000, expiresAt: 64000 });
  });
});

describe('JSON-only actions and state', () => {
  it('every action that reaches the reducer is a JSON value, and the serializable/immutable checks stay silent', async () => {
    const { rest, store, actions } = setup();
    await everything(rest, store);
    expect(actions.length).toBeGreaterThan(10);
    for (const action of actions) expect({ type: action.type, problem: nonJsonActionPath(action) }).toEqual({ type: action.type, problem: undefined });
  });

  it('the slice is a JSON value after every action and survives a JSON round trip', async () => {
    const { rest, store } = setup();
    const problems: string[] = [];
    store.subscribe(() => {
      const slice = rawSlice(rest, store.getState());
      const bad = nonJsonPath(slice);
      if (bad) problems.push(bad);
      else {
        const diff = jsonDiff(JSON.parse(JSON.stringify(slice)), slice);
        if (diff) problems.push(diff);
      }
    });
    await everything(rest, store);
    expect(problems).toEqual([]);
  });

  it('no request header, token or body ever reaches an action or the state', async () => {
    const { rest, store, actions } = setup();
    const states: unknown[] = [];
    store.subscribe(() => states.push(rawSlice(rest, store.getState())));
    await everything(rest, store);
    const everythingSeen = JSON.stringify({ actions, states });
    expect(everythingSeen).not.toContain('SECRET-TOKEN');
    expect(everythingSeen).not.toContain('Access-Token');
    expect(everythingSeen).not.toContain('hunter2');
  });

  it('a NetworkError with its Response ends up as { name, message, status, url } in the state', async () => {
    // One failure, not retried (a 503 is retried by default).
    const { rest, store } = setup({ retry: false });
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 503, statusText: 'Unavailable' }));
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({
      name: 'NetworkError',
      message: `${A}/react/posts/5: Unavailable`,
      status: 503,
      url: `${A}/react/posts/5`,
      // The server's JSON body is kept.
      body: {},
    });
  });
});

describe('rest.actions', () => {
  it('holds createAction creators with .type and .match for every type of the table', () => {
    const { rest } = setup();
    for (const [name, suffix] of Object.entries(TYPES)) {
      const creator = (rest.actions as Record<string, any>)[name];
      expect({ name, type: creator?.type }).toEqual({ name, type: `rest/${suffix}` });
      expect(creator.match({ type: `rest/${suffix}` })).toBe(true);
      expect(creator.match({ type: `other/${suffix}` })).toBe(false);
    }
  });

  it('the creators match the actions the store produces', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    expect(rest.actions.fetchPending.match(actions[0]!)).toBe(true);
    expect(rest.actions.fetchFulfilled.match(actions[1]!)).toBe(true);
    expect(rest.actions.fetchRejected.match(actions[1]!)).toBe(false);
  });

  it('the creators of an instance with reducerPath "api" use that prefix', () => {
    const { rest } = setup({ reducerPath: 'api' });
    expect(rest.actions.fetchFulfilled.type).toBe('api/fetch/fulfilled');
    expect(rest.actions.middlewareRegistered.type).toBe('api/middlewareRegistered');
  });

  it('resetEntireStore() may be dispatched directly: it empties the slice', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(7000);
    store.dispatch(rest.actions.resetEntireStore());
    const slice = rawSlice(rest, store.getState());
    expect(slice.endpoints).toEqual({});
    expect(slice.meta).toEqual({});
    expect(slice.lastReset).toBe(7000);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
  });
});

describe('internal actions', () => {
  it('actions typed `${reducerPath}/internal/…` never reach the reducer, and every action the middleware receives is plain JSON', async () => {
    const seen: unknown[] = [];
    // Placed before rest.middleware, like RTK's serializable check.
    const spy: Middleware = () => (next) => (action) => {
      seen.push(action);
      return next(action);
    };
    const { rest, store, actions } = setup(undefined, { before: [spy] });
    await everything(rest, store);
    expect(actions.some((a) => a.type.includes('/internal/'))).toBe(false);
    for (const action of seen) {
      const type = (action as UnknownAction).type;
      expect({ type, problem: nonJsonActionPath(action) }).toEqual({ type, problem: undefined });
    }
  });
});

describe('slice state', () => {
  it('the initial slice has every table empty, optimistic [] and lastReset 0', () => {
    const { rest, store } = setup();
    expect(sliceOf(rest, store.getState())).toStrictEqual(INITIAL);
  });

  it('absent meta fields are omitted, never undefined', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p6), {}, 1050, { status: 500 }));
    store.dispatch(rest.invalidate(PostResource.getList, react));
    for (const [key, meta] of Object.entries(rawSlice(rest, store.getState()).meta as Record<string, object>)) {
      for (const [field, value] of Object.entries(meta)) expect({ key, field, value }).not.toEqual({ key, field, value: undefined });
    }
  });

  it('values are written in JSON form: toJSON applied, functions and undefined fields dropped, NaN/Infinity → null, bigint → string', async () => {
    const { rest, store } = setup();
    const odd = new RestEndpoint({
      path: '/odd',
      urlPrefix: A,
      process: () => ({ d: new Date(0), f: () => 1, u: undefined, n: NaN, inf: -Infinity, big: BigInt(10), list: [undefined, NaN, () => 1], ok: 'yes' }),
    });
    await fetchAnswered(store, rest.fetch(odd), {});
    expect(rawSlice(rest, store.getState()).endpoints[`GET ${A}/odd`]).toStrictEqual({
      d: '1970-01-01T00:00:00.000Z',
      n: null,
      inf: null,
      big: '10',
      list: [null, null, null],
      ok: 'yes',
    });
  });

  it('a Date written into an entity is stored as its ISO string and read back through the deserializer', () => {
    const { rest, store } = setup();
    store.dispatch(rest.set(User, 1, { id: 1, username: 'ann', createdAt: new Date('2024-01-01T00:00:00.000Z') }));
    expect(sliceOf(rest, store.getState()).entities.User['1'].createdAt).toBe('2024-01-01T00:00:00.000Z');
    const user = rest.selectQuery(store.getState(), User, 1);
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(user?.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('the reducer is pure: replaying the actions that reached it, at another time, yields a deep-equal slice', async () => {
    const rest = createRest();
    const log: UnknownAction[] = [];
    const store = makeStore(rest, { log });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p6), {}, 1050, { status: 404 }));
    store.dispatch(rest.setResponse(PostResource.get, { group: 'react', id: 7 }, { id: 7, title: 'seven', author: ann }));
    store.dispatch(rest.set(Post, 5, (post: Post) => ({ ...post, title: 'local' })));
    store.dispatch(rest.invalidate(PostResource.get, { group: 'react', id: 7 }));
    store.dispatch(rest.expireAll(PostResource.getList));
    jest.setSystemTime(999_999);
    const replayed = JSON.parse(JSON.stringify(log)).reduce(
      (state: unknown, action: UnknownAction) => rest.reducer(state as never, action),
      undefined,
    );
    expect(replayed).toStrictEqual(rawSlice(rest, store.getState()));
  });

  it('an action that changes nothing returns the same slice object', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const slice = rawSlice(rest, store.getState());
    store.dispatch({ type: 'app/unrelated' });
    expect(rawSlice(rest, store.getState())).toBe(slice);
  });

  it('copy-on-write: untouched tables, entities and results keep their references', async () => {
    const { rest, store } = setup();
    const stats = new RestEndpoint({ path: '/stats', urlPrefix: A });
    await fetchAnswered(store, rest.fetch(stats), { n: 1 }, 1010);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const before = rawSlice(rest, store.getState());
    const statsResult = before.endpoints[`GET ${A}/stats`];
    const statsMeta = before.meta[`GET ${A}/stats`];
    const userTable = before.entities.User;
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), { id: 6, title: 'six' }, 1100);
    const after = rawSlice(rest, store.getState());
    expect(after.endpoints[`GET ${A}/stats`]).toBe(statsResult);
    expect(after.meta[`GET ${A}/stats`]).toBe(statsMeta);
    expect(after.indexes).toBe(before.indexes);
    expect(after.entities.User).toBe(userTable);
  });
});
