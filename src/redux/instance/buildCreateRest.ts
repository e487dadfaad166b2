import type { DataOf, RestEndpoint } from '../../rest';
import { checkLength, globalTimers } from '../../rest';
import type { Denormalize } from '../../schema';
import type { ResponseState } from '../read/selectors';
import { answerHolds, MemoCache } from '../../schema';
import { buildActions } from '../store/actions';
import { sliceOf, sliceReader } from './context';
import type { ResolvedOptions, RestContext } from './context';
import { buildMiddleware } from './middleware';
import type { RequestPolicyDefaults } from '../requests/policies';
import { implementations } from './feature';
import type { FeatureImpl, FeatureParts, RestFeature } from './feature';
import type { Environment, Timers } from './environment';
import { buildSelectors } from '../read/selectors';
import { buildEntitySelectors } from '../read/entitySelectors';
import { untrackedMatchers } from '../store/entityChanges';
import type { ExtractRehydrationInfo } from '../store/restore';
import { buildReducer } from '../store/slice';
import { plainTables } from '../store/tables';
import type { RestState } from '../types';

/**
 * The arguments of `rest.fetch(endpoint, …)` and the endpoint selectors: the endpoint's own call
 * arguments, so a typo is a type error as in a plain call, or a single `null` ("no request",
 * see docs/internals.md#the-fetch-lifecycle).
 * @inline
 */
type CallArgs<E> = (E extends (...args: infer A) => any ? A : unknown[]) | [null];
/**
 * The endpoint's call arguments, then one more value: the response of `rest.setResponse`, the
 * error of `rest.setError`.
 * @inline
 */
type ArgsThen<E, V> = E extends (...args: infer A) => any ? [...A, V] : [...unknown[], V];
import { buildThunks } from './thunks';
import type { Thunks } from './thunks';

/** Options of `createRest` (see docs/concepts.md#the-store), with the request policies' defaults. */
export interface CreateRestOptions extends RequestPolicyDefaults {
  /** The slice's key in the root state and the prefix of every action type. @default 'rest' */
  reducerPath?: string;
  /** ms a result stays fresh when its endpoint sets none. @default 60000 */
  dataExpiryLength?: number;
  /** ms an error stays fresh when its endpoint sets none. @default 1000 */
  errorExpiryLength?: number;
  /** Garbage collection of unretained data; `false` keeps everything. @default { intervalMs: 300000, graceMs: 120000 } */
  gc?: false | { intervalMs?: number; graceMs?: number };
  /**
   * Called when a store request answers HTTP 401, after its failure is stored and before its
   * promise rejects (see docs/recipes/unauthorized.md). By default nothing more happens: the 401 is
   * stored under its key like any error, and the rest of the cache stays.
   * @example createRest({ onUnauthorized: (_error, { dispatch }) => { dispatch(rest.resetEntireStore()); } })
   */
  onUnauthorized?: (error: unknown, api: { dispatch: (action: any) => any; getState: () => unknown }) => unknown;
  /** Keep polling while the document is hidden. @default false */
  pollWhenHidden?: boolean;
  /** The clock (injected in tests). @default Date.now */
  now?: () => number;
  /** Timer functions for polling and GC (injected in tests). @default the global setTimeout/clearTimeout, looked up at call time */
  timers?: Timers;
  /**
   * Online and visibility state for polling (see docs/concepts.md#polling).
   * @default `navigator.onLine`, `document.visibilityState` and their events; always online and visible without a DOM
   * @example createRest({ environment: { isOnline: () => true, isVisible: () => appIsInForeground(), listen: (onChange) => subscribeToAppState(onChange) } })
   */
  environment?: Environment;
  /**
   * Picks a restored slice (what `state[reducerPath]` held when it was saved) out of an action,
   * or returns `undefined` for every other action. The slice is merged into the live one by
   * freshness: per entity and per key, the side whose request started later wins; pending
   * requests and optimistic layers are never restored. `rest.actions.rehydrated(slice)` is
   * always merged this way, whatever this option says.
   * @default redux-persist persisting the root reducer: `persist/REHYDRATE`'s `payload[reducerPath]`
   * @example
   * // redux-persist with a persistReducer around the rest reducer alone (persist key 'rest'):
   * createRest({ extractRehydrationInfo: (action) => (action.type === REHYDRATE && action.key === 'rest' ? action.payload : undefined) });
   * // next-redux-wrapper:
   * createRest({ extractRehydrationInfo: (action, { reducerPath }) => (action.type === HYDRATE ? (action.payload as RootState)[reducerPath] : undefined) });
   */
  extractRehydrationInfo?: ExtractRehydrationInfo;
  /**
   * How large a table may grow and stay a plain object. Up to this many entries
   * `state[reducerPath].entities.Post['5']` is the post's plain JSON, and so are `entitiesMeta`,
   * `indexes`, `endpoints` and `meta`: what DevTools and persistence see. A larger table is
   * sharded into `{ "@@rtk-rest/table": 4, size, order, shards }`, so that a write copies a few
   * small arrays instead of the whole table; the selectors read both forms (read entities in app
   * code with `rest.selectEntity` / `rest.selectEntities`, not through the state), and
   * `rest.devTools` shows sharded tables as plain objects again. `entities` sets the
   * threshold of entity tables and their meta and index tables; `keys` that of `endpoints` and
   * `meta` (one entry per request key, written twice by every request, so kept smaller) and of a
   * `schema.Collection`'s table (one list per argument set, written by every list request). A
   * number sets both; `Infinity` never shards (each write then copies the whole table).
   * @default { entities: 2000, keys: 128 }
   * @example createRest({ shardTablesAbove: { entities: 10_000 } })
   */
  shardTablesAbove?: number | { entities?: number; keys?: number };
}

function resolveOptions(options: CreateRestOptions): ResolvedOptions {
  const reducerPath = 'reducerPath' in options ? options.reducerPath : 'rest';
  if (typeof reducerPath !== 'string' || reducerPath === '') {
    throw new TypeError(`createRest: reducerPath must be a non-empty string, got ${JSON.stringify(reducerPath) ?? String(reducerPath)}`);
  }
  const gcOption = options.gc ?? {};
  return {
    reducerPath,
    dataExpiryLength: checkLength('createRest', 'dataExpiryLength', options.dataExpiryLength) ?? 60_000,
    errorExpiryLength: checkLength('createRest', 'errorExpiryLength', options.errorExpiryLength) ?? 1_000,
    gc:
      gcOption === false
        ? false
        : {
            intervalMs: checkLength('createRest', 'gc.intervalMs', gcOption.intervalMs) ?? 300_000,
            graceMs: checkLength('createRest', 'gc.graceMs', gcOption.graceMs) ?? 120_000,
          },
    pollWhenHidden: options.pollWhenHidden ?? false,
    now: options.now ?? (() => Date.now()),
    timers: options.timers ?? globalTimers,
    environment: options.environment,
    retry: options.retry ?? true,
    timeout: checkLength('createRest', 'timeout', options.timeout),
    conditional: options.conditional ?? true,
    refetchOnFocus: options.refetchOnFocus ?? false,
    refetchOnReconnect: options.refetchOnReconnect ?? false,
  };
}

/**
 * Builds a `createRest` with only the given features (the optional concerns of the store:
 * `optimisticUpdates`, `polling`, `streams`, `garbageCollection`, `refetchOnEvents`,
 * `persistence`, `entityChanges`, `retries`, `conditionalRequests`, `shardedTables`, `deleteByParams`, `linkPagination`), so an app bundles no code for the
 * others; `createRest` itself has them all. The order does not matter; an endpoint whose option
 * needs a missing feature (`pollFrequency` without `polling`, …) gets a development warning when
 * it is used (see docs/concepts.md#bundle-size).
 *
 * @example
 * // buildCreateRest and the features are exported by rtk-rest.
 * const createRest = buildCreateRest(garbageCollection); // no polling, streams or refetch on focus
 * export const rest = createRest({ reducerPath: 'rest' });
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export function buildCreateRest(...features: RestFeature[]) {
  const ordered = implementations(features);
  /** `createRest` with the features `buildCreateRest` was given. */
  return <const ReducerPath extends string = 'rest'>(options: CreateRestOptions & { reducerPath?: ReducerPath } = {}) => makeRest<ReducerPath>(options, ordered);
}

/** One instance with the given features: what `createRest` and `buildCreateRest`'s function return. */
export function makeRest<const ReducerPath extends string = 'rest'>(options: CreateRestOptions & { reducerPath?: ReducerPath }, features: readonly FeatureImpl[]) {
  const resolved = resolveOptions(options);
  const actions = buildActions(resolved.reducerPath);
  const tables = features.reduce((found, feature) => feature.tables?.(options) ?? found, plainTables);
  // The view the selectors read: each feature's over the one before (only optimistic layers have one).
  const view = features.reduce<(slice: RestState) => RestState>((inner, feature) => {
    const outer = feature.view?.(tables);
    return outer === undefined ? inner : (slice) => outer(inner(slice));
  }, (slice) => slice);
  const ctx: RestContext = {
    options: resolved,
    actions,
    memo: new MemoCache(answerHolds),
    tables,
    slice: (rootState) => sliceOf(rootState, resolved.reducerPath),
    reader: (slice) => sliceReader(slice, tables),
    onUnauthorized: options.onUnauthorized,
    view,
  };
  const selectors = buildSelectors(ctx);
  const entitySelectors = buildEntitySelectors(ctx);
  // Each feature's parts, in the features' order; entity-change tracking reads what a restore
  // (the persistence feature, before it) takes.
  let restore: FeatureParts['restore'];
  const built = features.map((feature) => {
    const parts = feature.build({ ctx, options, selectors, restore });
    restore ??= parts.restore;
    return { feature: feature.feature, parts };
  });
  if (process.env.NODE_ENV !== 'production' && options.shardTablesAbove !== undefined && !features.some((feature) => feature.feature === 'shardedTables')) {
    console.warn('[rtk-rest] createRest({ shardTablesAbove }) does nothing: this rest instance was built without the shardedTables feature. Add it: buildCreateRest(shardedTables, …), or use createRest.');
  }
  const entityChanges = built.reduce((found, { parts }) => parts.matchers ?? found, undefined as FeatureParts['matchers']) ?? untrackedMatchers();
  const wrappers = built.flatMap(({ parts }) => (parts.reducer === undefined ? [] : [parts.reducer]));
  const thunks = buildThunks(ctx, selectors);
  const rest = {
    /**
     * The middleware that runs requests, polling, optimistic updates and GC; add it after RTK's
     * default middleware (the thunk middleware is required). The instance holds it, so it reaches
     * the instance (for the hooks' instances probe) through a function it calls once a store
     * installs it.
     */
    middleware: buildMiddleware(ctx, selectors, thunks, built, (): object => rest),
    /** The slice's key; a literal type, so `{ [rest.reducerPath]: rest.reducer, …others }` type-checks. */
    reducerPath: resolved.reducerPath as ReducerPath,
    /**
     * The slice reducer; mount it at `reducerPath`. Its state is plain JSON (`RestState`): read it
     * through the selectors. In development it freezes what it writes, so RTK's default
     * immutability and serializability checks stay on and stay cheap.
     */
    reducer: buildReducer(actions, { wrappers, tables, reducerPath: resolved.reducerPath, restores: restore !== undefined }),
    /**
     * RTK `createAction` creators of every action this instance produces (see docs/internals.md#actions), each
     * with `.type` and `.match`, for reducers, listeners and DevTools filters. Only
     * `resetEntireStore()` and `rehydrated(savedSlice)` (merges a saved slice by freshness, see
     * the `extractRehydrationInfo` option) are meant to be dispatched directly.
     *
     * @example
     * const sessionSlice = createSlice({
     *   name: 'session',
     *   initialState: { lastError: '' },
     *   reducers: {},
     *   extraReducers: (builder) =>
     *     builder.addMatcher(rest.actions.fetchRejected.match, (state, action) => {
     *       state.lastError = action.error?.message ?? '';
     *     }),
     * });
     */
    actions,
    /**
     * Options for `configureStore({ devTools: rest.devTools })`: DevTools then shows sharded
     * tables (those above `shardTablesAbove`) as plain objects too. Not needed below that size:
     * every table is a plain object there.
     */
    devTools: {
      /** Replaces the slice in DevTools' copy of the state with its logical tables. */
      stateSanitizer: <S>(state: S, _index?: number): S => tables.devToolsState?.(state, resolved.reducerPath) ?? state,
    },
    ...(thunks as EndpointTypedThunks),
    /**
     * Sends a request whatever the cache holds (a read joins the same read in flight); resolves
     * after the commit to the endpoint's data, or rejects with the real error (see docs/internals.md#the-fetch-lifecycle).
     * `null` as the arguments resolves `undefined`.
     *
     * @example
     * const post = await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 })); // Post
     * await store.dispatch(rest.fetch(PostResource.update, { group: 'react', id: 5 }, { title: 'new' }));
     */
    fetch: thunks.fetch as <E extends RestEndpoint<any>>(endpoint: E, ...args: CallArgs<E>) => Thunk<Promise<DataOf<E>>>,
    /**
     * Joins a read in flight, fetches when the fetch rule says so, else resolves at once to the
     * stored data (or rejects with the stored error) (see docs/concepts.md#the-store).
     *
     * @example
     * const posts = await store.dispatch(rest.fetchIfStale(PostResource.getList, { group: 'react' }));
     */
    fetchIfStale: thunks.fetchIfStale as <E extends RestEndpoint<any>>(endpoint: E, ...args: CallArgs<E>) => Thunk<Promise<DataOf<E>>>,
    /**
     * Everything known about a key: `{ data, error, status, isLoading, isFetching, expiryStatus,
     * fetchedAt, expiresAt }` (see docs/concepts.md#the-store). Memoized: an unchanged answer keeps its reference.
     *
     * @example
     * const { data, isLoading, error } = rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 });
     */
    selectResponse: selectors.selectResponse as <E extends RestEndpoint<any>>(state: unknown, endpoint: E, ...args: CallArgs<E>) => ResponseState<DataOf<E>>,
    /**
     * The key's data: Entity instances, arrays and objects of them, or `undefined` when absent,
     * invalidated or deleted (see docs/concepts.md#the-store).
     *
     * @example
     * const post = rest.selectData(store.getState(), PostResource.get, { group: 'react', id: 5 }); // Post | undefined
     */
    selectData: selectors.selectData as <E extends RestEndpoint<any>>(state: unknown, endpoint: E, ...args: CallArgs<E>) => DataOf<E> | undefined,
    /**
     * The key's stored error as JSON `{ name, message, status, url? }`, soft or not, until a request
     * of the key succeeds; else `undefined` (see docs/concepts.md#the-store).
     *
     * @example
     * rest.selectError(store.getState(), PostResource.get, { group: 'react', id: 9 })?.status; // e.g. 404
     */
    selectError: selectors.selectError,
    /**
     * Reads a queryable with no endpoint and no request (see docs/concepts.md#the-store): an Entity by pk or index, a
     * Collection by arguments, an `All`, a `Union`, a `Query`, or an object of them; `undefined`
     * when not found or deleted.
     *
     * @example
     * rest.selectQuery(store.getState(), Post, { id: 5 }); // Post | undefined
     * rest.selectQuery(store.getState(), PostResource.getList.schema, { group: 'react' }); // Post[] | undefined
     */
    selectQuery: selectors.selectQuery as <S>(state: unknown, queryable: S, ...args: unknown[]) => Denormalize<S> | undefined,
    /**
     * The Entity instance stored under `pk`, nested entities resolved, read from the view
     * (optimistic updates applied); `undefined` when absent or deleted, or when `pk` is `null` or
     * `undefined`. Memoized: the same stored version is the same instance as in every other
     * selector's answer, and keeps its reference while nothing it reads changes.
     *
     * @example
     * const post = rest.selectEntity(store.getState(), Post, 5); // Post | undefined
     * const selected = useSelector((state: RootState) => rest.selectEntity(state, Post, state.ui.selectedPostId));
     */
    selectEntity: entitySelectors.selectEntity,
    /**
     * Every stored, non-deleted instance of an Entity type, in table order (integer pks ascending,
     * then the others by insertion), read from the view; `[]` before any. The array keeps its
     * reference while the table and the entities it reads are unchanged; never mutate it.
     *
     * @example
     * const posts = rest.selectEntities(store.getState(), Post); // Post[]
     * const selectTitles = createSelector([(state: RootState) => rest.selectEntities(state, Post)], (posts) => posts.map((post) => post.title));
     */
    selectEntities: entitySelectors.selectEntities,
    /**
     * An RTK matcher for the actions that changed entities of the given types: fetch outcomes,
     * `setResponse`, `set`, deletes, optimistic updates applied, recomputed or rolled back, GC,
     * `resetEntireStore` and rehydration. Use it in `createSlice`'s `extraReducers`
     * (`builder.addMatcher`), the listener middleware (`startListening({ matcher })`) or
     * `isAnyOf`; read the pks with `rest.changedPks`. A refetch of identical data changes nothing.
     * A change of a nested entity (a post's author) is a change of that entity's type (`User`).
     *
     * @example
     * const selection = createSlice({
     *   name: 'selection',
     *   initialState: { postIds: [] as string[] },
     *   reducers: {},
     *   extraReducers: (builder) =>
     *     builder.addMatcher(rest.matchEntitiesChanged(Post), (state, action) => {
     *       const changed = rest.changedPks(action, Post);
     *       state.postIds = state.postIds.filter((id) => !changed.includes(id));
     *     }),
     * });
     */
    matchEntitiesChanged: entityChanges.matchEntitiesChanged,
    /**
     * The pks of `Entity` that an action changed (`[]` for any other action), as strings, in
     * the order written. Every action reads them from what it carries from its creation (a write
     * set, a settled mutation's `layerCells`, a GC sweep's cells, `layersChanged`, a rehydrate's
     * restored slice, conservatively), so the answer is the same in a listener prepended before
     * rest's middleware, in a reducer and after it; reducers and middleware after rest's also get
     * it as plain JSON in `meta.changedEntities[reducerPath][Entity.key]` (the action as
     * dispatched is never changed). A reset changes every entity: it matches any Entity and lists
     * no pk here (`rest.actions.resetEntireStore.match(action)`). Whether a changed pk was
     * deleted: `rest.selectEntity(state, Entity, pk) === undefined`.
     *
     * @example
     * listenerMiddleware.startListening({
     *   matcher: rest.matchEntitiesChanged(Post),
     *   effect: (action, api) => console.log('posts changed', rest.changedPks(action, Post)),
     * });
     */
    changedPks: entityChanges.changedPks,
  };
  return rest;
}

/** What a thunk creator returns; `store.dispatch(thunk)` returns its `T`. @inline */
type Thunk<T> = (dispatch: (action: any) => any, getState: () => unknown) => T;

/**
 * The thunk creators as the instance types them: each takes the endpoint's own call arguments
 * (then the response or the error), so a wrong argument is a type error as in a plain call.
 */
type EndpointTypedThunks = Omit<Thunks, 'invalidate' | 'setResponse' | 'setError' | 'subscribe'> & {
  /**
   * Removes the key's result; it reads `invalid` until written again, so mounted hooks refetch
   * it (see docs/concepts.md#the-store). Entities are untouched.
   *
   * @example
   * store.dispatch(rest.invalidate(PostResource.get, { group: 'react', id: 5 }));
   */
  invalidate: <E extends RestEndpoint<any>>(endpoint: E, ...args: CallArgs<E>) => Thunk<void>;
  /**
   * Writes `response` (the last argument) as if a request for these arguments succeeded now
   * (see docs/concepts.md#the-store): normalized like a processed response, no request sent.
   *
   * @example
   * store.dispatch(rest.setResponse(PostResource.get, { group: 'react', id: 5 }, { id: 5, title: 'from a websocket' }));
   */
  setResponse: <E extends RestEndpoint<any>>(endpoint: E, ...argsThenResponse: ArgsThen<E, unknown>) => Thunk<void>;
  /**
   * Stores `error` (the last argument) for these arguments as if their request failed now
   * (see docs/concepts.md#the-store); the data stays.
   *
   * @example
   * store.dispatch(rest.setError(PostResource.get, { group: 'react', id: 5 }, new Error('offline')));
   */
  setError: <E extends RestEndpoint<any>>(endpoint: E, ...argsThenError: ArgsThen<E, unknown>) => Thunk<void>;
  /**
   * Subscribes to the key: the first subscriber starts polling at the endpoint's `pollFrequency`
   * (see docs/concepts.md#polling); dispatch returns `unsubscribe`.
   *
   * @example
   * const unsubscribe = store.dispatch(rest.subscribe(PostResource.get, { group: 'react', id: 5 }));
   */
  subscribe: <E extends RestEndpoint<any>>(endpoint: E, ...args: CallArgs<E>) => Thunk<() => void>;
};
