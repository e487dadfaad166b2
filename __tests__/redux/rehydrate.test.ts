import { createRest } from 'rtk-rest';
import { K, Post, PostResource, User, ann, bob, fetchAnswered, makeStore, net, p5, p6, post5, post6, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';

// A restored slice merges by freshness; pending requests and layers never come back;
// restored data past its expiry is stale (shown, then refetched).

useTestEnvironment();

/** A slice saved from another store: post 5 fetched at `at`, with `title`. */
async function savedSlice(at: number, title: string, extra?: (rest: ReturnType<typeof setup>['rest'], store: ReturnType<typeof setup>['store']) => Promise<void>) {
  const { rest, store } = setup();
  jest.setSystemTime(at);
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, title }, at + 10);
  await extra?.(rest, store);
  return JSON.parse(JSON.stringify(rawSlice(rest, store.getState())));
}

describe('rest.actions.rehydrated merges a restored slice by fetchedAt', () => {
  it('newer wins, entity by entity and key by key; older restored data is ignored', async () => {
    const older = await savedSlice(1000, 'older');
    const newer = await savedSlice(5000, 'newer', async (rest, store) => {
      await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6, 5020);
    });
    jest.setSystemTime(3000);
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, title: 'current' }, 3010);
    store.dispatch(rest.actions.rehydrated(older));
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('current');
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).fetchedAt).toBe(3000);
    store.dispatch(rest.actions.rehydrated(newer));
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('newer');
    expect(rest.selectData(store.getState(), PostResource.get, p6)?.author.username).toBe('bob');
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({ fetchedAt: 5000, status: 'fulfilled' });
    const slice = sliceOf(rest, store.getState());
    expect(slice.entitiesMeta.Post['5'].fetchedAt).toBe(5000);
    expect(slice.indexes.User.username).toEqual({ ann: '1', bob: '2' });
    expect(JSON.parse(JSON.stringify(rawSlice(rest, store.getState())))).toEqual(rawSlice(rest, store.getState()));
  });

  it('never restores pending requests or optimistic layers; keeps this store’s own', async () => {
    const saved = await savedSlice(1000, 'saved');
    saved.meta[K.post6] = { pending: ['someone-elses-request'] };
    saved.meta[K.post5].pending = ['another'];
    saved.optimistic = [{ requestId: 'r', key: K.update5, endpoint: 'x', fetchedAt: 1, write: { entities: { Post: { '5': { id: 5, title: 'layer', author: '1' } } }, entitiesMeta: {}, indexes: {} } }];
    const { rest, store } = setup();
    const inFlight = store.dispatch(rest.fetch(PostResource.get, p5));
    store.dispatch(rest.actions.rehydrated(saved));
    const slice = rawSlice(rest, store.getState());
    expect(slice.optimistic).toEqual([]);
    expect(sliceOf(rest, store.getState()).meta[K.post6]).toBeUndefined();
    expect(sliceOf(rest, store.getState()).meta[K.post5].pending).toHaveLength(1);
    expect(sliceOf(rest, store.getState()).meta[K.post5].pending[0]).not.toBe('another');
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('saved');
    (await net.nth(2)).reply({ ...post5, title: 'live' });
    await inFlight;
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('live');
  });

  it('restored data past its expiry is stale: shown, then refetched', async () => {
    const saved = await savedSlice(1000, 'saved');
    jest.setSystemTime(1_000_000);
    const { rest, store } = setup();
    store.dispatch(rest.actions.rehydrated(saved));
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({ data: expect.any(Post), expiryStatus: 'stale' });
    const refetch = store.dispatch(rest.fetchIfStale(PostResource.get, p5));
    (await net.nth(2)).reply({ ...post5, title: 'fresh' });
    await refetch;
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({ expiryStatus: 'valid' });
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('fresh');
  });

  it('a rehydrate changes, conservatively, every cell its restored slice holds; the slice is a new object even when none won', async () => {
    const saved = await savedSlice(1000, 'saved', async (rest, store) => {
      await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6, 1020);
    });
    const { rest, store, actions } = setup();
    jest.setSystemTime(2000);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, title: 'current' }, 2010);
    store.dispatch(rest.actions.rehydrated(saved));
    const action = actions[actions.length - 1];
    expect(rest.matchEntitiesChanged(Post)(action)).toBe(true);
    // The action carries the restored slice, not the live one: the live post 5 is newer and stays,
    // but which cells win is not in the action, so every restored cell is reported.
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('current');
    expect(rest.changedPks(action, Post)).toEqual(Object.keys(saved.entities.Post));
    expect(rest.changedPks(action, Post)).toEqual(['5', '6']);
    expect(rest.changedPks(action, User)).toEqual(Object.keys(saved.entities.User));
    const before = rawSlice(rest, store.getState());
    store.dispatch(rest.actions.rehydrated(saved));
    expect(rawSlice(rest, store.getState())).not.toBe(before);
    expect(rest.changedPks(actions[actions.length - 1], Post)).toEqual(['5', '6']);
  });

  it('large tables (past the store’s flat-table size) merge the same way', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, title: `p${i + 1}`, author: ann }));
    const saved = await savedSlice(1000, 'saved', async (rest, store) => {
      await fetchAnswered(store, rest.fetch(PostResource.getList, react), many, 1030);
    });
    const { rest, store } = setup();
    jest.setSystemTime(1005);
    await fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 7 }), { id: 7, title: 'live seven', author: ann }, 1020);
    store.dispatch(rest.actions.rehydrated(saved));
    const posts = rest.selectEntities(store.getState(), Post);
    expect(posts).toHaveLength(150);
    // The saved list's request started at 1010, after this store's post 7 request (1005).
    expect(rest.selectEntity(store.getState(), Post, 7)?.title).toBe('p7');
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toHaveLength(150);
  });

  it('restored data older than this store’s last reset is ignored', async () => {
    const saved = await savedSlice(1000, 'saved');
    jest.setSystemTime(2000);
    const { rest, store } = setup();
    store.dispatch(rest.resetEntireStore());
    store.dispatch(rest.actions.rehydrated(saved));
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).status).toBe('uninitialized');
  });
});

describe('redux-persist REHYDRATE and other hydrate actions', () => {
  it('by default, persist/REHYDRATE of a persisted root merges payload[reducerPath]', async () => {
    const saved = await savedSlice(1000, 'saved');
    const { rest, store } = setup();
    store.dispatch({ type: 'persist/REHYDRATE', key: 'root', payload: { [rest.reducerPath]: saved, other: 1, _persist: { version: -1, rehydrated: true } } });
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('saved');
    store.dispatch({ type: 'persist/REHYDRATE', key: 'root', payload: undefined });
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('saved');
  });

  it('extractRehydrationInfo picks the slice out of any action (a nested persist key, a framework’s HYDRATE)', async () => {
    const saved = await savedSlice(1000, 'saved');
    const { rest, store, actions } = setup({
      extractRehydrationInfo: (action, { reducerPath }) => (action.type === 'persist/REHYDRATE' && action.key === reducerPath ? action.payload : undefined),
    });
    store.dispatch({ type: 'persist/REHYDRATE', key: 'root', payload: { rest: saved } });
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
    store.dispatch({ type: 'persist/REHYDRATE', key: 'rest', payload: saved });
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('saved');
    expect(rest.changedPks(actions[actions.length - 1], Post)).toEqual(['5']);
  });
});

describe('preloadedState', () => {
  it('pending ids and optimistic layers of a preloaded slice are gone from the very first state', async () => {
    const saved = await savedSlice(1000, 'saved');
    saved.meta[K.post5].pending = ['old'];
    saved.optimistic = [{ requestId: 'old', key: K.update5, endpoint: 'x', fetchedAt: 1, write: { entities: { Post: { '5': { id: 5, title: 'layer', author: '1' } } }, entitiesMeta: {}, indexes: {} } }];
    const rest = createRest();
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: saved } });
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
    expect(sliceOf(rest, store.getState()).meta[K.post5].pending).toBeUndefined();
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('saved');
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).isFetching).toBe(false);
    void ann;
    void bob;
    void react;
  });
});

describe('redux-persist around the rest reducer alone (the recipe’s note)', () => {
  it('extractRehydrationInfo + stateReconciler: false merges the nested slice by freshness', async () => {
    const { persistReducer, persistStore, REHYDRATE, FLUSH, PAUSE, PERSIST, PURGE, REGISTER } = await import('redux-persist');
    const { configureStore, combineReducers } = await import('@reduxjs/toolkit');
    const saved = await savedSlice(1000, 'saved');
    saved.meta[K.post6] = { pending: ['old'] };
    const items = new Map<string, string>([['persist:rest', JSON.stringify({ ...Object.fromEntries(Object.entries(saved).map(([k, v]) => [k, JSON.stringify(v)])), _persist: JSON.stringify({ version: -1, rehydrated: true }) })]]);
    const storage = { getItem: async (key: string) => items.get(key) ?? null, setItem: async (key: string, value: string) => void items.set(key, value), removeItem: async (key: string) => void items.delete(key) };
    const rest = createRest({ extractRehydrationInfo: (action) => (action.type === REHYDRATE && action.key === 'rest' ? action.payload : undefined) });
    const store = configureStore({
      reducer: combineReducers({ rest: persistReducer({ key: 'rest', storage, stateReconciler: false }, rest.reducer) }),
      middleware: (getDefault) => getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(rest.middleware),
    });
    const persistor = persistStore(store);
    for (let i = 0; i < 20 && !persistor.getState().bootstrapped; i++) await Promise.resolve().then(() => new Promise<void>((resolve) => process.nextTick(resolve)));
    expect(persistor.getState().bootstrapped).toBe(true);
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('saved');
    expect(sliceOf(rest, store.getState()).meta[K.post6]).toBeUndefined();
  });
});

describe('a saved slice this version cannot read never blocks redux-persist', () => {
  const settle = async (done: () => boolean) => {
    for (let i = 0; i < 20 && !done(); i++) await Promise.resolve().then(() => new Promise<void>((resolve) => process.nextTick(resolve)));
  };
  it.each([
    ['a sharded table of a future format', { '@@rtk-rest/table': 5, size: 1, order: null, shards: [] }, /is a sharded table of format 5/],
    ['a table that is a string', 'oops', /is string, not a table/],
  ])('%s: rehydration completes, the saved slice is ignored with a console error, and the next save replaces it', async (_label, table, message) => {
    const { makePersistedStore, rest: recipeRest } = await import('../../docs/recipes/persistence');
    const saved = { entities: { Post: table }, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset: 0 };
    const items = new Map<string, string>([['persist:root', JSON.stringify({ rest: JSON.stringify(saved), _persist: JSON.stringify({ version: -1, rehydrated: true }) })]]);
    const storage = { getItem: async (key: string) => items.get(key) ?? null, setItem: async (key: string, value: string) => void items.set(key, value), removeItem: async (key: string) => void items.delete(key) };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, persistor } = makePersistedStore(storage);
    await settle(() => persistor.getState().bootstrapped);
    expect(persistor.getState().bootstrapped).toBe(true);
    expect((store.getState() as { _persist: { rehydrated: boolean } })._persist.rehydrated).toBe(true);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(message);
    expect(String(errors.mock.calls[0]![0])).toMatch(/persist\/REHYDRATE.*ignored/s);
    // The live (empty) slice stands, plain and readable; a write works and is what gets saved next.
    const live = sliceOf(recipeRest, store.getState());
    expect(live.entities).toEqual({});
    await persistor.flush();
    expect(JSON.parse(JSON.parse(items.get('persist:root')!).rest).entities).toEqual({});
  });
});
