import { NetworkError, RestEndpoint } from 'rtk-rest';
import { A, K, PostResource, fetchAnswered, net, outcome, p5, post5, rawSlice, setup, useTestEnvironment, watchConsole } from '../redux/support';

useTestEnvironment();

const fieldErrors = { message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] };

describe('error bodies kept', () => {
  it('a 422 stores the parsed JSON body with the error; readers and the real error show it', async () => {
    const { rest, store } = setup();
    const calls = watchConsole();
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.update, p5, { title: '' }), fieldErrors, 1040, { status: 422, statusText: 'Unprocessable Entity' }));
    expect(result.ok).toBe(false);
    const error = (result as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.body).toStrictEqual(fieldErrors);
    // The caller's Response is still unread (the body was read from a clone).
    expect(error.response?.bodyUsed).toBe(false);
    const stored = rawSlice(rest, store.getState()).meta[K.update5].error;
    expect(stored).toStrictEqual({ name: 'NetworkError', message: `${A}/react/posts/5: Unprocessable Entity`, status: 422, url: `${A}/react/posts/5`, body: fieldErrors });
    expect(rest.selectError(store.getState(), PostResource.update, p5, {})?.body).toStrictEqual(fieldErrors);
    expect(calls.errors.concat(calls.warnings)).toEqual([]);
  });

  it('the error rebuilt for hooks from the stored one carries the body', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), fieldErrors, 1040, { status: 422 }));
    // fetchIfStale rejects with the rebuilt stored error, as useSuspense throws it.
    const rebuilt = await outcome(store.dispatch(rest.fetchIfStale(PostResource.get, p5)) as Promise<unknown>);
    expect(rebuilt.ok).toBe(false);
    expect((rebuilt as { error: NetworkError }).error.body).toStrictEqual(fieldErrors);
  });

  it('a plain endpoint call rejects with the body too', async () => {
    const ep = new RestEndpoint({ path: '/posts/:id', urlPrefix: A, method: 'PUT' });
    const call = outcome(ep({ id: 5 }, { title: '' }));
    (await net.nth(1)).reply(fieldErrors, { status: 422 });
    const result = await call;
    expect((result as { error: NetworkError }).error.body).toStrictEqual(fieldErrors);
  });

  it('non-JSON error bodies are not read; the stored error has no body', async () => {
    const { rest, store } = setup({ retry: false });
    const pending = outcome(store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>);
    (await net.nth(1)).respond(new Response('<html>down</html>', { status: 503, headers: { 'content-type': 'text/html' } }));
    const result = await pending;
    expect((result as { error: NetworkError }).error.body).toBeUndefined();
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).not.toHaveProperty('body');
  });

  it('a large body is stored capped with the truncation marker; the real error keeps it whole', async () => {
    const { rest, store } = setup();
    const big = { message: 'too many', errors: Array.from({ length: 2000 }, (_, i) => ({ field: `f${i}`, code: 'invalid' })) };
    const result = await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), big, 1040, { status: 422 }));
    expect((result as { error: NetworkError }).error.body).toStrictEqual(big);
    const stored = rawSlice(rest, store.getState()).meta[K.post5].error.body;
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(8 * 1024 + 200);
    expect(stored.message).toBe('too many');
    expect(stored.errors.length).toBeLessThan(2000);
    expect(stored.errors[0]).toStrictEqual({ field: 'f0', code: 'invalid' });
    expect(stored.errors[stored.errors.length - 1]).toStrictEqual({ '@@rtk-rest/truncated': true });
  });

  it('a deeply nested body is cut at the depth limit with the marker', async () => {
    const { rest, store } = setup();
    let deep: unknown = { end: true };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), deep, 1040, { status: 400 }));
    let stored = rawSlice(rest, store.getState()).meta[K.post5].error.body;
    let depth = 0;
    while (stored.next !== undefined) {
      stored = stored.next;
      depth++;
    }
    expect(depth).toBeLessThan(100);
    expect(stored).toStrictEqual({ '@@rtk-rest/truncated': true });
  });

  it('a success after the error clears it (data and body gone together)', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), fieldErrors, 1040, { status: 422 }));
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1050);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).not.toHaveProperty('error');
  });
});
