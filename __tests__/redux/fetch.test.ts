import { configureStore, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { Entity, NetworkError, RestEndpoint, createRest, schema } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { A, K, Post, PostResource, User, fetchAnswered, json, net, outcome, p5, post5, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';

// The fetch lifecycle, and page de-duplication.

useTestEnvironment();

const getPage = PostResource.getList.getPage;

describe('rest.fetch', () => {
  it('step 1: a key error rejects the promise and nothing is dispatched or sent', async () => {
    const { rest, store, actions } = setup();
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = store.dispatch(rest.fetch(PostResource.get, { group: 'react' } as any));
    }).not.toThrow();
    await expect(promise).rejects.toThrow(TypeError);
    expect(actions).toEqual([]);
    expect(net.count).toBe(0);
  });

  it('rest.fetch always sends a request, whatever the cache holds', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1050);
    expect(net.count).toBe(2);
  });

  it('step 3: fetch/pending adds the request id to meta[key].pending', () => {
    const { rest, store, actions } = setup();
    void store.dispatch(rest.fetch(PostResource.get, p5));
    const requestId = (actions[0]!.meta as { requestId: string }).requestId;
    expect(rawSlice(rest, store.getState()).meta[K.post5].pending).toEqual([requestId]);
  });

  it('step 5: fetch/fulfilled commits the result, meta { fetchedAt, date, expiresAt }, entities with the same meta, and removes the pending id', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const slice = sliceOf(rest, store.getState());
    const m = { fetchedAt: 1000, date: 1040, expiresAt: 61040 };
    expect(slice.endpoints[K.post5]).toBe('5');
    expect(slice.meta[K.post5]).toStrictEqual(m);
    expect(slice.entities.Post['5']).toStrictEqual({ id: 5, title: 'hi', author: '1' });
    expect(slice.entitiesMeta.Post['5']).toStrictEqual(m);
    expect(slice.entitiesMeta.User['1']).toStrictEqual(m);
  });

  it('step 6: fetch/rejected records error, fetchedAt, date and expiresAt = now + errorExpiryLength; the result and entities stay', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const before = rawSlice(rest, store.getState());
    jest.setSystemTime(2000);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 2010, { status: 500, statusText: 'Oops' }));
    const after = rawSlice(rest, store.getState());
    expect(after.meta[K.post5]).toStrictEqual({
      fetchedAt: 2000,
      date: 2010,
      expiresAt: 3010,
      error: { name: 'NetworkError', message: `${A}/react/posts/5: Oops`, status: 500, url: `${A}/react/posts/5`, body: {} },
    });
    expect(after.endpoints).toBe(before.endpoints);
    expect(after.entities).toBe(before.entities);
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
  });
});

describe('pending is synchronous', () => {
  it('fetch/pending is dispatched inside dispatch(rest.fetch(…)): isFetching is true right after it returns', () => {
    const { rest, store, types } = setup();
    void store.dispatch(rest.fetch(PostResource.get, p5));
    expect(types()).toEqual(['rest/fetch/pending']);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.isFetching).toBe(true);
    expect(response.isLoading).toBe(true);
    expect(response.status).toBe('pending');
  });

  it('pending precedes its request’s fulfilled', async () => {
    const { rest, store, types } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  });

  it('pending precedes its request’s rejected', async () => {
    const { rest, store, types } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, undefined, { status: 500 }));
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/rejected']);
  });
});

describe('de-duplication', () => {
  it('a second read of the same key joins the first request: one request, one pending, both resolve to the same data', async () => {
    const { rest, store, types } = setup();
    const first = store.dispatch(rest.fetch(PostResource.get, p5));
    const second = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(1)).reply(post5);
    const [a, b] = await Promise.all([first, second]);
    expect(net.count).toBe(1);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
    expect(a).toBeInstanceOf(Post);
    expect(b).toBe(a);
  });

  it('a read by another endpoint object with the same key joins too', async () => {
    const { rest, store } = setup();
    const longLived = PostResource.get.extend({ dataExpiryLength: 10 });
    const first = store.dispatch(rest.fetch(PostResource.get, p5));
    const second = store.dispatch(rest.fetch(longLived, p5));
    (await net.nth(1)).reply(post5);
    await Promise.all([first, second]);
    expect(net.count).toBe(1);
  });

  it('joined promises settle after the same commit', async () => {
    const { rest, store } = setup();
    const seen: unknown[] = [];
    const first = store.dispatch(rest.fetch(PostResource.get, p5)).then(() => seen.push(rest.selectData(store.getState(), PostResource.get, p5)));
    const second = store.dispatch(rest.fetch(PostResource.get, p5)).then(() => seen.push(rest.selectData(store.getState(), PostResource.get, p5)));
    (await net.nth(1)).reply(post5);
    await Promise.all([first, second]);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeInstanceOf(Post);
    expect(seen[1]).toBe(seen[0]);
  });

  it('a joined caller shares a failure: both reject with the same real error', async () => {
    const { rest, store } = setup();
    const first = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    const second = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    (await net.nth(1)).reply({}, { status: 500 });
    const [a, b] = await Promise.all([first, second]);
    expect(a.ok).toBe(false);
    expect(b.ok).toBe(false);
    expect((a as { error: unknown }).error).toBeInstanceOf(NetworkError);
    expect((b as { error: unknown }).error).toBe((a as { error: unknown }).error);
  });

  it("a joined caller shares an abort by the first caller's signal", async () => {
    const { rest, store } = setup();
    const controller = new AbortController();
    const first = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ signal: controller.signal }), p5)));
    const second = outcome(store.dispatch(rest.fetch(PostResource.get, p5)));
    await net.nth(1);
    controller.abort();
    const [a, b] = await Promise.all([first, second]);
    expect(net.count).toBe(1);
    expect(a.ok === false && a.error.name).toBe('AbortError');
    expect(b.ok === false && b.error.name).toBe('AbortError');
  });

  it('mutations are never de-duplicated: two identical PUTs send two requests', async () => {
    const { rest, store, types } = setup();
    const first = store.dispatch(rest.fetch(PostResource.update, p5, { title: 'x' }));
    const second = store.dispatch(rest.fetch(PostResource.update, p5, { title: 'x' }));
    (await net.nth(1)).reply({ id: 5, title: 'x' });
    (await net.nth(2)).reply({ id: 5, title: 'x' });
    await Promise.all([first, second]);
    expect(net.count).toBe(2);
    expect(types().filter((t) => t === 'rest/fetch/pending')).toHaveLength(2);
  });

  it('two identical simultaneous POSTs send two requests', async () => {
    const { rest, store } = setup();
    const create = new RestEndpoint({ path: '/:group/posts', method: 'POST', urlPrefix: A, schema: Post });
    const first = store.dispatch(rest.fetch(create, react, { title: 'a' }));
    const second = store.dispatch(rest.fetch(create, react, { title: 'a' }));
    (await net.nth(1)).reply({ id: 11, title: 'a' });
    (await net.nth(2)).reply({ id: 12, title: 'a' });
    expect((await first)?.id).toBe(11);
    expect((await second)?.id).toBe(12);
  });

  it('once the first read has settled, a new rest.fetch sends a new request', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const again = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(2)).reply(post5);
    await again;
    expect(net.count).toBe(2);
  });
});

describe('page de-duplication', () => {
  it('a page requested while the list is loading is sent', async () => {
    const { rest, store } = setup();
    const list = store.dispatch(rest.fetch(PostResource.getList, react));
    const page = store.dispatch(rest.fetch(getPage, { ...react, page: 2 }));
    await net.nth(2);
    expect(net.requests.map((r) => r.url)).toEqual([`${A}/react/posts`, `${A}/react/posts?page=2`]);
    net.requests[0]!.reply([post5]);
    net.requests[1]!.reply([{ id: 6, title: 'six' }]);
    await Promise.all([list, page]);
  });

  it('the same page requested twice at once is sent once', async () => {
    const { rest, store } = setup();
    const one = store.dispatch(rest.fetch(getPage, { ...react, page: 2 }));
    const two = store.dispatch(rest.fetch(getPage, { ...react, page: 2 }));
    (await net.nth(1)).reply([post5]);
    await Promise.all([one, two]);
    expect(net.count).toBe(1);
  });

  it('two different pages of one list at once are both sent', async () => {
    const { rest, store } = setup();
    const two = store.dispatch(rest.fetch(getPage, { ...react, page: 2 }));
    const three = store.dispatch(rest.fetch(getPage, { ...react, page: 3 }));
    await net.nth(2);
    net.requests[0]!.reply([{ id: 2, title: 'two' }]);
    net.requests[1]!.reply([{ id: 3, title: 'three' }]);
    await Promise.all([two, three]);
    expect(net.count).toBe(2);
  });

  it('the list requested while a page is loading is sent (the list does not join the page)', async () => {
    const { rest, store } = setup();
    const page = store.dispatch(rest.fetch(getPage, { ...react, page: 2 }));
    const list = store.dispatch(rest.fetch(PostResource.getList, react));
    await net.nth(2);
    net.requests[0]!.reply([{ id: 2, title: 'two' }]);
    net.requests[1]!.reply([post5]);
    await Promise.all([list, page]);
    expect(net.count).toBe(2);
  });
});

describe('what rest.fetch resolves to', () => {
  it('the promise settles after the commit and resolves to selectData read right after it', async () => {
    const { rest, store, types } = setup();
    let seenAtSettle: { types: string[]; data: unknown } | undefined;
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)).then((value) => {
      seenAtSettle = { types: types(), data: rest.selectData(store.getState(), PostResource.get, p5) };
      return value;
    });
    (await net.nth(1)).reply(post5);
    const value = await promise;
    expect(seenAtSettle?.types).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
    expect(value).toEqual(seenAtSettle?.data);
    expect(value).toBeInstanceOf(Post);
    expect(value?.author).toBeInstanceOf(User);
    expect(value?.author.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
  });

  it('a rejection also comes after the commit', async () => {
    const { rest, store, types } = setup();
    let typesAtSettle: string[] | undefined;
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)).catch(() => {
      typesAtSettle = types();
    });
    (await net.nth(1)).reply({}, { status: 500 });
    await promise;
    expect(typesAtSettle).toEqual(['rest/fetch/pending', 'rest/fetch/rejected']);
  });

  it('a mutation resolves to selectData too (the updated entity)', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const updated = await fetchAnswered<Post>(store, rest.fetch(PostResource.update, p5, { title: 'new' }), { id: 5, title: 'new' });
    expect(updated).toBeInstanceOf(Post);
    expect(updated.title).toBe('new');
    expect(updated.author.username).toBe('ann');
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('new');
  });

  it('a list resolves to the array of instances', async () => {
    const { rest, store } = setup();
    const list = await fetchAnswered<Post[]>(store, rest.fetch(PostResource.getList, react), [post5]);
    expect(list).toHaveLength(1);
    expect(list[0]).toBeInstanceOf(Post);
    expect(list).toEqual(rest.selectData(store.getState(), PostResource.getList, react));
  });

  it('while a reader shows the key, the promise resolves to the very object it shows', async () => {
    const { rest, store } = setup();
    // A mounted component: it reads the key on every store notification, the commit's included.
    let shown: Post[] | undefined;
    store.subscribe(() => {
      shown = rest.selectData(store.getState(), PostResource.getList, react);
    });
    const list = await fetchAnswered<Post[]>(store, rest.fetch(PostResource.getList, react), [post5]);
    expect(list).toBe(shown);
    expect(list).toBe(rest.selectData(store.getState(), PostResource.getList, react));
  });

  it('with no reader, the value is built for the caller: equal to what selectData then reads, its own object', async () => {
    const { rest, store } = setup();
    const list = await fetchAnswered<Post[]>(store, rest.fetch(PostResource.getList, react), [post5]);
    const read = rest.selectData(store.getState(), PostResource.getList, react)!;
    expect(read).toEqual(list);
    expect(read[0]).toBeInstanceOf(Post);
    expect(read[0]!.author).toBeInstanceOf(User);
    // The store cached nothing for the caller: the memoized read is the reader's own.
    expect(read).not.toBe(list);
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toBe(read);
  });


  it('exception: a top-level Invalidate schema resolves to the entity from the response', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const deleted = await fetchAnswered<Post>(store, rest.fetch(PostResource.delete, p5), { id: 5, title: 'gone' });
    expect(deleted).toBeInstanceOf(Post);
    expect(deleted).toMatchObject({ id: 5, title: 'gone' });
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
  });

  it('exception: a delete answered 204 resolves to Post.fromJS(url parameters)', async () => {
    const { rest, store } = setup();
    const deleted = await fetchAnswered<Post>(store, rest.fetch(PostResource.delete, p5), null, undefined, { status: 204 });
    expect(deleted).toBeInstanceOf(Post);
    expect(deleted).toMatchObject({ id: 5, group: 'react' });
  });

  it('exception: a page endpoint resolves to the whole list', async () => {
    const { rest, store } = setup();
    const p1 = { id: 1, title: 'one' };
    const p2 = { id: 2, title: 'two' };
    const p3 = { id: 3, title: 'three' };
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [p1, p2]);
    const list = await fetchAnswered<Post[]>(store, rest.fetch(getPage, { ...react, page: 2 }), [p2, p3]);
    expect(list.map((p) => p.id)).toEqual([1, 2, 3]);
    // The list's value itself: what the list's read returns.
    expect(list).toEqual(rest.selectData(store.getState(), PostResource.getList, react));
    expect(list[2]).toBeInstanceOf(Post);
  });

  it('exception: a page of a { results, next } list resolves to the merged list', async () => {
    const { rest, store } = setup();
    const feed = new RestEndpoint({ path: '/:group/feed', urlPrefix: A, schema: { results: new schema.Collection([Post]), next: '' }, paginationField: 'page' });
    await fetchAnswered(store, rest.fetch(feed, react), { results: [{ id: 1 }, { id: 2 }], next: '2' });
    const merged = await fetchAnswered<{ results: Post[]; next: string }>(store, rest.fetch(feed.getPage!, { ...react, page: 2 }), {
      results: [{ id: 2 }, { id: 3 }],
      next: '3',
    });
    expect(merged.results.map((p: Post) => p.id)).toEqual([1, 2, 3]);
    expect(merged.next).toBe('3');
    expect(rest.selectData(store.getState(), feed, react)?.next).toBe('3');
  });

  it('exception: a creation endpoint resolves to the created instance', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5]);
    const created = await fetchAnswered<Post>(store, rest.fetch(PostResource.getList.push, react, { title: 'new' }), { id: 9, title: 'new' });
    expect(created).toBeInstanceOf(Post);
    expect(created.id).toBe(9);
    expect(rest.selectData(store.getState(), PostResource.getList, react)?.map((p: Post) => p.id)).toEqual([5, 9]);
  });

  it('exception: without a schema it resolves to the processed response', async () => {
    const { rest, store } = setup();
    const stats = new RestEndpoint({ path: '/stats', urlPrefix: A, process: (value: { n: number }) => ({ doubled: value.n * 2 }) });
    const value = await fetchAnswered(store, rest.fetch(stats), { n: 21 });
    expect(value).toEqual({ doubled: 42 });
    expect(rawSlice(rest, store.getState()).endpoints[`GET ${A}/stats`]).toEqual({ doubled: 42 });
  });
});

describe('rejections', () => {
  it('rejects with the real NetworkError (with its Response) while the state holds the serialized form', async () => {
    const { rest, store } = setup();
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), { detail: 'no' }, 1040, { status: 404, statusText: 'Not Found' }));
    expect(result.ok).toBe(false);
    const error = (result as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(404);
    expect(error.response).toBeInstanceOf(Response);
    expect(error.message).toBe(`${A}/react/posts/5: Not Found`);
    const stored = rawSlice(rest, store.getState()).meta[K.post5].error;
    expect(stored).toStrictEqual({ name: 'NetworkError', message: `${A}/react/posts/5: Not Found`, status: 404, url: `${A}/react/posts/5`, body: { detail: 'no' } });
    expect(stored).not.toBe(error);
  });

  it('a processing error rejects with the Error and its cause', async () => {
    const { rest, store } = setup();
    const boom = new Error('boom');
    const failing = PostResource.get.extend({
      process: () => {
        throw boom;
      },
    });
    const result = await outcome(fetchAnswered(store, rest.fetch(failing, p5), post5));
    const error = (result as { error: Error & { status: number } }).error;
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.cause).toBe(boom);
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({ name: 'Error', message: error.message, status: 400 });
  });

  it('processing errors reject mutations: a PUT answered 200 without a pk rejects with status 400', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.update, p5, { title: 'x' }), { title: 'x' }));
    expect(result.ok).toBe(false);
    const error = (result as { error: Error & { status: number } }).error;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(new RegExp(`^Error processing PUT ${A}/react/posts/5 with schema Post: `));
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(rawSlice(rest, store.getState()).meta[K.update5].error).toMatchObject({ status: 400 });
  });

  it('a schema error while normalizing a read rejects and writes no entity', async () => {
    const { rest, store } = setup();
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, { title: 'no pk' }]));
    expect(result.ok).toBe(false);
    expect((result as { error: { status: number } }).error.status).toBe(400);
    const slice = sliceOf(rest, store.getState());
    expect(slice.entities.Post?.['5']).toBeUndefined();
    expect(slice.entities.User?.['1']).toBeUndefined();
  });
});

describe('null arguments', () => {
  it('rest.fetch(ep, null) resolves undefined, sends nothing and dispatches nothing', async () => {
    const { rest, store, actions } = setup();
    await expect(store.dispatch(rest.fetch(PostResource.get, null))).resolves.toBeUndefined();
    expect(net.count).toBe(0);
    expect(actions).toEqual([]);
  });

  it('rest.fetchIfStale(ep, null) resolves undefined and sends nothing', async () => {
    const { rest, store, actions } = setup();
    await expect(store.dispatch(rest.fetchIfStale(PostResource.get, null))).resolves.toBeUndefined();
    expect(net.count).toBe(0);
    expect(actions).toEqual([]);
  });

  it('rest.invalidate(ep, null) does nothing', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    actions.length = 0;
    const before = store.getState();
    store.dispatch(rest.invalidate(PostResource.get, null));
    expect(actions).toEqual([]);
    expect(store.getState()).toBe(before);
  });

  it('rest.subscribe(ep, null) returns a no-op function', () => {
    const { rest, store, actions } = setup();
    const unsubscribe = store.dispatch(rest.subscribe(PostResource.get, null));
    expect(typeof unsubscribe).toBe('function');
    expect(() => unsubscribe()).not.toThrow();
    expect(actions).toEqual([]);
    expect(net.count).toBe(0);
  });

  it('every selector returns its inactive answer for null', () => {
    const { rest, store } = setup();
    const state = store.getState();
    expect(rest.selectData(state, PostResource.get, null)).toBeUndefined();
    expect(rest.selectError(state, PostResource.get, null)).toBeUndefined();
    expect(rest.selectQuery(state, Post, null)).toBeUndefined();
    expect(rest.selectResponse(state, PostResource.get, null).status).toBe('uninitialized');
  });
});

describe('expiry of written entities', () => {
  it('entities written by a response get the same meta as its key (endpoint dataExpiryLength)', async () => {
    const { rest, store } = setup();
    const shortLived = PostResource.getList.extend({ dataExpiryLength: 500 });
    await fetchAnswered(store, rest.fetch(shortLived, react), [post5], 1040);
    const slice = sliceOf(rest, store.getState());
    const m = { fetchedAt: 1000, date: 1040, expiresAt: 1540 };
    expect(slice.meta[K.list]).toStrictEqual(m);
    expect(slice.entitiesMeta.Post['5']).toStrictEqual(m);
    expect(slice.entitiesMeta.User['1']).toStrictEqual(m);
    expect(slice.entitiesMeta['[Post]']['{"group":"react"}']).toStrictEqual(m);
  });
});

// A user with an unrelated entity type, to show that an endpoint needs no resource.
class Tag extends Entity {
  name = '';
  pk() {
    return this.name;
  }
  static override key = 'Tag';
}

describe('plain endpoints', () => {
  it('an endpoint built directly with RestEndpoint goes through the same lifecycle', async () => {
    const { rest, store, types } = setup();
    const getTag = new RestEndpoint({ path: '/tags/:name', urlPrefix: A, schema: Tag });
    const tag = await fetchAnswered<Tag>(store, rest.fetch(getTag, { name: 'ts' }), { name: 'ts' });
    expect(tag).toBeInstanceOf(Tag);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
    expect(net.requests[0]!.url).toBe(`${A}/tags/ts`);
  });
});

describe('request hooks see the store that runs the request', () => {
  /** A token in the app's own slice, read by the endpoint while each request is prepared. */
  class StateTokenEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) {
      const token = (this.store?.getState() as { auth?: { token?: string } } | undefined)?.auth?.token;
      return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
    }
  }
  const getPost = new StateTokenEndpoint({ urlPrefix: A, path: '/:group/posts/:id', schema: Post });
  const auth = createSlice({
    name: 'auth',
    initialState: { token: undefined as string | undefined },
    reducers: { tokenReceived: (state, action: PayloadAction<string>) => ({ ...state, token: action.payload }) },
  });

  function authStore() {
    const rest = createRest();
    const store = configureStore({
      reducer: { [rest.reducerPath]: rest.reducer, auth: auth.reducer },
      middleware: (getDefault) => getDefault().concat(rest.middleware),
    });
    store.dispatch({ type: 'test/ready' });
    return { rest, store };
  }

  it("getHeaders reads the token from the store's state at each request; a plain call has no store", async () => {
    const { rest, store } = authStore();
    net.autoRespond(() => json(post5));
    await store.dispatch(rest.fetch(getPost, p5));
    store.dispatch(auth.actions.tokenReceived('tok-1'));
    await store.dispatch(rest.fetch(getPost, p5));
    store.dispatch(auth.actions.tokenReceived('tok-2'));
    await store.dispatch(rest.fetch(getPost, p5));
    await getPost(p5);
    expect(net.requests.map((request) => request.headers.authorization)).toEqual([undefined, 'Bearer tok-1', 'Bearer tok-2', undefined]);
  });

  it('fetchResponse and the other hooks get the store too: dispatch reaches the app reducers', async () => {
    const seen: string[] = [];
    class Refreshing<const O extends RestGenerics = any> extends StateTokenEndpoint<O> {
      override async fetchResponse(input: RequestInfo, init: RequestInit) {
        this.store?.dispatch(auth.actions.tokenReceived('from-fetchResponse'));
        return super.fetchResponse(input, init);
      }
      override process(value: any) {
        seen.push(String((this.store?.getState() as { auth: { token: string } }).auth.token));
        return value;
      }
    }
    const getRefreshed = new Refreshing({ urlPrefix: A, path: '/:group/posts/:id', schema: Post });
    const { rest, store } = authStore();
    net.autoRespond(() => json(post5));
    await store.dispatch(rest.fetch(getRefreshed, p5));
    expect(store.getState().auth.token).toBe('from-fetchResponse');
    expect(seen).toEqual(['from-fetchResponse']);
  });
});
