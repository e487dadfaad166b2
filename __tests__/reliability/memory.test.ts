/**
 * The memo cache holds instances weakly. What a `rest.fetch` resolved to, once the
 * caller drops it and no selector asked for it, is collected while its data stays in the store;
 * an answer someone holds keeps its identity through any number of GCs. Needs a forced GC
 * (`npm test` runs Jest with --expose-gc).
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

/** Full GCs with turns of the event loop between them (WeakRef targets and finalizers settle in tasks). */
async function settle(gc: () => void): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    gc();
  }
}

describe('instances no one holds are not kept by the cache', () => {
  it('what rest.fetch resolved to is collected once dropped; the store still holds the data and reads it again', async () => {
    const gc = requireGc();
    const { rest, store } = setup();
    // In a function of its own: a suspended async function keeps its last values in its frame.
    const fetchAll = async () => {
      const refs: WeakRef<object>[] = [];
      for (let p = 0; p < 20; p++) {
        const items = await store.dispatch(rest.fetch(getItems, { page: p }));
        refs.push(new WeakRef(items), new WeakRef(items[0]!));
      }
      return refs;
    };
    const refs = await fetchAll();
    await settle(gc);
    expect(refs.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
    const again = rest.selectData(store.getState(), getItems, { page: 3 })!;
    expect(again.map((item) => item.id)).toEqual(page(3).map((item) => item.id));
    expect(again[0]).toBeInstanceOf(Item);
  });

  it('an answer someone holds keeps its identity (and its instances) through GCs', async () => {
    const gc = requireGc();
    const { rest, store } = setup();
    const held = await store.dispatch(rest.fetch(getItems, { page: 1 }));
    await store.dispatch(rest.fetch(getItems, { page: 2 }));
    await settle(gc);
    expect(rest.selectData(store.getState(), getItems, { page: 1 })).toBe(held);
    // The same stored version is one instance across answers: another read of item-50 finds it.
    expect(rest.selectEntity(store.getState(), Item, 'item-50')).toBe(held[0]);
    store.dispatch({ type: 'unrelated' });
    await settle(gc);
    expect(rest.selectData(store.getState(), getItems, { page: 1 })).toBe(held);
  });

  it('an instance held alone (its list dropped) is still the one a later read returns', async () => {
    const gc = requireGc();
    const { rest, store } = setup();
    const first = (await store.dispatch(rest.fetch(getItems, { page: 4 })))[0]!;
    await settle(gc);
    const list = rest.selectData(store.getState(), getItems, { page: 4 })!;
    expect(list[0]).toBe(first);
  });
});
