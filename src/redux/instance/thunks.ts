import { normalizeWrites, toNode } from '../../schema';
import { describeSchema, processingError } from '../../rest';
import type { RestEndpoint } from '../../rest';
import { NormalizeError } from '../../schema';
import { expiresAfter } from './context';
import type { RestContext } from './context';
import type { StoreRuntime } from './handlerContext';
import { rebuildError, serializeError, softPolicy } from '../requests/errors';
import { runtimeOf } from './middleware';
import { normalizeResponse } from '../requests/normalizeResponse';
import type { Dispatch, UnknownAction } from '../rtk';
import { isInactive } from '../read/selectors';
import type { Selectors } from '../read/selectors';

/** What a thunk creator returns; `store.dispatch(thunk)` returns its `T`. @inline */
type Thunk<T> = (dispatch: Dispatch<UnknownAction>, getState: () => unknown) => T;
/** Anything with `testKey`, such as an endpoint. @inline */
type KeyTester = { testKey(key: string): boolean };

/** The thunk creators of one instance (see docs/internals.md#the-fetch-lifecycle, docs/concepts.md#the-store). */
export function buildThunks(ctx: RestContext, selectors: Selectors) {
  const { actions, options } = ctx;
  const runtime = (dispatch: Dispatch<UnknownAction>): StoreRuntime => runtimeOf(dispatch, options.reducerPath);

  function keysMatching(state: unknown, tester: KeyTester, withResults: boolean): string[] {
    const slice = ctx.slice(state);
    const keys = new Set(ctx.tables.keys(slice.meta));
    if (withResults) for (const key of ctx.tables.keys(slice.endpoints)) keys.add(key);
    return [...keys].filter((key) => tester.testKey.call(tester, key));
  }

  /**
   * The shared start of the promise-returning thunks: the store's runtime (see docs/concepts.md#the-store), `null` arguments
   * resolving `undefined`, the reducer check (see docs/concepts.md#the-store), and a key error as a rejection (see docs/internals.md#the-fetch-lifecycle).
   */
  function withKey(
    dispatch: Dispatch<UnknownAction>,
    getState: () => unknown,
    endpoint: RestEndpoint,
    args: unknown[],
    run: (store: StoreRuntime, key: string) => Promise<unknown>,
  ): Promise<any> {
    const store = runtime(dispatch);
    if (isInactive(args)) return Promise.resolve(undefined);
    if (process.env.NODE_ENV !== 'production') ctx.slice(getState());
    let key: string;
    try {
      key = endpoint.key(...args);
    } catch (error) {
      return Promise.reject(error);
    }
    return run(store, key);
  }

  return {
    /** Sends (or joins) a request and resolves after its commit (see docs/internals.md#the-fetch-lifecycle). */
    fetch:
      (endpoint: RestEndpoint<any>, ...args: unknown[]): Thunk<Promise<any>> =>
      (dispatch, getState) =>
        withKey(dispatch, getState, endpoint, args, (store, key) => store.fetch(endpoint, args, key, { answer: true })),

    /** Joins a read in flight, fetches when the fetch rule says so, else answers from the cache (see docs/concepts.md#the-store). */
    fetchIfStale:
      (endpoint: RestEndpoint<any>, ...args: unknown[]): Thunk<Promise<any>> =>
      (dispatch, getState) =>
        withKey(dispatch, getState, endpoint, args, (store, key) => {
          const joined = endpoint.sideEffect ? undefined : store.inFlight(endpoint, args, key, true);
          if (joined !== undefined) return joined;
          // The fetch rule (see docs/concepts.md#expiry).
          if (store.shouldFetch(getState(), endpoint, args, key)) return store.fetch(endpoint, args, key, { answer: true });
          const data = selectors.selectData(getState(), endpoint, ...args);
          if (data !== undefined) return Promise.resolve(data);
          const stored = ctx.tables.get(ctx.slice(getState()).meta, key)?.error;
          return stored !== undefined ? Promise.reject(rebuildError(stored)) : Promise.resolve(undefined);
        }),

    /** Invalidates the key's result (typed and documented on the instance, buildCreateRest.ts). */
    invalidate:
      (endpoint: RestEndpoint<any>, ...args: unknown[]): Thunk<void> =>
      (dispatch, getState) => {
        runtime(dispatch);
        if (process.env.NODE_ENV !== 'production') ctx.slice(getState());
        if (isInactive(args)) return;
        dispatch(actions.invalidate({ keys: [endpoint.key(...args)], date: options.now() }));
      },

    /**
     * Invalidates every key whose `testKey` matches, in one action (see docs/concepts.md#the-store). An endpoint can be
     * passed as the tester.
     *
     * @example
     * store.dispatch(rest.invalidateAll(PostResource.getList)); // every stored list of posts
     * store.dispatch(rest.invalidateAll({ testKey: (key) => key.includes('/posts') }));
     */
    invalidateAll:
      (tester: KeyTester): Thunk<void> =>
      (dispatch, getState) => {
        runtime(dispatch);
        const keys = keysMatching(getState(), tester, true);
        if (keys.length > 0) dispatch(actions.invalidate({ keys, date: options.now() }));
      },

    /**
     * Makes every matching key stale, in one action (see docs/concepts.md#the-store): data stays and is shown while it
     * refetches in the background.
     *
     * @example
     * store.dispatch(rest.expireAll({ testKey: (key) => key.startsWith('GET https://api.example.com/') }));
     */
    expireAll:
      (tester: KeyTester): Thunk<void> =>
      (dispatch, getState) => {
        runtime(dispatch);
        const keys = keysMatching(getState(), tester, false);
        if (keys.length > 0) dispatch(actions.expireAll({ keys }));
      },

    /**
     * Resolves once every request this store started has settled, whoever started it (a thunk,
     * a poll, a hook while rendering), including requests that start while it waits; it never
     * rejects. For the fetch-then-render style on a server: render once so that the components'
     * reads start, await this, then render again with every answer in the store.
     *
     * @example
     * renderToString(app); // useSuspense starts the page's reads
     * await store.dispatch(rest.settled());
     * const html = renderToString(app); // now with the data
     */
    settled:
      (): Thunk<Promise<void>> =>
      (dispatch) =>
        runtime(dispatch).settled(),

    /**
     * Empties the slice, e.g. on logout; requests in flight reject with `ResetError` and their
     * responses are dropped (see docs/concepts.md#the-store).
     *
     * @example
     * store.dispatch(rest.resetEntireStore());
     */
    resetEntireStore:
      (): Thunk<void> =>
      (dispatch, getState) => {
        runtime(dispatch);
        if (process.env.NODE_ENV !== 'production') ctx.slice(getState());
        dispatch(actions.resetEntireStore({ date: options.now() }));
      },

    /** Writes a response for the key, no request (typed and documented on the instance, buildCreateRest.ts). */
    setResponse:
      (endpoint: RestEndpoint<any>, ...rest: unknown[]): Thunk<void> =>
      (dispatch, getState) => {
        const store = runtime(dispatch);
        const slice = ctx.slice(getState());
        const args = rest.slice(0, -1);
        const key = endpoint.key(...args);
        const date = options.now();
        const expiresAt = expiresAfter(date, endpoint.dataExpiryLength ?? options.dataExpiryLength);
        const payload = normalizeResponse(endpoint, rest[rest.length - 1], args, key, { fetchedAt: date, date, expiresAt }, slice, ctx.tables, ctx.reader(slice), undefined, store.keys);
        store.remember(key, endpoint, args);
        dispatch(actions.setResponse(payload, { key, date, expiresAt }));
      },

    /** Stores an error for the key (typed and documented on the instance, buildCreateRest.ts). */
    setError:
      (endpoint: RestEndpoint<any>, ...rest: unknown[]): Thunk<void> =>
      (dispatch, getState) => {
        runtime(dispatch);
        if (process.env.NODE_ENV !== 'production') ctx.slice(getState());
        const args = rest.slice(0, -1);
        const error = rest[rest.length - 1];
        const date = options.now();
        const expiresAt = expiresAfter(date, endpoint.errorExpiryLength ?? options.errorExpiryLength);
        const errorPolicy = softPolicy(endpoint, error);
        dispatch(actions.setError({ error: serializeError(error), ...(errorPolicy ? { errorPolicy } : {}) }, { key: endpoint.key(...args), date, expiresAt }));
      },

    /** Adds a subscriber for the key; returns `unsubscribe` (typed and documented on the instance, buildCreateRest.ts). */
    subscribe:
      (endpoint: RestEndpoint<any>, ...args: unknown[]): Thunk<() => void> =>
      (dispatch, getState) => {
        const store = runtime(dispatch);
        if (isInactive(args)) return () => undefined;
        if (process.env.NODE_ENV !== 'production') ctx.slice(getState());
        return store.subscribe(endpoint, args, endpoint.key(...args));
      },

    /**
     * Writes entities only (no request, no key): the last argument is the value, or an updater
     * of the current value, which is not called when there is none (see docs/concepts.md#the-store).
     *
     * @example
     * store.dispatch(rest.set(Post, { id: 5 }, { id: 5, title: 'local' }));
     * store.dispatch(rest.set(Post, { id: 5 }, (post: Post) => ({ ...post, title: post.title + '!' })));
     * store.dispatch(rest.set(PostResource.getList.schema.push, { group: 'react' }, { id: 6, title: 'draft' }));
     */
    set:
      (schemaOrEntity: unknown, ...rest: unknown[]): Thunk<void> =>
      (dispatch, getState) => {
        runtime(dispatch);
        const node = toNode(schemaOrEntity);
        if (node === undefined) throw new TypeError('rtk-rest: set() needs a schema or an Entity class as its first argument');
        const args = rest.slice(0, -1);
        let value = rest[rest.length - 1];
        const slice = ctx.slice(getState());
        if (typeof value === 'function') {
          const current = node.queryable ? selectors.query(slice, node, args)?.data : undefined;
          if (current === undefined) return;
          value = (value as (current: unknown) => unknown)(current);
        }
        const date = options.now();
        const expiresAt = expiresAfter(date, options.dataExpiryLength);
        try {
          const { ctx: written } = normalizeWrites(node.describe.bind(node), (c) => node.normalize(value, undefined, undefined, c), ctx.reader(slice), args, {
            fetchedAt: date,
            date,
            expiresAt,
          });
          dispatch(actions.set({ entities: written.entities, entitiesMeta: written.entitiesMeta, indexes: written.indexes }, { key: node.describe(), date, expiresAt }));
        } catch (error) {
          if (error instanceof NormalizeError) throw processingError(`set ${node.describe()}`, describeSchema(schemaOrEntity), error.problem, error);
          if (process.env.NODE_ENV !== 'production') console.error('[rtk-rest] set() failed', error);
          throw error;
        }
      },
  };
}

export type Thunks = ReturnType<typeof buildThunks>;
