import { NetworkError, RestEndpoint, createRest } from 'rtk-rest';
import { A, K, Post, PostResource, fetchAnswered, makeStore, net, outcome, p5, p6, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';

// Stored errors, errorPolicy, rebuilt errors, and 401 handling.

useTestEnvironment();

describe('stored errors', () => {
  it('a NetworkError is stored as { name, message, status, url }', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500, statusText: 'Internal Server Error' }));
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({
      name: 'NetworkError',
      message: `${A}/react/posts/5: Internal Server Error`,
      status: 500,
      url: `${A}/react/posts/5`,
      // The server's JSON body is kept.
      body: {},
    });
  });

  it('an error without a finite numeric status is stored with status 0 and no url', async () => {
    const { rest, store } = setup();
    const broken = PostResource.get.extend({
      fetchResponse: () => Promise.reject(Object.assign(new TypeError('boom'), { status: 'bad' })),
    });
    const result = await outcome(store.dispatch(rest.fetch(broken, p5)));
    expect(result.ok).toBe(false);
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({ name: 'TypeError', message: 'boom', status: 0 });
  });

  it('url is stored when the error has a string url', async () => {
    const { rest, store } = setup();
    const broken = PostResource.get.extend({
      fetchResponse: () => Promise.reject(Object.assign(new Error('custom'), { name: 'CustomError', status: 418, url: 'https://x.test/' })),
    });
    await outcome(store.dispatch(rest.fetch(broken, p5)));
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toStrictEqual({ name: 'CustomError', message: 'custom', status: 418, url: 'https://x.test/' });
  });

  it('AbortErrors are never stored', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const controller = new AbortController();
    const aborted = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ signal: controller.signal }), p5)));
    await net.nth(2);
    controller.abort();
    const result = await aborted;
    expect(result.ok === false && result.error.name).toBe('AbortError');
    const meta = rawSlice(rest, store.getState()).meta[K.post5];
    expect(meta).toStrictEqual({ fetchedAt: 1000, date: 1040, expiresAt: 61040 });
  });
});

describe('errorPolicy', () => {
  it('without errorPolicy, an error surfaces even while data exists', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1100, { status: 500 }));
    expect(rest.selectError(store.getState(), PostResource.get, p5)).toMatchObject({ status: 500 });
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).error).toMatchObject({ status: 500 });
    expect(rawSlice(rest, store.getState()).meta[K.post5]).not.toHaveProperty('errorPolicy');
  });

  it("errorPolicy is called with the real error; 'soft' is recorded; the error is selected beside the data, agreeing with status 'rejected'", async () => {
    // One failure, not retried (a 503 is retried by default).
    const { rest, store } = setup({ retry: false });
    const errorPolicy = jest.fn((error: unknown) => ((error as NetworkError).status >= 500 ? ('soft' as const) : undefined));
    const soft = PostResource.get.extend({ errorPolicy });
    await fetchAnswered(store, rest.fetch(soft, p5), post5, 1040);
    await outcome(fetchAnswered(store, rest.fetch(soft, p5), {}, 1100, { status: 503 }));
    expect(errorPolicy).toHaveBeenCalledTimes(1);
    const real = errorPolicy.mock.calls[0]![0] as NetworkError;
    expect(real).toBeInstanceOf(NetworkError);
    expect(real.response).toBeInstanceOf(Response);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toMatchObject({ errorPolicy: 'soft', error: { status: 503 } });
    const response = rest.selectResponse(store.getState(), soft, p5);
    expect(response.error).toMatchObject({ status: 503 });
    expect(response.data?.title).toBe('hi');
    expect(response.status).toBe('rejected');
    expect(rest.selectError(store.getState(), soft, p5)).toBe(response.error);
  });

  it("errorPolicy returning undefined leaves the error visible (policy decided per error)", async () => {
    const { rest, store } = setup();
    const soft = PostResource.get.extend({ errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined) });
    await fetchAnswered(store, rest.fetch(soft, p5), post5, 1040);
    await outcome(fetchAnswered(store, rest.fetch(soft, p5), {}, 1100, { status: 404 }));
    expect(rawSlice(rest, store.getState()).meta[K.post5]).not.toHaveProperty('errorPolicy');
    expect(rest.selectError(store.getState(), soft, p5)).toMatchObject({ status: 404 });
  });

  it("with no usable data a 'soft' error surfaces regardless", async () => {
    const { rest, store } = setup({ retry: false });
    const soft = PostResource.get.extend({ errorPolicy: () => 'soft' as const });
    await outcome(fetchAnswered(store, rest.fetch(soft, p5), {}, 1040, { status: 503 }));
    expect(rest.selectError(store.getState(), soft, p5)).toMatchObject({ status: 503 });
    expect(rest.selectResponse(store.getState(), soft, p5).error).toMatchObject({ status: 503 });
  });
});

describe('rebuilt errors', () => {
  it('fetchIfStale surfaces a stored NetworkError as a NetworkError with status, url and message, without response', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 404, statusText: 'Not Found' }));
    const result = await outcome(store.dispatch(rest.fetchIfStale(PostResource.get, p5)));
    const error = (result as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.name).toBe('NetworkError');
    expect(error.status).toBe(404);
    expect(error.url).toBe(`${A}/react/posts/5`);
    expect(error.message).toBe(`${A}/react/posts/5: Not Found`);
    expect(error.response).toBeUndefined();
  });

  it('any other stored error becomes an Error with the stored name, message and status', async () => {
    const { rest, store } = setup();
    const failing = PostResource.get.extend({ process: () => ({ title: 'no pk' }) });
    await outcome(fetchAnswered(store, rest.fetch(failing, p5), post5, 1040));
    const result = await outcome(store.dispatch(rest.fetchIfStale(failing, p5)));
    const error = (result as { error: Error & { status: number } }).error;
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error.name).toBe('Error');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Error processing GET /);
  });

  it('the same stored object always yields the same instance', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500 }));
    const one = await outcome(store.dispatch(rest.fetchIfStale(PostResource.get, p5)));
    const two = await outcome(store.dispatch(rest.fetchIfStale(PostResource.get, p5)));
    expect((one as { error: unknown }).error).toBeInstanceOf(Error);
    expect((two as { error: unknown }).error).toBe((one as { error: unknown }).error);
  });
});

describe('onUnauthorized', () => {
  it('a 401 calls onUnauthorized with the real error and { dispatch, getState }, after the rejected commit and before the promise rejects', async () => {
    const order: string[] = [];
    const calls: Array<{ error: unknown; stored: unknown; api: any }> = [];
    const { rest, store } = setup({
      onUnauthorized: (error: unknown, api: any) => {
        order.push('onUnauthorized');
        calls.push({ error, stored: api.getState().rest.meta[K.post5]?.error, api });
      },
    });
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)).catch((error: unknown) => {
      order.push('rejected');
      return error;
    });
    (await net.nth(1)).reply({}, { status: 401, statusText: 'Unauthorized' });
    const error = await promise;
    expect(order).toEqual(['onUnauthorized', 'rejected']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.error).toBe(error);
    expect(calls[0]!.error).toBeInstanceOf(NetworkError);
    expect((calls[0]!.error as NetworkError).status).toBe(401);
    expect(calls[0]!.stored).toMatchObject({ name: 'NetworkError', status: 401 });
    expect(typeof calls[0]!.api.dispatch).toBe('function');
    expect(typeof calls[0]!.api.getState).toBe('function');
  });

  it('a 401 on a mutation calls onUnauthorized too', async () => {
    const onUnauthorized = jest.fn();
    const { rest, store } = setup({ onUnauthorized });
    await outcome(fetchAnswered(store, rest.fetch(PostResource.update, p5, { title: 'x' }), {}, 1040, { status: 401 }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('other statuses do not call it', async () => {
    const onUnauthorized = jest.fn();
    const { rest, store } = setup({ onUnauthorized });
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 403 }));
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p6), {}, 1040, { status: 500 }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('by default a 401 is an error like any other: stored under its own key, the rest of the cache kept, and the promise rejects at once', async () => {
    const { rest, store, types } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post6], 1040);
    jest.setSystemTime(2000);
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 2000, { status: 401 }));
    expect(result.ok === false && result.error.status).toBe(401);
    expect(types()).not.toContain('rest/resetEntireStore');
    expect(rest.selectData(store.getState(), PostResource.getList, react)?.map((post) => post.title)).toEqual(['six']);
    expect(rest.selectError(store.getState(), PostResource.get, p5)).toMatchObject({ status: 401 });
    expect(sliceOf(rest, store.getState()).lastReset).toBe(0);
  });

  it('onUnauthorized resetting the store empties the slice before the promise rejects', async () => {
    let lastResetAtRejection: unknown;
    const rest: ReturnType<typeof createRest> = createRest({ onUnauthorized: (_error, { dispatch }) => dispatch(rest.resetEntireStore()) });
    const store = makeStore(rest);
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), { id: 6, title: 'six' }, 1040);
    jest.setSystemTime(2000);
    const failed = store.dispatch(rest.fetch(PostResource.get, p5)).catch((error: unknown) => {
      lastResetAtRejection = sliceOf(rest, store.getState()).lastReset;
      return error;
    });
    (await net.nth(2)).reply({}, { status: 401 });
    expect(await failed).toMatchObject({ status: 401 });
    expect(lastResetAtRejection).toBe(2000);
    expect(sliceOf(rest, store.getState())).toStrictEqual({ entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset: 2000 });
    expect(rest.selectData(store.getState(), PostResource.get, p6)).toBeUndefined();
  });

  it('plain endpoint calls never call it', async () => {
    const onUnauthorized = jest.fn();
    const { store } = setup({ onUnauthorized });
    net.autoRespond(() => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }));
    await expect(PostResource.get(p5)).rejects.toMatchObject({ status: 401 });
    store.dispatch({ type: 'app/after' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('de-authorization on 401', () => {
  it('the documented onUnauthorized clears the token and resets the store; later requests carry no token', async () => {
    let accessToken: string | undefined = 'TOKEN-1';
    class AuthedEndpoint extends RestEndpoint {
      override getHeaders(headers: Record<string, string>) {
        return accessToken ? { ...headers, 'Access-Token': accessToken } : headers;
      }
    }
    const getPost = new AuthedEndpoint({ path: '/:group/posts/:id', urlPrefix: A, schema: Post });
    const rest: ReturnType<typeof createRest> = createRest({
      onUnauthorized: (_error: unknown, api: any) => {
        accessToken = undefined;
        api.dispatch(rest.resetEntireStore());
      },
    });
    const store = makeStore(rest);
    await fetchAnswered(store, rest.fetch(getPost, p6), { id: 6, title: 'six' }, 1040);
    expect(net.requests[0]!.headers['access-token']).toBe('TOKEN-1');
    jest.setSystemTime(3000);
    await outcome(fetchAnswered(store, rest.fetch(getPost, p5), {}, 3000, { status: 401 }));
    expect(accessToken).toBeUndefined();
    expect(sliceOf(rest, store.getState()).lastReset).toBe(3000);
    expect(rest.selectData(store.getState(), getPost, p6)).toBeUndefined();
    await fetchAnswered(store, rest.fetch(getPost, p6), { id: 6, title: 'six' }, 3100);
    expect(net.requests[2]!.headers).not.toHaveProperty('access-token');
  });
});
