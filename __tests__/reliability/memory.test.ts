/**
 * What the read path keeps: instances are cached by the stored object they were read from, and
 * each request key keeps one answer for its readers. A replaced cell frees its old instance, a key
 * that leaves the store frees its answer, what stays keeps its identity through any number of
 * GCs, and what a fetch resolved to is its caller's alone. Needs a forced GC (`npm test` runs Jest
 * with --expose-gc).
 */
import { configureStore } from '@reduxjs/toolkit';
import { createRest, Entity, RestEndpoint } from 'rtk-rest';
import { requireGc } from './leak-support';

class Item extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
  static override key = 'Item';
}

const page = (p: number) => Array.from({ length: 50 }, (_, i) => ({ id: `item-${p * 50 + i}`, title: `Item ${p * 50 + i}` }));
const getItems = new RestEndpoint({
  urlPrefix: 'http://memory.test',
  path: '/items',
  searchParams: {} as { page: number },
  schema: [Item],
  fetchResponse: (input: RequestInfo) => Promise.resolve({ url: String(input) } as Response),
  parseResponse: (response: Response) => Promise.resolve(page(Number(new URL(response.url).searchParams.get('page')))),
});

function setup() {
  const rest = createRest({ gc: false });
  const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
  return { rest, store };
}

/**
 * Fetches pages 0–9 and refs to each page's list and first item: what the fetch resolved to
 * (`'caller'`), or what `selectData` read right after it (`'reader'`).
 */
async function fetchPages({ rest, store }: ReturnType<typeof setup>, kept: 'caller' | 'reader'): Promise<WeakRef<object>[]> {
  const refs: WeakRef<object>[] = [];
  for (let p = 0; p < 10; p++) {
    const fetched = await store.dispatch(rest.fetch(getItems, { page: p }));
    const items = kept === 'caller' ? fetched : rest.selectData(store.getState(), getItems, { page: p })!;
    refs.push(new WeakRef(items), new WeakRef(items[0]!));
  }
  return refs;
}

/** Full GCs with turns of the event loop between them (WeakRef targets and finalizers settle in tasks). */
async function settle(gc: () => void): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    gc();
  }
}

describe('the read path keeps instances as long as their stored objects and keys', () => {
  it('a replaced cell frees the instance read from it; the new one is what every reader gets', async () => {
    const gc = requireGc();
    const { rest, store } = setup();
    // In a function of its own: a suspended async function keeps its last values in its frame.
    const fetchAndReplace = async () => {
      await store.dispatch(rest.fetch(getItems, { page: 0 }));
      const items = rest.selectData(store.getState(), getItems, { page: 0 })!;
      const old = new WeakRef(items[0]!);
      const kept = items[1]!;
      store.dispatch(rest.set(Item, 'item-0', { id: 'item-0', title: 'renamed' }));
      const list = rest.selectData(store.getState(), getItems, { page: 0 })!;
      expect(list[0]!.title).toBe('renamed');
      expect(list[1]).toBe(kept);
      return { old, kept: new WeakRef(kept) };
    };
    const { old, kept } = await fetchAndReplace();
    await settle(gc);
    expect(old.deref()).toBeUndefined();
    expect(kept.deref()).toBeDefined();
    expect(rest.selectData(store.getState(), getItems, { page: 0 })![1]).toBe(kept.deref());
  });

  it('what a fetch resolved to is its caller\'s: dropped by the caller, it is freed while the store keeps the data', async () => {
    const gc = requireGc();
    const instance = setup();
    const { rest, store } = instance;
    const refs = await fetchPages(instance, 'caller');
    await settle(gc);
    // No reader came: nothing of the store kept what was built for the caller.
    expect(refs.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
    expect(rest.selectData(store.getState(), getItems, { page: 9 })![0]!.title).toBe('Item 450');
  }, 30_000);

  it('what a key answered its readers is freed once the key leaves the store', async () => {
    const gc = requireGc();
    const instance = setup();
    const { rest, store } = instance;
    const refs = await fetchPages(instance, 'reader');
    await settle(gc);
    // Still in the store: kept, so that the next reader finds the very answer the last one had.
    expect(refs.every((ref) => ref.deref() !== undefined)).toBe(true);
    store.dispatch(rest.resetEntireStore());
    await settle(gc);
    expect(refs.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
  }, 30_000);

  it('stores that share one rest instance (one per request on a server) keep nothing of each other: a dropped store frees what it read', async () => {
    const gc = requireGc();
    const rest = createRest({ gc: false });
    const makeStore = () => configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
    // Each request renders its own store and reads its own key, then the store is dropped.
    const request = async (p: number) => {
      const store = makeStore();
      await store.dispatch(rest.fetch(getItems, { page: p }));
      const items = rest.selectData(store.getState(), getItems, { page: p })!;
      return [new WeakRef(items), new WeakRef(items[0]!)];
    };
    const refs: WeakRef<object>[] = [];
    for (let p = 0; p < 5; p++) refs.push(...(await request(p)));
    // A live store reading the same keys keeps its own answers and shows its own data.
    const live = makeStore();
    await live.dispatch(rest.fetch(getItems, { page: 0 }));
    const kept = rest.selectData(live.getState(), getItems, { page: 0 })!;
    await settle(gc);
    expect(refs.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
    expect(rest.selectData(live.getState(), getItems, { page: 0 })).toBe(kept);
  }, 30_000);

  it('a store used inside an async context that holds it (a streaming render on a server) is freed with it: the GC timer keeps neither', async () => {
    const gc = requireGc();
    const { AsyncLocalStorage } = await import('node:async_hooks');
    // React's server renderer keeps its request, and with it the element tree and the store, in an async context.
    const render = new AsyncLocalStorage<{ store: unknown }>();
    const rest = createRest(); // garbage collection on, with its sweep timer
    const makeStore = () => configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
    const refs: WeakRef<object>[] = [];
    for (let p = 0; p < 5; p++) {
      const store = makeStore();
      // The store and its internals: what the middleware holds (getState) outlives the object configureStore returns.
      refs.push(new WeakRef(store), new WeakRef(store.getState));
      // The store's first action comes from inside the render.
      await render.run({ store }, () => store.dispatch(rest.fetch(getItems, { page: p })));
    }
    await settle(gc);
    expect(refs.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
  }, 30_000);

  it('a store made inside such an async context (a render that creates its store) is freed with it', async () => {
    const gc = requireGc();
    const { AsyncLocalStorage } = await import('node:async_hooks');
    const render = new AsyncLocalStorage<{ store?: unknown }>();
    const rest = createRest();
    const refs: WeakRef<object>[] = [];
    for (let p = 0; p < 5; p++) {
      const context: { store?: unknown } = {};
      await render.run(context, () => {
        // A Client Component's `useState(() => makeStore())`: the store, and with it its sweep timer, start inside the render.
        const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
        context.store = store;
        refs.push(new WeakRef(store), new WeakRef(store.getState));
        return store.dispatch(rest.fetch(getItems, { page: p }));
      });
    }
    await settle(gc);
    expect(refs.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
  }, 30_000);

  it('an answer someone holds keeps its identity (and its instances) through GCs', async () => {
    const gc = requireGc();
    const { rest, store } = setup();
    await store.dispatch(rest.fetch(getItems, { page: 1 }));
    const held = rest.selectData(store.getState(), getItems, { page: 1 })!;
    await store.dispatch(rest.fetch(getItems, { page: 2 }));
    await settle(gc);
    expect(rest.selectData(store.getState(), getItems, { page: 1 })).toBe(held);
    // The same stored version is one instance across answers: another read of item-50 finds it.
    expect(rest.selectEntity(store.getState(), Item, 'item-50')).toBe(held[0]);
    store.dispatch({ type: 'unrelated' });
    await settle(gc);
    expect(rest.selectData(store.getState(), getItems, { page: 1 })).toBe(held);
  });
});
