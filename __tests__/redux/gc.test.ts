import { A, K, PostResource, User, ann, bob, fetchAnswered, flush, net, p5, p6, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';

// Garbage collection, with fake timers.
useTestEnvironment();

/** Lets sweeps due in the next `ms` run, and the commits they trigger settle. */
async function tick(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
}

const gcActions = (actions: { type: string }[]) => actions.filter((action) => action.type === 'rest/gc');

describe('what a sweep removes', () => {
  it('the example: an unretained list expired for longer than graceMs goes with its collection, posts and users', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000 } });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    expect(rawSlice(rest, store.getState()).meta[K.list].expiresAt).toBe(61040);
    await tick(181040 - Date.now());
    // At 181040 the key is not yet expired for longer than graceMs.
    expect(gcActions(actions)).toEqual([]);
    await tick(1000);
    const [gc] = gcActions(actions);
    expect(gc).toBeDefined();
    const { keys, entities } = (gc as unknown as { payload: { keys: string[]; entities: { key: string; pk: string }[] } }).payload;
    expect(keys).toEqual([K.list]);
    expect(entities).toEqual(expect.arrayContaining([{ key: 'Post', pk: '5' }, { key: 'User', pk: '1' }]));
    expect(entities.some((entity) => entity.key !== 'Post' && entity.key !== 'User')).toBe(true); // the collection
    const slice = sliceOf(rest, store.getState());
    expect(slice.endpoints).toEqual({});
    expect(slice.meta).toEqual({});
    expect(slice.entities).toEqual(expect.objectContaining({ Post: {}, User: {} }));
    expect(slice.entitiesMeta.Post).toEqual({});
    expect(slice.indexes.User.username).toEqual({});
    expect(gcActions(actions)).toHaveLength(1);
  });

  it('entities another remaining result reaches stay; only the unreachable go', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    jest.setSystemTime(50_000);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    await tick(61040 - Date.now() + 1000);
    expect(gcActions(actions)).toHaveLength(1);
    const slice = sliceOf(rest, store.getState());
    expect(Object.keys(slice.endpoints)).toEqual([K.post5]);
    expect(Object.keys(slice.entities.Post)).toEqual(['5']);
    expect(Object.keys(slice.entities.User)).toEqual(['1']);
    expect(slice.indexes.User.username).toEqual({ ann: '1' });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.author.username).toBe('ann');
  });

  it('a sweep that removes nothing dispatches nothing', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await tick(10_000);
    expect(gcActions(actions)).toEqual([]);
  });

  it('gc: false keeps everything and starts no timer', async () => {
    const baseline = jest.getTimerCount();
    const { rest, store, actions } = setup({ gc: false });
    expect(jest.getTimerCount()).toBe(baseline);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    await tick(10_000_000);
    expect(gcActions(actions)).toEqual([]);
    expect(sliceOf(rest, store.getState()).entities.Post).toHaveProperty('5');
  });

  it('a result of an endpoint this store never saw (hydrated) keeps every entity that sweep', async () => {
    const { rest, store } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const hydrated = sliceOf(rest, store.getState());
    const { rest: client, store: clientStore, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } }, { preloadedState: { rest: { ...hydrated, meta: { [K.post5]: { ...hydrated.meta[K.post5], expiresAt: 10_000_000 } } } } });
    // An unrelated, expired list this client did request.
    await fetchAnswered(clientStore, client.fetch(PostResource.getList, { group: 'vue' }), [post6], 2000);
    await tick(70_000);
    const [gc] = gcActions(actions) as unknown as { payload: { keys: string[]; entities: unknown[] } }[];
    expect(gc?.payload.keys).toEqual([`GET ${A}/vue/posts`]);
    expect(gc?.payload.entities).toEqual([]);
    expect(Object.keys(sliceOf(client, clientStore.getState()).entities.Post)).toEqual(['5', '6']);
  });
});

describe('retention', () => {
  it('a subscribed key is retained; after the last unsubscribe the next sweep removes it', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const unsubscribe = store.dispatch(rest.subscribe(PostResource.get, p5));
    await tick(120_000);
    expect(gcActions(actions)).toEqual([]);
    unsubscribe();
    await tick(1000);
    expect((gcActions(actions)[0] as unknown as { payload: { keys: string[] } }).payload.keys).toEqual([K.post5]);
  });

  it('the store forgets the endpoint and arguments of the keys a sweep or a reset removes, unless still in use', async () => {
    const { rest, store } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    const controller = store.dispatch({ type: `${rest.reducerPath}/internal/records` }) as unknown as { argsByKey: Map<string, unknown>; endpointsByKey: Map<string, unknown> };
    const remembered = () => [...controller.argsByKey.keys()].sort();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6, 1040);
    const unsubscribe = store.dispatch(rest.subscribe(PostResource.get, p6));
    expect(remembered()).toEqual([K.post5, K.post6]);
    await tick(120_000);
    // The sweep removed post 5's key; post 6 is subscribed, so it stays, with its endpoint.
    expect(Object.keys(rawSlice(rest, store.getState()).meta)).toEqual([K.post6]);
    expect(remembered()).toEqual([K.post6]);
    unsubscribe();
    store.dispatch(rest.resetEntireStore());
    expect(remembered()).toEqual([]);
    expect(controller.endpointsByKey.size).toBe(0);
  });

  it('a key with a request in flight is retained', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(100_000);
    const refetch = store.dispatch(rest.fetch(PostResource.get, p5));
    await tick(5000);
    expect(gcActions(actions)).toEqual([]);
    (await net.nth(2)).reply(post5);
    await refetch;
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBe('5');
  });

  it('a tombstone stays while a request that started before it is in flight', async () => {
    const { rest, store, actions } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(2000);
    const slowRead = store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 6 }));
    const slowRequest = await net.nth(2);
    jest.setSystemTime(3000);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), {}, 3000);
    expect(sliceOf(rest, store.getState()).entities.Post['5']).toBeNull();
    await tick(70_000);
    const removed = gcActions(actions).flatMap((action) => (action as unknown as { payload: { entities: { key: string; pk: string }[] } }).payload.entities);
    expect(removed).not.toContainEqual({ key: 'Post', pk: '5' });
    expect(sliceOf(rest, store.getState()).entities.Post['5']).toBeNull();
    slowRequest.reply({ ...post6, author: bob });
    await slowRead;
  });

  it('a tombstone stays while a read that merges before it (it overlapped a mutation) is in flight', async () => {
    const { rest, store } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(2000);
    const patch = store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: 6 }, { title: 'six!' }));
    const sentPatch = await net.nth(2);
    jest.setSystemTime(2200);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), {}, 2300);
    // Starts while the PATCH is in flight: it merges as of 1999, before the delete.
    jest.setSystemTime(2500);
    const read = store.dispatch(rest.fetch(PostResource.getList, react));
    const sentRead = await net.nth(4);
    jest.setSystemTime(2600);
    sentPatch.reply({ ...post6, author: bob, title: 'six!' });
    await patch;
    // Post 5's own key has expired and gone: nothing reaches the tombstone but its merge order.
    await tick(70_000);
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBeUndefined();
    expect(sliceOf(rest, store.getState()).entities.Post['5']).toBeNull();
    sentRead.reply([post5]);
    await read;
    expect(sliceOf(rest, store.getState()).entities.Post['5']).toBeNull();
  });
});

describe('timers', () => {
  it('the sweep timer is unref-ed so it never keeps Node alive', () => {
    const handles: { unref: jest.Mock }[] = [];
    const timers = {
      setTimeout: () => {
        const handle = { unref: jest.fn() };
        handles.push(handle);
        return handle;
      },
      clearTimeout: () => undefined,
    };
    setup({ timers });
    expect(handles).toHaveLength(1);
    expect(handles[0]!.unref).toHaveBeenCalled();
  });
});

it('User keeps its class through GC (the remaining read is still an instance)', async () => {
  const { rest, store } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, author: ann });
  const unsubscribe = store.dispatch(rest.subscribe(PostResource.get, p5));
  await tick(100_000);
  expect(rest.selectData(store.getState(), PostResource.get, p5)?.author).toBeInstanceOf(User);
  unsubscribe();
});
