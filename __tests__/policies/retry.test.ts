import type { NetworkError } from 'rtk-rest';
import { K, PostResource, flush, net, outcome, p5, post5, rawSlice, setup, useTestEnvironment } from '../redux/support';

useTestEnvironment();

/** Answers the n-th request with a status (JSON body), after letting it be sent. */
async function answer(n: number, status: number, headers?: Record<string, string>) {
  (await net.nth(n)).reply({ message: `status ${status}` }, { status, headers });
}

describe('retry', () => {
  beforeEach(() => {
    // Deterministic jitter: every delay is three quarters of its base.
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
  });

  it('a read retries a 503 with jittered exponential backoff and succeeds; one pending, one fulfilled', async () => {
    const { rest, store, types } = setup();
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<any>;
    await answer(1, 503);
    // Retry 1 after 1000 * 0.75.
    await jest.advanceTimersByTimeAsync(749);
    expect(net.count).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    await answer(2, 504);
    // Retry 2 after 2000 * 0.75.
    await jest.advanceTimersByTimeAsync(1499);
    expect(net.count).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(3)).reply(post5);
    expect((await promise).title).toBe('hi');
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).not.toHaveProperty('error');
  });

  it('after the last retry the last error is stored and thrown; 3 retries by default', async () => {
    const { rest, store } = setup();
    const settled = outcome(store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>);
    for (let n = 1; n <= 4; n++) {
      await answer(n, 429);
      await jest.advanceTimersByTimeAsync(10_000);
    }
    const result = await settled;
    expect(net.count).toBe(4);
    expect((result as { error: NetworkError }).error.status).toBe(429);
    expect(rawSlice(rest, store.getState()).meta[K.post5].error).toMatchObject({ status: 429 });
  });

  it('a network error and a 408 are retried; 500, 501, 502 and 404 are not', async () => {
    for (const [status, retried] of [[0, true], [408, true], [500, false], [501, false], [502, false], [404, false]] as const) {
      net.install();
      const { rest, store } = setup();
      const settled = outcome(store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>);
      if (status === 0) (await net.nth(1)).fail(new TypeError('fetch failed'));
      else await answer(1, status);
      await jest.advanceTimersByTimeAsync(1000);
      await flush();
      expect([status, net.count]).toEqual([status, retried ? 2 : 1]);
      if (retried) (await net.nth(2)).reply(post5);
      await settled;
    }
  });

  it('Retry-After in seconds and as an HTTP date is honoured', async () => {
    const { rest, store } = setup();
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<any>;
    await answer(1, 503, { 'retry-after': '7' });
    await jest.advanceTimersByTimeAsync(6999);
    expect(net.count).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    await answer(2, 429, { 'retry-after': new Date(Date.now() + 3000).toUTCString() });
    await jest.advanceTimersByTimeAsync(2999);
    expect(net.count).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    (await net.nth(3)).reply(post5);
    expect((await promise).id).toBe(5);
  });

  it('a Retry-After over a minute ends the retries', async () => {
    const { rest, store } = setup();
    const settled = outcome(store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>);
    await answer(1, 503, { 'retry-after': '3600' });
    expect(((await settled) as { error: NetworkError }).error.status).toBe(503);
    expect(net.count).toBe(1);
  });

  it('mutations do not retry by default; they do with their own retry option', async () => {
    const { rest, store } = setup();
    const plain = outcome(store.dispatch(rest.fetch(PostResource.update, p5, { title: 'x' })) as Promise<unknown>);
    await answer(1, 503);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(((await plain) as { error: NetworkError }).error.status).toBe(503);
    expect(net.count).toBe(1);
    const retried = store.dispatch(rest.fetch(PostResource.update.extend({ retry: 1 }), p5, { title: 'x' })) as Promise<any>;
    await answer(2, 503);
    await jest.advanceTimersByTimeAsync(750);
    (await net.nth(3)).reply({ ...post5, title: 'x' });
    expect((await retried).title).toBe('x');
  });

  it('an abort during the backoff rejects with the AbortError at once and stores nothing', async () => {
    const { rest, store } = setup({ gc: false });
    const controller = new AbortController();
    const settled = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ signal: controller.signal }), p5)) as Promise<unknown>);
    await answer(1, 503);
    await jest.advanceTimersByTimeAsync(100);
    controller.abort();
    const result = await settled;
    expect((result as { error: Error }).error.name).toBe('AbortError');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(net.count).toBe(1);
    // No error, no pending id: nothing but an empty record.
    expect(rawSlice(rest, store.getState()).meta[K.post5] ?? {}).toStrictEqual({});
    expect(jest.getTimerCount()).toBe(0);
  });

  it('retry: false (createRest or endpoint) and a custom when / delay', async () => {
    const { rest, store } = setup({ retry: false });
    const once = outcome(store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<unknown>);
    await answer(1, 503);
    await once;
    expect(net.count).toBe(1);
    const custom = PostResource.get.extend({ retry: { attempts: 1, when: (error: any) => error.status === 500, delay: () => 10 } });
    const promise = store.dispatch(rest.fetch(custom, p5)) as Promise<any>;
    await answer(2, 500);
    await jest.advanceTimersByTimeAsync(10);
    (await net.nth(3)).reply(post5);
    expect((await promise).id).toBe(5);
  });

  it('polls do not retry (the next poll is their retry)', async () => {
    const { rest, store } = setup();
    const unsubscribe = store.dispatch(rest.subscribe(PostResource.get.extend({ pollFrequency: 60_000 }), p5));
    await jest.advanceTimersByTimeAsync(0);
    await answer(1, 503);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(net.count).toBe(1);
    unsubscribe();
  });
});
