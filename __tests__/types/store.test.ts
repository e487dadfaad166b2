import { expectTypeOf } from 'expect-type';
import { configureStore, createListenerMiddleware, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import type { EntitiesChangedAction, ResponseState } from 'rtk-rest';
// The running example: User, Post and PostResource.
import { Post as PostClass, PostResource } from '../support/example';
import type { Post } from '../support/example';

/**
 * Types of the store's thunks and selectors: they take the endpoint's own call
 * arguments, as a plain call does, or a single `null`. Thunks are dispatched only
 * inside a never-run function: `tsc --noEmit` makes the checks.
 */
const rest = createRest();
const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
const typeOnly = (_check: () => unknown) => undefined;
const p5 = { group: 'react', id: 5 };

test('rest.invalidate, setResponse, setError and subscribe take the endpoint arguments (then the response or the error)', () => {
  typeOnly(() => {
    expectTypeOf(store.dispatch(rest.invalidate(PostResource.get, p5))).toEqualTypeOf<void>();
    expectTypeOf(store.dispatch(rest.setResponse(PostResource.get, p5, { id: 5, title: 'pushed' }))).toEqualTypeOf<void>();
    expectTypeOf(store.dispatch(rest.setError(PostResource.get, p5, new Error('offline')))).toEqualTypeOf<void>();
    expectTypeOf(store.dispatch(rest.subscribe(PostResource.get, p5))).toEqualTypeOf<() => void>();
    store.dispatch(rest.setResponse(PostResource.getList, { group: 'react' }, []));
    store.dispatch(rest.invalidate(PostResource.get, null));
    // @ts-expect-error id is missing
    store.dispatch(rest.invalidate(PostResource.get, { group: 'react' }));
    // @ts-expect-error id is missing
    store.dispatch(rest.setResponse(PostResource.get, { group: 'react' }, { id: 5 }));
    // @ts-expect-error the response is missing
    store.dispatch(rest.setResponse(PostResource.get, p5));
    // @ts-expect-error id is missing
    store.dispatch(rest.setError(PostResource.get, { group: 'react' }, new Error('offline')));
    // @ts-expect-error id is missing
    store.dispatch(rest.subscribe(PostResource.get, { group: 'react' }));
  });
});

test('rest.fetch and fetchIfStale take the endpoint arguments and resolve to its data', () => {
  typeOnly(() => {
    expectTypeOf(store.dispatch(rest.fetch(PostResource.get, p5))).toEqualTypeOf<Promise<Post>>();
    expectTypeOf(store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }))).toEqualTypeOf<Promise<Post[]>>();
    expectTypeOf(store.dispatch(rest.fetchIfStale(PostResource.get, p5))).toEqualTypeOf<Promise<Post>>();
    void store.dispatch(rest.fetch(PostResource.update, p5, { title: 'new' }));
    void store.dispatch(rest.fetch(PostResource.get, null));
    // @ts-expect-error a parameter the path does not have, and the required ones missing
    void store.dispatch(rest.fetch(PostResource.get, { wrong: 1 }));
    // @ts-expect-error the update's body is missing
    void store.dispatch(rest.fetch(PostResource.update, p5));
    // @ts-expect-error a body field of the wrong type
    void store.dispatch(rest.fetch(PostResource.update, p5, { title: 5 }));
  });
  expect(typeof rest.fetch).toBe('function');
});

test('the endpoint selectors take the endpoint arguments too', () => {
  const state = store.getState();
  expectTypeOf(rest.selectData(state, PostResource.get, p5)).toEqualTypeOf<Post | undefined>();
  expectTypeOf(rest.selectResponse(state, PostResource.getList, { group: 'react' })).toEqualTypeOf<ResponseState<Post[]>>();
  expect(rest.selectData(state, PostResource.get, null)).toBeUndefined();
  // @ts-expect-error not the endpoint's arguments: a type error now, a TypeError at run time
  expect(() => rest.selectData(state, PostResource.get, 42, 'x')).toThrow(/URL parameters must be an object/);
});

test('selectEntity, selectEntities, matchEntitiesChanged and changedPks are typed', () => {
  const state = store.getState();
  expectTypeOf(rest.selectEntity(state, PostClass, 5)).toEqualTypeOf<Post | undefined>();
  expectTypeOf(rest.selectEntity(state, PostClass, '5')).toEqualTypeOf<Post | undefined>();
  expectTypeOf(rest.selectEntities(state, PostClass)).toEqualTypeOf<Post[]>();
  // @ts-expect-error a pk is a string or a number
  rest.selectEntity(state, PostClass, { id: 5 });
  const matcher = rest.matchEntitiesChanged(PostClass);
  expectTypeOf(matcher).toMatchTypeOf<(action: unknown) => boolean>();
  const slice = createSlice({
    name: 'seen',
    initialState: { ids: [] as string[] },
    reducers: {},
    extraReducers: (builder) =>
      builder.addMatcher(matcher, (draft, action) => {
        expectTypeOf(action).toMatchTypeOf<EntitiesChangedAction>();
        expectTypeOf(rest.changedPks(action, PostClass)).toEqualTypeOf<readonly string[]>();
        draft.ids.push(...rest.changedPks(action, PostClass));
      }),
  });
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: rest.matchEntitiesChanged(PostClass),
    effect: (action) => {
      // Absent before rest's middleware (where RTK's docs place a listener) and on a reset: the type says so.
      expectTypeOf(action.meta?.changedEntities).toEqualTypeOf<Record<string, Record<string, string[]>> | undefined>();
      // @ts-expect-error meta.changedEntities may be absent: read rest.changedPks(action, Entity)
      void action.meta.changedEntities;
      expectTypeOf(rest.changedPks(action, PostClass)).toEqualTypeOf<readonly string[]>();
    },
  });
  listener.startListening({ matcher: isAnyOf(rest.matchEntitiesChanged(PostClass), rest.actions.resetEntireStore.match), effect: () => undefined });
  expect(typeof slice.reducer).toBe('function');
});

test('the request policies are createRest options, with the types of the endpoint options', () => {
  expectTypeOf(createRest({ conditional: false, retry: 2, timeout: 5_000, refetchOnFocus: true, refetchOnReconnect: true })).not.toBeNever();
  // @ts-expect-error conditional is a boolean
  createRest({ conditional: 'no' });
});
