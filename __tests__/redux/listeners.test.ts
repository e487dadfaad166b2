import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { createRest, RestEndpoint } from 'rtk-rest';
import type { OptimisticSnapshot } from 'rtk-rest';
import { A, Post, PostResource, User, ann, fetchAnswered, net, p5, p6, post5, post6, rawSlice, react, setup, useTestEnvironment } from './support';

// rest.matchEntitiesChanged and rest.changedPks give the same answer wherever an action is seen:
// in a listener prepended before rest's middleware (as RTK's docs place it), which holds the action
// as dispatched, and in one appended after it, which gets the copy rest's middleware forwards.

useTestEnvironment();

type Heard = [type: string, pks: readonly string[]][];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

/** A store with a listener before and one after rest's middleware, every action frozen as it is dispatched. */
function listenedStore(options?: Parameters<typeof createRest>[0]) {
  const rest = createRest(options);
  const heard = { before: [] as Heard, after: [] as Heard, users: [] as string[] };
  const dispatched: { action: UnknownAction; json: string }[] = [];
  const listenerOf = (into: Heard) => {
    const listener = createListenerMiddleware();
    listener.startListening({
      matcher: rest.matchEntitiesChanged(Post),
      effect: (action) => void into.push([action.type, rest.changedPks(action, Post)]),
    });
    return listener.middleware;
  };
  const users = createListenerMiddleware();
  users.startListening({ matcher: rest.matchEntitiesChanged(User), effect: (action) => void heard.users.push(action.type) });
  // Outermost: what was dispatched, frozen (a change would throw) and kept as JSON to compare.
  const freezer: Middleware = () => (next) => (action) => {
    if (typeof (action as UnknownAction)?.type === 'string') dispatched.push({ action: deepFreeze(action as UnknownAction), json: JSON.stringify(action) });
    return next(action);
  };
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault().prepend(freezer, listenerOf(heard.before), users.middleware).concat(rest.middleware, listenerOf(heard.after)),
  });
  store.dispatch({ type: 'test/ready' });
  const unchanged = () => dispatched.every(({ action, json }) => JSON.stringify(action) === json);
  return { rest, store, heard, unchanged, clear: () => void ((heard.before.length = 0), (heard.after.length = 0), (heard.users.length = 0)) };
}

describe('entity-change matchers before and after rest\'s middleware', () => {
  it('a fetch answer, setResponse and set: the pks of their write sets, on both sides', async () => {
    const { rest, store, heard, unchanged } = listenedStore();
    await fetchAnswered(store as never, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    store.dispatch(rest.setResponse(PostResource.get, { group: 'react', id: 7 }, { id: 7, title: 'seven', author: ann }));
    store.dispatch(rest.set(Post, { id: 6 }, { id: 6, title: 'six!', author: ann }));
    const expected: Heard = [
      ['rest/fetch/fulfilled', ['5', '6']],
      ['rest/setResponse', ['7']],
      ['rest/set', ['6']],
    ];
    expect(heard.before).toEqual(expected);
    expect(heard.after).toEqual(expected);
    expect(unchanged()).toBe(true);
  });

  it('a reset matches for every Entity on both sides (it lists no pk: it cleared them all)', async () => {
    const { rest, store, heard, unchanged, clear } = listenedStore();
    await fetchAnswered(store as never, rest.fetch(PostResource.get, p5), post5, 1040);
    clear();
    store.dispatch(rest.resetEntireStore());
    store.dispatch(rest.actions.resetEntireStore());
    const expected: Heard = [
      ['rest/resetEntireStore', []],
      ['rest/resetEntireStore', []],
    ];
    expect(heard.before).toEqual(expected);
    expect(heard.after).toEqual(expected);
    expect(heard.users).toEqual(['rest/resetEntireStore', 'rest/resetEntireStore']);
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
    expect(unchanged()).toBe(true);
  });

  it('a GC sweep: the pks it removes, listed in its payload, on both sides', async () => {
    const { rest, store, heard, unchanged, clear } = listenedStore({ dataExpiryLength: 10, gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store as never, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    clear();
    jest.advanceTimersByTime(3000);
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
    expect(heard.before).toEqual([['rest/gc', ['5', '6']]]);
    expect(heard.after).toEqual(heard.before);
    expect(heard.users).toEqual(['rest/gc']);
    expect(unchanged()).toBe(true);
  });

  it('a rehydrate (rest.actions.rehydrated and redux-persist\'s REHYDRATE): the pks its restored slice holds, on both sides', async () => {
    const source = setup();
    await fetchAnswered(source.store, source.rest.fetch(PostResource.get, p6), post6, 1010);
    const saved = JSON.parse(JSON.stringify(rawSlice(source.rest, source.store.getState())));
    const { rest, store, heard, unchanged } = listenedStore();
    store.dispatch(rest.actions.rehydrated(saved));
    store.dispatch({ type: 'persist/REHYDRATE', key: 'root', payload: { [rest.reducerPath]: saved } });
    expect(rest.selectEntity(store.getState(), Post, 6)?.title).toBe('six');
    const expected: Heard = [
      ['rest/rehydrated', ['6']],
      ['persist/REHYDRATE', ['6']],
    ];
    expect(heard.before).toEqual(expected);
    expect(heard.after).toEqual(expected);
    expect(unchanged()).toBe(true);
  });

  it('an optimistic rollback: the failed mutation\'s outcome carries the pks of the layer it removes, on both sides', async () => {
    const { rest, store, heard, unchanged, clear } = listenedStore();
    await fetchAnswered(store as never, rest.fetch(PostResource.get, p5), post5, 1040);
    clear();
    const update = PostResource.partialUpdate.extend({ getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { title: string }) => ({ id: params.id, ...body }) });
    const promise = store.dispatch(rest.fetch(update, p5, { title: 'optimistic' }));
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('optimistic');
    (await net.nth(2)).reply({ message: 'no' }, { status: 500 });
    await expect(promise).rejects.toBeDefined();
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('hi');
    const expected: Heard = [
      ['rest/fetch/pending', ['5']],
      ['rest/fetch/rejected', ['5']],
    ];
    expect(heard.before).toEqual(expected);
    expect(heard.after).toEqual(expected);
    expect(unchanged()).toBe(true);
  });

  it('a layer recomputed over a base change that writes a cell the old layer did not: announced by layersChanged, on both sides', async () => {
    const { rest, store, heard, unchanged, clear } = listenedStore();
    await fetchAnswered(store as never, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store as never, rest.fetch(PostResource.get, p6), post6, 1050);
    store.dispatch(rest.setResponse(PostResource.getList, react, [post5]));
    clear();
    // Marks as read every post the list shows: its layer follows the list.
    const markRead = new RestEndpoint({
      urlPrefix: A,
      path: '/:group/posts/read',
      method: 'POST',
      schema: [Post],
      getOptimisticResponse: (snapshot: OptimisticSnapshot, params: { group: string }) =>
        ((snapshot.getResponse(PostResource.getList, params).data ?? []) as Post[]).map((post) => ({ id: post.id, title: 'read' })),
    });
    const promise = store.dispatch(rest.fetch(markRead, react, {}));
    // The list now shows post 6 too; its cells are unchanged, so this write lists no post.
    store.dispatch(rest.setResponse(PostResource.getList, react, [post5, post6]));
    expect(rest.selectEntity(store.getState(), Post, 6)?.title).toBe('read');
    (await net.nth(3)).reply({ message: 'no' }, { status: 500 });
    await expect(promise).rejects.toBeDefined();
    expect(rest.selectEntity(store.getState(), Post, 6)?.title).toBe('six');
    const expected: Heard = [
      ['rest/fetch/pending', ['5']],
      ['rest/optimistic/layersChanged', ['6']],
      ['rest/fetch/rejected', ['5', '6']],
    ];
    expect(heard.before).toEqual(expected);
    expect(heard.after).toEqual(expected);
    expect(unchanged()).toBe(true);
  });
});
