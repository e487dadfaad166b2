import { buildCreateRest, conditionalRequests, createRest, createResource, entityChanges, garbageCollection, linkPagination, optimisticUpdates, persistence, polling, refetchOnEvents, retries, shardedTables, streams } from '../../src';
import { configureStore } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Rest, RestFeature, StreamContext } from '../../src';
import { runtimeOf } from '../../src/redux';
import { A, K, Post, PostResource, fetchAnswered, flush, makeStore, net, p5, post5, rawSlice, useTestEnvironment, watchConsole } from './support';

// The store's optional concerns are features; `buildCreateRest(...features)` builds a
// createRest with only those, and an endpoint option whose feature is missing says so in development.
useTestEnvironment();

/** A store over an instance built with these features, past its registration. */
function storeWith(...features: RestFeature[]) {
  const rest = buildCreateRest(...features)({ gc: { intervalMs: 1000, graceMs: 0 } }) as unknown as Rest;
  const actions: UnknownAction[] = [];
  const store = makeStore(rest, { log: actions });
  store.dispatch({ type: 'test/ready' });
  return { rest, store, actions };
}

async function tick(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
}

const answerAll = () => net.autoRespond(() => new Response(JSON.stringify(post5), { headers: { 'content-type': 'application/json' } }));
const polled = PostResource.get.extend({ pollFrequency: 1000 });

describe('buildCreateRest builds a store with only the features it is given', () => {
  it('without polling a subscribed key never polls, and development says which feature is missing, once', async () => {
    const console = watchConsole();
    const { rest, store } = storeWith();
    answerAll();
    const first = store.dispatch(rest.subscribe(polled, p5));
    const second = store.dispatch(rest.subscribe(polled, p5));
    await tick(5000);
    expect(net.count).toBe(0);
    expect(console.warnings).toHaveLength(1);
    expect(String(console.warnings[0]![0])).toMatch(/^\[rtk-rest\] .* has pollFrequency, but this rest instance was built without the polling feature.*buildCreateRest\(polling/);
    first();
    second();
  });

  it('with polling it polls as createRest does', async () => {
    const console = watchConsole();
    const { rest, store } = storeWith(polling);
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(polled, p5));
    await tick(0);
    expect(net.count).toBe(1);
    await tick(1000);
    expect(net.count).toBe(2);
    unsubscribe();
    await tick(5000);
    expect(net.count).toBe(2);
    expect(console.warnings).toEqual([]);
  });

  it('without streams a subscription starts no stream and says so; with streams it starts one', () => {
    const console = watchConsole();
    const started: StreamContext[] = [];
    const streaming = PostResource.get.extend({ stream: (context: StreamContext) => void started.push(context) });
    const without = storeWith(polling);
    without.store.dispatch(without.rest.subscribe(streaming, p5))();
    expect(started).toHaveLength(0);
    expect(String(console.warnings[0]![0])).toMatch(/has stream, but this rest instance was built without the streams feature/);
    const withStreams = storeWith(streams);
    const unsubscribe = withStreams.store.dispatch(withStreams.rest.subscribe(streaming, p5));
    expect(started).toHaveLength(1);
    unsubscribe();
    expect(started[0]!.signal.aborted).toBe(true);
  });

  it('without garbageCollection nothing is collected; with it, an unretained expired key goes', async () => {
    const without = storeWith();
    await fetchAnswered(without.store, without.rest.fetch(PostResource.get, p5), post5);
    const withGc = storeWith(garbageCollection);
    await fetchAnswered(withGc.store, withGc.rest.fetch(PostResource.get, p5), post5);
    await tick(120_000);
    expect(rawSlice(without.rest, without.store.getState()).meta[K.post5]).toBeDefined();
    expect(rawSlice(withGc.rest, withGc.store.getState()).meta[K.post5]).toBeUndefined();
    // Nothing to retain for without GC: the runtime answers hooks with no release.
    expect(runtimeOf(without.store.dispatch, 'rest').retain(K.post5)).toBeUndefined();
  });

  it('the gc action is reduced by the garbageCollection feature: without it the store never sweeps, and a hand-dispatched gc changes nothing', async () => {
    for (const features of [[], [garbageCollection]]) {
      const { rest, store } = storeWith(...features);
      await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
      const before = rawSlice(rest, store.getState());
      store.dispatch(rest.actions.gc({ keys: [K.post5], entities: [{ key: 'Post', pk: '5' }] }));
      const after = rawSlice(rest, store.getState());
      expect({ features: features.length, kept: after === before, post: after.entities.Post?.['5'] !== undefined }).toEqual({ features: features.length, kept: features.length === 0, post: features.length === 0 });
    }
  });

  it('a mounted read with refetchOnFocus needs refetchOnEvents: without it, a development warning', () => {
    const console = watchConsole();
    const onFocus = PostResource.get.extend({ refetchOnFocus: true });
    const { store } = storeWith();
    const unmount = runtimeOf(store.dispatch, 'rest').mountRead(onFocus, [p5], K.post5);
    unmount();
    expect(String(console.warnings[0]![0])).toMatch(/has refetchOnFocus, but this rest instance was built without the refetchOnEvents feature/);
    const withEvents = storeWith(refetchOnEvents);
    runtimeOf(withEvents.store.dispatch, 'rest').mountRead(onFocus, [p5], K.post5)();
    expect(console.warnings).toHaveLength(1);
  });

  it('without optimisticUpdates an optimistic mutation shows no layer and says so; with it, the layer shows at once', async () => {
    const console = watchConsole();
    const Posts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, optimistic: true });
    for (const features of [[], [optimisticUpdates]]) {
      const { rest, store } = storeWith(...features);
      await fetchAnswered(store, rest.fetch(Posts.get, p5), post5);
      const patch = net.count + 1;
      const update = store.dispatch(rest.fetch(Posts.partialUpdate, p5, { title: 'new' }));
      const shown = rest.selectData(store.getState(), Posts.get, p5)?.title;
      expect({ features: features.length, shown, layers: rawSlice(rest, store.getState()).optimistic.length }).toEqual(
        features.length === 0 ? { features: 0, shown: 'hi', layers: 0 } : { features: 1, shown: 'new', layers: 1 },
      );
      (await net.nth(patch)).reply({ ...post5, title: 'new' });
      await update;
      expect(rest.selectData(store.getState(), Posts.get, p5)?.title).toBe('new');
    }
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/has getOptimisticResponse, but this rest instance was built without the optimisticUpdates feature/)]);
  });

  it('without persistence a rehydrate restores nothing and says so; with it, the saved post comes back', async () => {
    const console = watchConsole();
    const saved = storeWith();
    await fetchAnswered(saved.store, saved.rest.fetch(PostResource.get, p5), post5);
    const slice = rawSlice(saved.rest, saved.store.getState());
    for (const features of [[], [persistence]]) {
      const { rest, store } = storeWith(...features);
      store.dispatch(rest.actions.rehydrated(slice));
      store.dispatch({ type: 'persist/REHYDRATE', key: 'root', payload: { rest: slice } });
      expect({ features: features.length, title: rest.selectData(store.getState(), PostResource.get, p5)?.title }).toEqual({ features: features.length, title: features.length === 0 ? undefined : 'hi' });
    }
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/rest\/rehydrated was dispatched, but this rest instance was built without the persistence feature/)]);
  });

  it('without entityChanges no action carries changed entities and matchEntitiesChanged says why; with it, it matches', async () => {
    const console = watchConsole();
    for (const features of [[], [entityChanges]]) {
      const { rest, store, actions } = storeWith(...features);
      const matcher = rest.matchEntitiesChanged(Post);
      await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
      const fulfilled = actions.find((action) => action.type === 'rest/fetch/fulfilled')!;
      expect({ features: features.length, matches: matcher(fulfilled), pks: rest.changedPks(fulfilled, Post) }).toEqual(
        features.length === 0 ? { features: 0, matches: false, pks: [] } : { features: 1, matches: true, pks: ['5'] },
      );
    }
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/matchEntitiesChanged\(…\) never matches: this rest instance was built without the entityChanges feature/)]);
  });

  it('without retries a read that fails with a 503 is not retried; with retries it is; an endpoint\'s own retry without the feature warns', async () => {
    const console = watchConsole();
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const lean = storeWith();
    const own = PostResource.get.extend({ retry: 2 });
    const sent = net.count + 1;
    const failing = lean.store.dispatch(lean.rest.fetch(own, p5)).catch((error: { status?: number }) => error.status);
    (await net.nth(sent)).reply({ message: 'busy' }, { status: 503 });
    expect(await failing).toBe(503);
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/has retry, but this rest instance was built without the retries feature/)]);
    for (const features of [[], [retries]]) {
      const { rest, store } = storeWith(...features);
      const first = net.count + 1;
      const settled = store.dispatch(rest.fetch(PostResource.get, p5)).then(
        (post) => post?.title,
        (error: { status?: number }) => error.status,
      );
      (await net.nth(first)).reply({ message: 'busy' }, { status: 503 });
      await tick(750);
      if (features.length === 1) (await net.nth(first + 1)).reply(post5);
      expect({ features: features.length, requests: net.count - first + 1, outcome: await settled }).toEqual(
        features.length === 0 ? { features: 0, requests: 1, outcome: 503 } : { features: 1, requests: 2, outcome: 'hi' },
      );
    }
  });

  it('without conditionalRequests a refetch sends no If-None-Match; with it, it does and a 304 keeps the data', async () => {
    for (const features of [[], [conditionalRequests]]) {
      const { rest, store } = storeWith(...features);
      const first = net.count + 1;
      const loaded = store.dispatch(rest.fetch(PostResource.get, p5));
      (await net.nth(first)).reply(post5, { headers: { etag: '"v1"' } });
      await loaded;
      const refetch = store.dispatch(rest.fetch(PostResource.get, p5)).then(
        (post) => post?.title,
        (error: { status?: number }) => error.status,
      );
      const second = await net.nth(first + 1);
      const sent = second.headers['if-none-match'];
      second.respond(new Response(null, { status: 304 }));
      expect({ features: features.length, sent, outcome: await refetch }).toEqual(
        features.length === 0 ? { features: 0, sent: undefined, outcome: 304 } : { features: 1, sent: '"v1"', outcome: 'hi' },
      );
    }
  });

  it('without linkPagination an answer\'s Link header is not kept (development says so, once per endpoint); with it, the key\'s meta holds its URLs', async () => {
    const console = watchConsole();
    const link = `<${K.post6.slice(4)}>; rel="next"`;
    const kept: unknown[] = [];
    for (const features of [[], [linkPagination]]) {
      const { rest, store } = storeWith(...features);
      for (let time = 0; time < 2; time += 1) {
        const first = net.count + 1;
        const loaded = store.dispatch(rest.fetch(PostResource.get, p5));
        (await net.nth(first)).reply(post5, { headers: { link } });
        await loaded;
      }
      kept.push(rawSlice(rest, store.getState()).meta[K.post5].links);
    }
    expect(kept).toEqual([undefined, { next: K.post6.slice(4) }]);
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/has an answer with a Link header \(rel="next"\), but this rest instance was built without the linkPagination feature.*buildCreateRest\(linkPagination/)]);
  });

  it('without shardedTables a table stays plain past the threshold (and the option warns); with it, it shards', () => {
    const console = watchConsole();
    for (const features of [[], [shardedTables]]) {
      const rest = buildCreateRest(...features)({ shardTablesAbove: 4 }) as unknown as Rest;
      const store = makeStore(rest);
      for (let id = 1; id <= 6; id++) store.dispatch(rest.set(Post, { id }, { ...post5, id }));
      const table = rawSlice(rest, store.getState()).entities.Post as Record<string, unknown>;
      expect({ features: features.length, sharded: '@@rtk-rest/table' in table, read: rest.selectEntity(store.getState(), Post, 6)?.id }).toEqual({ features: features.length, sharded: features.length === 1, read: 6 });
    }
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/shardTablesAbove \}\) does nothing: this rest instance was built without the shardedTables feature/)]);
  });

  it('without shardedTables shardTablesAbove is never read: even a value the feature refuses only warns that it does nothing', () => {
    const console = watchConsole();
    expect(() => buildCreateRest()({ shardTablesAbove: -1 })).not.toThrow();
    expect(console.warnings.map(String)).toEqual([expect.stringMatching(/shardTablesAbove \}\) does nothing: this rest instance was built without the shardedTables feature/)]);
    expect(() => buildCreateRest(shardedTables)({ shardTablesAbove: -1 })).toThrow(RangeError);
  });

  it('an instance without shardedTables refuses a sharded or format-1 table on hydration, whatever other instances of the process have, and DevTools sees the state as it is', () => {
    // Each instance reads its tables with its own operations: one built with the feature (here,
    // and in every earlier test) gives none of them to an instance built without it.
    const full = createRest();
    makeStore(full).dispatch(full.set(Post, { id: 1 }, { ...post5, id: 1 }));
    const rest = buildCreateRest(garbageCollection)();
    const storeOf = (preloaded: unknown) =>
      configureStore({ reducer: { rest: rest.reducer }, preloadedState: preloaded as { rest: Parameters<typeof rest.reducer>[0] }, middleware: (g) => g().concat(rest.middleware) });
    const sharded = { '@@rtk-rest/table': 2, size: 1, order: null, shards: Array(32).fill(null) };
    const formatOne = [...Array(32).fill(null), null, 0];
    expect(() => storeOf({ rest: { entities: { Post: sharded } } })).toThrow(
      /^\[rtk-rest\] state\.rest\.entities\["Post"\] \(preloaded\) is a sharded table, which only the shardedTables feature reads\. Add it: buildCreateRest\(shardedTables/,
    );
    expect(() => storeOf({ rest: { meta: formatOne } })).toThrow(/state\.rest\.meta \(preloaded\) is a sharded table, which only the shardedTables feature reads/);
    expect(() => storeOf({ rest: { endpoints: 'x' } })).toThrow(/state\.rest\.endpoints \(preloaded\) is string, not a table/);
    // The same sharded table is read by an instance that has the feature.
    const withFeature = createRest();
    const hydrated = configureStore({
      reducer: { rest: withFeature.reducer },
      preloadedState: { rest: { entities: { Post: sharded } } } as unknown as { rest: Parameters<typeof withFeature.reducer>[0] },
      middleware: (g) => g().concat(withFeature.middleware),
    });
    expect(withFeature.selectEntities(hydrated.getState(), Post)).toEqual([]);
    const store = storeOf({ rest: { entities: { Post: { 5: post5 } } } });
    const state = store.getState();
    expect(rest.devTools.stateSanitizer(state, 0)).toBe(state);
  });

  it('the order and repeats of features do not matter: the store gets each once, in createRest\'s order', () => {
    const order = (rest: Rest) => {
      const store = makeStore(rest);
      store.dispatch({ type: 'test/ready' });
      // The development-only records: each feature's store part puts its own there, in the features' order.
      return store.dispatch({ type: 'rest/internal/records' }) as unknown as Record<string, unknown>;
    };
    const full = order(createRest());
    const built = order(buildCreateRest(streams, refetchOnEvents, polling, garbageCollection, polling)() as unknown as Rest);
    const featureRecords = (runtime: Record<string, unknown>) => Object.keys(runtime).filter((key) => ['polling', 'streams', 'gc'].includes(key));
    expect(featureRecords(built)).toEqual(featureRecords(full));
    expect(featureRecords(full)).toEqual(['gc', 'polling', 'streams']);
  });

  it('anything but a feature is a clear error naming the argument', () => {
    expect(() => buildCreateRest(polling, { feature: 'mine' } as RestFeature)).toThrow(/^\[rtk-rest\] buildCreateRest\(\.\.\.features\): argument 2 is not a feature/);
    expect(() => buildCreateRest(undefined as unknown as RestFeature)).toThrow(/argument 1 is not a feature \(got undefined\)/);
  });
});
