import { K, PostResource, net, outcome, p5, post5, rawSlice, setup, useTestEnvironment, watchConsole } from '../redux/support';

useTestEnvironment();

const ETAG = '"v1"';
const MODIFIED = 'Wed, 21 Oct 2026 07:28:00 GMT';

async function firstAnswer(headers: Record<string, string>) {
  const context = setup();
  const promise = context.store.dispatch(context.rest.fetch(PostResource.get, p5)) as Promise<unknown>;
  (await net.nth(1)).reply(post5, { headers });
  await promise;
  return context;
}

describe('conditional requests', () => {
  it('the ETag and Last-Modified of an answer are kept in the key meta as plain strings', async () => {
    const { rest, store } = await firstAnswer({ etag: ETAG, 'last-modified': MODIFIED });
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toStrictEqual({ fetchedAt: 1000, date: 1000, expiresAt: 61000, etag: ETAG, lastModified: MODIFIED });
  });

  it('a refetch sends If-None-Match and If-Modified-Since; a 304 keeps the data and refreshes its expiry', async () => {
    const { rest, store, types } = await firstAnswer({ etag: ETAG, 'last-modified': MODIFIED });
    const calls = watchConsole();
    const before = rest.selectData(store.getState(), PostResource.get, p5);
    const entities = rawSlice(rest, store.getState()).entities;
    jest.setSystemTime(5000);
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    const request = await net.nth(2);
    expect(request.headers['if-none-match']).toBe(ETAG);
    expect(request.headers['if-modified-since']).toBe(MODIFIED);
    jest.setSystemTime(5100);
    request.respond(new Response(null, { status: 304, headers: { etag: ETAG } }));
    expect(await promise).toEqual(before);
    expect(types().slice(-2)).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
    const slice = rawSlice(rest, store.getState());
    expect(slice.meta[K.post5]).toStrictEqual({ fetchedAt: 5000, date: 5100, expiresAt: 65100, etag: ETAG, lastModified: MODIFIED });
    expect(slice.entities).toBe(entities);
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({ status: 'fulfilled', error: undefined, expiryStatus: 'valid' });
    expect(calls.errors).toEqual([]);
  });

  it('a new answer replaces the validators; an answer without them drops them', async () => {
    const { rest, store } = await firstAnswer({ etag: ETAG });
    const second = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    (await net.nth(2)).reply({ ...post5, title: 'v2' }, { headers: { etag: '"v2"' } });
    await second;
    expect(rawSlice(rest, store.getState()).meta[K.post5].etag).toBe('"v2"');
    const third = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    const request = await net.nth(3);
    expect(request.headers['if-none-match']).toBe('"v2"');
    request.reply({ ...post5, title: 'v3' });
    await third;
    expect(rawSlice(rest, store.getState()).meta[K.post5]).not.toHaveProperty('etag');
  });

  it('conditional: false opts out; mutations and keys without data send no validators', async () => {
    const { rest, store } = await firstAnswer({ etag: ETAG });
    const optedOut = store.dispatch(rest.fetch(PostResource.get.extend({ conditional: false }), p5)) as Promise<unknown>;
    const plain = await net.nth(2);
    expect(plain.headers).not.toHaveProperty('if-none-match');
    plain.reply(post5, { headers: { etag: ETAG } });
    await optedOut;
    const mutation = outcome(store.dispatch(rest.fetch(PostResource.update, p5, { title: 'x' })) as Promise<unknown>);
    const put = await net.nth(3);
    expect(put.headers).not.toHaveProperty('if-none-match');
    put.reply({ ...post5, title: 'x' });
    await mutation;
    store.dispatch(rest.invalidate(PostResource.get, p5));
    const refetch = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    const after = await net.nth(4);
    expect(after.headers).not.toHaveProperty('if-none-match');
    after.reply(post5);
    await refetch;
  });
});

describe('the conditional default of createRest', () => {
  it('createRest({ conditional: false }) sends no validators on refetch; an endpoint\'s conditional: true still opts in', async () => {
    const { rest, store } = setup({ conditional: false });
    const first = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    (await net.nth(1)).reply(post5, { headers: { etag: ETAG } });
    await first;
    const refetch = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    const plain = await net.nth(2);
    expect(plain.headers).not.toHaveProperty('if-none-match');
    plain.reply(post5, { headers: { etag: ETAG } });
    await refetch;
    // Off by default, nothing is kept: an endpoint that opts in keeps its answer's validators and sends them.
    expect(rawSlice(rest, store.getState()).meta[K.post5]).not.toHaveProperty('etag');
    const conditionalGet = PostResource.get.extend({ conditional: true });
    const kept = store.dispatch(rest.fetch(conditionalGet, p5)) as Promise<unknown>;
    (await net.nth(3)).reply(post5, { headers: { etag: ETAG } });
    await kept;
    const optedIn = store.dispatch(rest.fetch(conditionalGet, p5)) as Promise<unknown>;
    const conditional = await net.nth(4);
    expect(conditional.headers['if-none-match']).toBe(ETAG);
    conditional.respond(new Response(null, { status: 304 }));
    await optedIn;
  });
});

describe('conditional requests, failures', () => {
  it('a failed conditional refetch keeps the data and its validators next to the error', async () => {
    const { rest, store } = await firstAnswer({ etag: ETAG });
    const failed = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ retry: false }), p5)) as Promise<unknown>);
    (await net.nth(2)).reply({}, { status: 500 });
    await failed;
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toMatchObject({ etag: ETAG, error: { status: 500 } });
    const again = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>;
    const request = await net.nth(3);
    expect(request.headers['if-none-match']).toBe(ETAG);
    request.respond(new Response(null, { status: 304 }));
    await again;
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toStrictEqual({ fetchedAt: 1000, date: 1000, expiresAt: 61000, etag: ETAG });
  });
});
