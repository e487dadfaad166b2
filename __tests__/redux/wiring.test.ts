import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import { K, PostResource, flush, net, p5, post5, setup, useTestEnvironment } from './support';

useTestEnvironment();

const todos = (state: string[] = [], action: { type: string; payload?: string }) => (action.type === 'todos/added' ? [...state, action.payload!] : state);

describe('wiring', () => {
  it('the reducer and middleware sit beside other slices, with getDefault() (thunk included)', async () => {
    const rest = createRest();
    const store = configureStore({
      reducer: { [rest.reducerPath]: rest.reducer, todos },
      middleware: (getDefault) => getDefault().concat(rest.middleware),
    });
    store.dispatch({ type: 'todos/added', payload: 'x' });
    const pending = store.dispatch(rest.fetch(PostResource.get, p5));
    (await net.nth(1)).reply(post5);
    const post = await pending;
    expect(post?.title).toBe('hi');
    expect(store.getState().todos).toEqual(['x']);
    expect(Object.keys(store.getState().rest.endpoints)).toEqual([K.post5]);
  });
});

describe('invalidIfStale', () => {
  it('stale data is not usable: selectData is undefined and the status invalid once expired', async () => {
    const strict = PostResource.get.extend({ invalidIfStale: true, dataExpiryLength: 1000 });
    const loose = PostResource.get.extend({ dataExpiryLength: 1000 });
    const { rest, store } = setup();
    const done = store.dispatch(rest.fetch(strict, p5));
    (await net.nth(1)).reply(post5);
    await done;
    expect(rest.selectData(store.getState(), strict, p5)?.title).toBe('hi');
    jest.setSystemTime(Date.now() + 1001);
    expect(rest.selectResponse(store.getState(), strict, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    expect(rest.selectResponse(store.getState(), loose, p5)).toMatchObject({ expiryStatus: 'stale' });
    expect(rest.selectData(store.getState(), loose, p5)?.title).toBe('hi');
  });
});

describe('subscriptions survive a reset', () => {
  it('a subscribed polling key, having no write in the fresh slice, is refetched at once', async () => {
    const { rest, store } = setup();
    net.autoRespond(() => new Response(JSON.stringify(post5), { headers: { 'content-type': 'application/json' } }));
    const unsubscribe = store.dispatch(rest.subscribe(PostResource.get.extend({ pollFrequency: 60_000 }), p5));
    await jest.advanceTimersByTimeAsync(0);
    await flush();
    expect(net.count).toBe(1);
    store.dispatch(rest.resetEntireStore());
    await jest.advanceTimersByTimeAsync(0);
    await flush();
    expect(net.count).toBe(2);
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
    unsubscribe();
  });
});
