import { NetworkError, RestEndpoint } from 'rtk-rest';
import { A, K, PostResource, fetchAnswered, net, outcome, p5, post5, rawSlice, setup, useTestEnvironment } from '../redux/support';

useTestEnvironment();

describe('timeout', () => {
  it('a read that gets no answer within timeout is aborted and rejects with a NetworkError 408 saying it timed out; only the error is stored', async () => {
    const { rest, store } = setup({ retry: false, gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1000);
    const before = rawSlice(rest, store.getState());
    const settled = outcome(store.dispatch(rest.fetch(PostResource.get.extend({ timeout: 500 }), p5)) as Promise<unknown>);
    const request = await net.nth(2);
    await jest.advanceTimersByTimeAsync(499);
    expect(request.init.signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const error = ((await settled) as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(408);
    expect(error.message).toBe(`${A}/react/posts/5: timed out after 500 ms (timeout option)`);
    expect((error.cause as Error).name).toBe('TimeoutError');
    expect(request.init.signal?.aborted).toBe(true);
    const after = rawSlice(rest, store.getState());
    expect(after.entities).toBe(before.entities);
    expect(after.endpoints).toBe(before.endpoints);
    expect(after.meta[K.post5].error).toMatchObject({ name: 'NetworkError', status: 408 });
    // A late answer is ignored.
    request.reply({ ...post5, title: 'late' });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('an answer in time clears the timer', async () => {
    const { rest, store } = setup({ timeout: 500, gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1100);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a timed-out read is retried by default (a 408), with the createRest timeout', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const { rest, store } = setup({ timeout: 500 });
    const promise = store.dispatch(rest.fetch(PostResource.get, p5)) as Promise<any>;
    await net.nth(1);
    await jest.advanceTimersByTimeAsync(500 + 500);
    (await net.nth(2)).reply(post5);
    expect((await promise).id).toBe(5);
  });

  it('a plain endpoint call honours its timeout; a bad timeout throws a RangeError', async () => {
    const ep = new RestEndpoint({ path: '/slow', urlPrefix: A, timeout: 100 });
    const settled = outcome(ep());
    await net.nth(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(((await settled) as { error: NetworkError }).error.status).toBe(408);
    expect(() => new RestEndpoint({ path: '/x', timeout: 0 })).toThrow(RangeError);
  });
});
