import { configureStore } from '@reduxjs/toolkit';
import { NetworkError, ResetError, RestEndpoint, createRest } from 'rtk-rest';
import { A, K, Post, PostResource, User, ann, fetchAnswered, flush, net, outcome, p5, post5, rawSlice, react, setup, sliceOf, text, useTestEnvironment, watchConsole } from './support';
import type { Rest, Store } from './support';

// Bad input and faults, on the store side. General
// guarantees: no partial write, data and entities kept, only meta[key] changes, the
// state holds the serialized error, the promise carries the real one.

useTestEnvironment();

const URL5 = `${A}/react/posts/5`;

/** Fetches Post 5 successfully first, so "data kept" can be checked. */
async function withPost5(options: Parameters<typeof setup>[0] = {}) {
  // Each fault here is one failure: no retries (retries are tested in __tests__/policies).
  const context = setup({ retry: false, ...options });
  await fetchAnswered(context.store, context.rest.fetch(PostResource.get, p5), post5, 1040);
  context.actions.length = 0;
  return context;
}

/** The key's result and every entity are untouched by the failure. */
function expectDataKept(rest: Rest, store: Store, before: any) {
  const after = rawSlice(rest, store.getState());
  expect(after.endpoints).toBe(before.endpoints);
  expect(after.entities).toBe(before.entities);
  expect(after.entitiesMeta).toBe(before.entitiesMeta);
  expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
}

describe('missing path parameter', () => {
  it('rest.fetch rejects with a TypeError naming the endpoint, the template and the missing name; nothing dispatched', async () => {
    const { rest, store, actions } = setup();
    const before = store.getState();
    const result = await outcome(Promise.resolve().then(() => store.dispatch(rest.fetch(PostResource.get, { group: 'react' } as any))));
    expect(result.ok).toBe(false);
    const error = (result as { error: Error }).error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('Post.get');
    expect(error.message).toContain('/:group/posts/:id');
    expect(error.message).toContain('id');
    expect(actions).toEqual([]);
    expect(store.getState()).toBe(before);
    expect(net.count).toBe(0);
  });

  it('a selector throws the TypeError', () => {
    const { rest, store } = setup();
    expect(() => rest.selectResponse(store.getState(), PostResource.get, { group: 'react' } as any)).toThrow(TypeError);
  });
});

describe('request body not JSON-encodable', () => {
  it('rejects with the TypeError (with cause); nothing is sent; pending then rejected; error stored with status 0; data kept', async () => {
    const { rest, store, types } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const cyclic: Record<string, unknown> = { title: 'x' };
    cyclic.self = cyclic;
    const result = await outcome(store.dispatch(rest.fetch(PostResource.update, p5, cyclic)));
    const error = (result as { error: Error }).error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/request body is not JSON-serializable/);
    expect(error.cause).toBeDefined();
    expect(net.count).toBe(1);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/rejected']);
    expect(rawSlice(rest, store.getState()).meta[K.update5].error).toMatchObject({ name: 'TypeError', status: 0, message: error.message });
    expectDataKept(rest, store, before);
  });
});

describe('unusable response bodies', () => {
  it('a JSON Content-Type with an unparsable body: NetworkError with the response status; stored; data kept', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const promise = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(2)).respond(text('{"id":5,', 'application/json'));
    const result = await outcome(promise);
    const error = (result as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('response body is not valid JSON');
    expect(error.message).toContain('{"id":5,');
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toMatchObject({ name: 'NetworkError', status: 200, url: URL5 });
    expectDataKept(rest, store, before);
  });

  it('a text/plain body on an endpoint with a schema: NetworkError naming URL, schema and type; stored; data kept', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const promise = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(2)).respond(text('hello', 'text/plain'));
    const error = ((await outcome(promise)) as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toContain(URL5);
    expect(error.message).toContain('Post');
    expect(error.message).toContain('text/plain');
    expect(error.message).toContain('hello');
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toMatchObject({ name: 'NetworkError', status: 200 });
    expectDataKept(rest, store, before);
  });

  it('an HTML page with status 200: the message says an HTML page came back and mentions urlPrefix', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const promise = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(2)).respond(text('<!doctype html><html><body>app</body></html>', 'text/html'));
    const error = ((await outcome(promise)) as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/HTML/);
    expect(error.message).toContain('urlPrefix');
    expectDataKept(rest, store, before);
  });

  it('an HTML error page with status 502: NetworkError `${url}: ${statusText}` with its response; stored', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const promise = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(2)).respond(text('<html>Bad Gateway</html>', 'text/html', { status: 502, statusText: 'Bad Gateway' }));
    const error = ((await outcome(promise)) as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(502);
    expect(error.message).toBe(`${URL5}: Bad Gateway`);
    expect(error.response).toBeInstanceOf(Response);
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({ name: 'NetworkError', message: `${URL5}: Bad Gateway`, status: 502, url: URL5 });
    expectDataKept(rest, store, before);
  });
});

describe('empty bodies', () => {
  it('no schema: resolves null and stores null', async () => {
    const { rest, store } = setup();
    const ping = new RestEndpoint({ path: '/ping', urlPrefix: A });
    expect(await fetchAnswered(store, rest.fetch(ping), null, 1040, { status: 204 })).toBeNull();
    expect(rawSlice(rest, store.getState()).endpoints[`GET ${A}/ping`]).toBeNull();
    expect(rest.selectData(store.getState(), ping)).toBeNull();
  });

  it('update answered 204: the entity becomes { ...pathParams, ...body }', async () => {
    const { rest, store } = await withPost5();
    const value = await fetchAnswered<Post>(store, rest.fetch(PostResource.update, p5, { title: 'new' }), null, 1100, { status: 204 });
    expect(value).toBeInstanceOf(Post);
    expect(value).toMatchObject({ id: 5, title: 'new', group: 'react' });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('new');
  });

  it('delete answered with an empty 200 body: tombstoned from the URL parameters', async () => {
    const { rest, store } = await withPost5();
    const promise = store.dispatch(rest.fetch(PostResource.delete, p5));
    (await net.nth(2)).respond(text('', 'application/json'));
    const value = await promise;
    expect(value).toBeInstanceOf(Post);
    expect(value).toMatchObject({ id: 5, group: 'react' });
    expect(sliceOf(rest, store.getState()).entities.Post['5']).toBeNull();
  });

  it('any other schema: processing Error, status 400, "empty response"; stored; data kept', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), null, 1100, { status: 204 }));
    const error = (result as { error: Error & { status: number } }).error;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/empty response/);
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toMatchObject({ status: 400 });
    expectDataKept(rest, store, before);
  });
});

describe('transport failures, aborts and HTTP errors', () => {
  it('a network failure: NetworkError status 0 with cause; stored { name, status: 0, message, url }; data kept', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const promise = store.dispatch(rest.fetch(PostResource.get, p5));
    const cause = new TypeError('fetch failed');
    (await net.nth(2)).fail(cause);
    const error = ((await outcome(promise)) as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.cause).toBe(cause);
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({
      name: 'NetworkError',
      status: 0,
      message: `${URL5}: network error (fetch failed)`,
      url: URL5,
    });
    expectDataKept(rest, store, before);
  });

  it('an abort: the AbortError unchanged for the caller and a joined caller; rejected with meta.aborted; no error stored; data kept', async () => {
    const { rest, store, actions } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const controller = new AbortController();
    const first = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ signal: controller.signal }), p5)));
    const joined = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    await net.nth(2);
    controller.abort();
    const [a, b] = await Promise.all([first, joined]);
    const abortError = controller.signal.reason;
    expect((a as { error: unknown }).error).toBe(abortError);
    expect((b as { error: unknown }).error).toBe(abortError);
    expect((abortError as DOMException).name).toBe('AbortError');
    const rejected = actions.find((action) => action.type === 'rest/fetch/rejected');
    expect(rejected?.meta).toMatchObject({ aborted: true });
    const meta = rawSlice(rest, store.getState()).meta[K.post5];
    expect(meta).toStrictEqual({ fetchedAt: 1000, date: 1040, expiresAt: 61040 });
    expectDataKept(rest, store, before);
  });

  it('HTTP 4xx/5xx: NetworkError with status and url; stored with expiresAt = now + errorExpiryLength; data and entities kept', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    jest.setSystemTime(3000);
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.get.extend({ errorExpiryLength: 250 }), p5), {}, 3100, { status: 422 }));
    const error = (result as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(422);
    expect(error.url).toBe(URL5);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toMatchObject({ fetchedAt: 3000, date: 3100, expiresAt: 3350, error: { status: 422 } });
    expectDataKept(rest, store, before);
  });
});

describe('HTTP 401', () => {
  it('with onUnauthorized resetting the store, it empties to a slice with lastReset; other in-flight requests reject with ResetError', async () => {
    const reset = { of: (): unknown => undefined };
    const { rest, store } = await withPost5({ onUnauthorized: (_error, { dispatch }) => dispatch(reset.of()) });
    reset.of = () => rest.resetEntireStore();
    jest.setSystemTime(2000);
    const other = outcome(store.dispatch(rest.fetch(PostResource.getList, react)));
    const unauthorized = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    await net.nth(3);
    net.requests[2]!.reply({}, { status: 401 });
    const result = await unauthorized;
    expect((result as { error: NetworkError }).error).toBeInstanceOf(NetworkError);
    expect((result as { error: NetworkError }).error.status).toBe(401);
    expect(((await other) as { error: unknown }).error).toBeInstanceOf(ResetError);
    expect(sliceOf(rest, store.getState())).toStrictEqual({ entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset: 2000 });
  });
});

describe('response without a primary key', () => {
  it('processing Error 400 quoting the value; no entity written; error stored; previous data kept', async () => {
    const { rest, store } = await withPost5();
    const before = rawSlice(rest, store.getState());
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), { title: 'x', author: { id: 2, username: 'bob' } }, 1100));
    const error = (result as { error: Error & { status: number } }).error;
    expect(error.status).toBe(400);
    expect(error.message.startsWith(`Error processing GET ${URL5} with schema Post: missing primary key`)).toBe(true);
    expect(error.message).toContain('"title":"x"');
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toMatchObject({ name: 'Error', status: 400, message: error.message });
    expect(rest.selectQuery(store.getState(), User, 2)).toBeUndefined();
    expectDataKept(rest, store, before);
  });

  it('a mutation too: PUT answered 200 without a pk rejects', async () => {
    const { rest, store } = await withPost5();
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.update, p5, { title: 'y' }), { title: 'y' }, 1100));
    expect(result.ok).toBe(false);
    expect((result as { error: { status: number } }).error.status).toBe(400);
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
  });
});

describe('resetEntireStore while requests are in flight', () => {
  it('their promises reject with ResetError after the reset commits; their responses are dropped; no actions for them', async () => {
    const { rest, store, actions } = await withPost5();
    const inFlight = outcome(store.dispatch(rest.fetch(PostResource.getList, react)));
    await net.nth(2);
    jest.setSystemTime(4000);
    store.dispatch(rest.resetEntireStore());
    const result = await inFlight;
    expect((result as { error: unknown }).error).toBeInstanceOf(ResetError);
    actions.length = 0;
    net.requests[1]!.reply([post5]);
    await flush();
    expect(actions).toEqual([]);
    expect(sliceOf(rest, store.getState())).toStrictEqual({ entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset: 4000 });
  });
});

describe('misconfiguration', () => {
  it('middleware missing: dispatch of any rest thunk throws an Error saying how to add it', () => {
    const rest = createRest();
    const store = configureStore({ reducer: { rest: rest.reducer } });
    expect(() => store.dispatch(rest.fetch(PostResource.get, p5) as any)).toThrow(/getDefault\(\)\.concat\(rest\.middleware\)/);
    expect(() => store.dispatch(rest.setResponse(PostResource.get, p5, post5) as any)).toThrow(/not installed/);
  });

  it('reducer missing: the first selector throws an Error saying how to add it', () => {
    const rest = createRest();
    const store = configureStore({ reducer: { elsewhere: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
    expect(() => rest.selectData(store.getState(), PostResource.get, p5)).toThrow(/reducer: \{ \[rest\.reducerPath\]: rest\.reducer \}/);
  });

  it('two instances with one reducerPath: an Error naming the reducerPath', () => {
    const one = createRest({ reducerPath: 'sharedPath' });
    const two = createRest({ reducerPath: 'sharedPath' });
    const store = configureStore({ reducer: { sharedPath: one.reducer }, middleware: (g) => g().concat(one.middleware, two.middleware) });
    expect(() => store.dispatch({ type: 'app/first' })).toThrow(/sharedPath/);
  });

  it.each([
    ['createRest dataExpiryLength', () => createRest({ dataExpiryLength: -5 }), 'dataExpiryLength'],
    ['createRest errorExpiryLength', () => createRest({ errorExpiryLength: NaN }), 'errorExpiryLength'],
    ['endpoint dataExpiryLength', () => new RestEndpoint({ path: '/x', dataExpiryLength: -1 }), 'dataExpiryLength'],
    ['endpoint errorExpiryLength', () => new RestEndpoint({ path: '/x', errorExpiryLength: NaN }), 'errorExpiryLength'],
  ])('a negative or NaN expiry length (%s) throws a RangeError naming the option', (_name, make, option) => {
    let error: unknown;
    try {
      make();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toContain(option);
  });
});

describe('stale responses', () => {
  it('a response to a request started before a delete does not bring the entity back', async () => {
    const { rest, store } = await withPost5();
    jest.setSystemTime(2000);
    const read = store.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(2);
    jest.setSystemTime(2010);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 2020, { status: 204 });
    jest.setSystemTime(2030);
    net.requests[1]!.reply({ ...post5, title: 'zombie' });
    await outcome(read);
    expect(sliceOf(rest, store.getState()).entities.Post['5']).toBeNull();
    expect(rest.selectQuery(store.getState(), Post, 5)).toBeUndefined();
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
  });

  it('an older response for an entity fills missing fields only; the newer data is kept', async () => {
    const { rest, store } = setup();
    const older = store.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(1);
    jest.setSystemTime(1010);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [{ id: 5, title: 'new', views: 1, author: ann }], 1020);
    jest.setSystemTime(1030);
    net.requests[0]!.reply({ id: 5, title: 'old', tags: ['a'], author: ann });
    await older;
    const slice = sliceOf(rest, store.getState());
    expect(slice.entities.Post['5']).toStrictEqual({ id: 5, title: 'new', views: 1, tags: ['a'], author: '1' });
    expect(slice.entitiesMeta.Post['5'].fetchedAt).toBe(1010);
    expect(rest.selectData(store.getState(), PostResource.getList, react)?.[0]?.title).toBe('new');
  });

  it('an older response for the same key does not replace its result or meta', async () => {
    const { rest, store } = setup();
    const older = store.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(1);
    jest.setSystemTime(1010);
    store.dispatch(rest.setResponse(PostResource.get, p5, { ...post5, title: 'newer' }));
    jest.setSystemTime(1030);
    net.requests[0]!.reply({ ...post5, title: 'older' });
    await older;
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toStrictEqual({ fetchedAt: 1010, date: 1010, expiresAt: 61010 });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('newer');
  });
});

describe('and #32 updaters', () => {
  it('a throwing update option: dev log, update skipped, the rest of the write committed', async () => {
    const { rest, store } = setup();
    const consoleCalls = watchConsole();
    const create = new RestEndpoint({
      path: '/:group/posts',
      method: 'POST',
      urlPrefix: A,
      schema: Post,
      update: () => {
        throw new Error('nope');
      },
    });
    const created = await fetchAnswered<Post>(store, rest.fetch(create, react, { title: 't' }), { id: 9, title: 't' }, 1040);
    expect(created.title).toBe('t');
    expect(rawSlice(rest, store.getState()).entities.Post['9']).toMatchObject({ id: 9, title: 't' });
    expect(consoleCalls.errors.length).toBeGreaterThan(0);
  });

  it('a set updater for an entity that is not stored is not called; the state is unchanged', () => {
    const { rest, store } = setup();
    const before = store.getState();
    const updater = jest.fn((user: User) => ({ ...user, username: 'x' }));
    store.dispatch(rest.set(User, 77, updater));
    store.dispatch(rest.set(User, { username: 'nobody' }, updater));
    expect(updater).not.toHaveBeenCalled();
    expect(store.getState()).toBe(before);
  });
});
