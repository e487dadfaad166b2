import { configureStore, createListenerMiddleware, createSlice } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import { A, Post, PostResource, User, ann, fetchAnswered, net, p5, post5, post6, react, setup, useTestEnvironment } from './support';

// An RTK matcher for actions that changed entities of a type, and the changed pks.

useTestEnvironment();

/** A store with a user slice (extraReducers.addMatcher) and a prepended listener, as RTK's docs set them up. */
function appStore() {
  const rest = createRest();
  const seen = createSlice({
    name: 'seen',
    initialState: { posts: [] as string[][], users: 0 },
    reducers: {},
    extraReducers: (builder) =>
      builder
        .addMatcher(rest.matchEntitiesChanged(Post), (state, action) => {
          state.posts.push([...rest.changedPks(action, Post)]);
        })
        .addMatcher(rest.matchEntitiesChanged(User), (state) => {
          state.users += 1;
        }),
  });
  const listener = createListenerMiddleware();
  const heard: string[][] = [];
  listener.startListening({
    matcher: rest.matchEntitiesChanged(Post),
    effect: (action) => {
      heard.push([...rest.changedPks(action, Post)]);
    },
  });
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer, seen: seen.reducer },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(rest.middleware),
  });
  store.dispatch({ type: 'test/ready' });
  return { rest, store, heard };
}

describe('rest.matchEntitiesChanged(Entity) and rest.changedPks(action, Entity)', () => {
  it('a fetch that writes posts reaches createSlice matchers and prepended listeners with the changed pks', async () => {
    const { rest, store, heard } = appStore();
    await fetchAnswered(store as never, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    expect(store.getState().seen).toEqual({ posts: [['5', '6']], users: 1 });
    expect(heard).toEqual([['5', '6']]);
  });

  it('a refetch of identical data changes no entity: no match', async () => {
    const { rest, store, heard } = appStore();
    await fetchAnswered(store as never, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    await fetchAnswered(store as never, rest.fetch(PostResource.getList, react), [post5, post6], 1100);
    expect(store.getState().seen.posts).toEqual([['5', '6']]);
    await fetchAnswered(store as never, rest.fetch(PostResource.get, p5), { ...post5, title: 'new' }, 1200);
    expect(store.getState().seen).toEqual({ posts: [['5', '6'], ['5']], users: 1 });
    expect(heard).toEqual([['5', '6'], ['5']]);
  });

  it('deletes, setResponse, set, gc and reset are entity changes; other actions are not', async () => {
    const { rest, store, actions } = setup();
    const matches = rest.matchEntitiesChanged(Post);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    expect(actions.filter(matches).map((action) => [action.type, rest.changedPks(action, Post)])).toEqual([['rest/fetch/fulfilled', ['5', '6']]]);
    actions.length = 0;
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), { id: 5 }, 1100);
    store.dispatch(rest.setResponse(PostResource.get, { group: 'react', id: 7 }, { id: 7, title: 'seven', author: ann }));
    store.dispatch(rest.set(Post, { id: 6 }, { id: 6, title: 'six!', author: ann }));
    store.dispatch(rest.invalidate(PostResource.get, p5));
    store.dispatch(rest.resetEntireStore());
    expect(actions.filter(matches).map((action) => [action.type, rest.changedPks(action, Post)])).toEqual([
      ['rest/fetch/fulfilled', ['5']],
      ['rest/setResponse', ['7']],
      ['rest/set', ['6']],
      // A reset changes every entity, which the action cannot list: it matches any Entity, lists no pk.
      ['rest/resetEntireStore', []],
    ]);
    expect(actions.filter(rest.matchEntitiesChanged(User)).map((action) => action.type)).toContain('rest/resetEntireStore');
    expect(rest.changedPks(actions.find((action) => action.type === 'rest/invalidate'), Post)).toEqual([]);
    expect(rest.changedPks({ type: 'other' }, Post)).toEqual([]);
    expect(rest.changedPks(undefined, Post)).toEqual([]);
    // The changes are plain JSON on the action (DevTools, replay).
    const set = actions.find((action) => action.type === 'rest/set')!;
    expect(set.meta).toMatchObject({ changedEntities: { rest: { Post: ['6'] } } });
    expect(JSON.parse(JSON.stringify(set))).toEqual(set);
  });

  it('a GC sweep that removes posts changes them', async () => {
    const { rest, store, actions } = setup({ dataExpiryLength: 10, gc: { intervalMs: 1000, graceMs: 0 } });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    actions.length = 0;
    jest.advanceTimersByTime(3000);
    const sweep = actions.find((action) => action.type === 'rest/gc');
    expect(sweep).toBeDefined();
    expect(rest.matchEntitiesChanged(Post)(sweep)).toBe(true);
    expect(rest.changedPks(sweep, Post)).toEqual(['5']);
    expect(rest.changedPks(sweep, User)).toEqual(['1']);
  });

  it('optimistic layers: applying and rolling back an update both change the post', async () => {
    const { rest, store, actions } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    actions.length = 0;
    const update = PostResource.partialUpdate.extend({ getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { title: string }) => ({ id: params.id, ...body }) });
    const promise = store.dispatch(rest.fetch(update, p5, { title: 'optimistic' }));
    (await net.nth(2)).reply({ message: 'no' }, { status: 500 });
    await expect(promise).rejects.toBeDefined();
    const matches = rest.matchEntitiesChanged(Post, User);
    expect(actions.filter(matches).map((action) => [action.type, rest.changedPks(action, Post)])).toEqual([
      ['rest/fetch/pending', ['5']],
      ['rest/fetch/rejected', ['5']],
    ]);
  });

  it('a matcher of one instance ignores another instance’s actions', async () => {
    const { rest, store, actions } = setup();
    const other = createRest({ reducerPath: 'other' });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(actions.filter(other.matchEntitiesChanged(Post))).toEqual([]);
    expect(other.changedPks(actions[actions.length - 1], Post)).toEqual([]);
  });

  it('the dispatched action is never changed: a middleware before rest\'s holds it as dispatched, and still matches by what it carries', async () => {
    const rest = createRest();
    const seen: { action: UnknownAction; json: string }[] = [];
    const store = configureStore({
      reducer: { [rest.reducerPath]: rest.reducer },
      middleware: (getDefault) =>
        getDefault()
          .prepend(() => (next: (action: unknown) => unknown) => (action: unknown) => {
            const json = typeof (action as UnknownAction).type === 'string' ? JSON.stringify(action) : undefined;
            const result = next(action);
            if (json !== undefined) seen.push({ action: action as UnknownAction, json });
            return result;
          })
          .concat(rest.middleware),
    });
    store.dispatch({ type: 'test/ready' });
    await fetchAnswered(store as never, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    store.dispatch(rest.resetEntireStore());
    const fulfilled = seen.find(({ action }) => action.type === 'rest/fetch/fulfilled')!;
    const reset = seen.find(({ action }) => action.type === 'rest/resetEntireStore')!;
    // After every reducer and handler ran, each action is still what was dispatched.
    expect(seen.map(({ action, json }) => JSON.stringify(action) === json)).not.toContain(false);
    expect(fulfilled.action.meta).not.toHaveProperty('changedEntities');
    expect(rest.changedPks(fulfilled.action, Post)).toEqual(['5', '6']);
    // A reset changes every entity: it matches here too, listing no pk.
    expect(rest.matchEntitiesChanged(Post)(reset.action)).toBe(true);
    expect(rest.changedPks(reset.action, Post)).toEqual([]);
  });

  it('names the problem when given something that is not an Entity class', () => {
    const { rest } = setup();
    expect(() => rest.matchEntitiesChanged('Post' as never)).toThrow(/\[rtk-rest\] matchEntitiesChanged/);
    const action: UnknownAction = { type: 'x' };
    expect(() => rest.changedPks(action, {} as never)).toThrow(/\[rtk-rest\] changedPks/);
    void A;
  });
});
