import { isDev } from '../internal/env';
import type { DataOf, RestEndpoint } from '../rest';
import type { Denormalize } from '../schema';
import type { ResponseState } from './selectors';
import { MemoCache } from '../schema';
import { buildActions } from './actions';
import { sliceOf, sliceReader } from './context';
import type { ResolvedOptions, RestContext } from './context';
import { buildMiddleware } from './middleware';
import { browserEnvironment } from './environment';
import type { Environment } from './environment';
import { globalTimers } from './polling';
import type { Timers } from './polling';
import { buildSelectors } from './selectors';
import { buildReducer, completeState } from './slice';
import { logicalSlice } from './layout';
import type { RestState } from './types';
import { buildThunks } from './thunks';

/** Options of `createRest` (SPEC 6.1). */
export interface CreateRestOptions {
  /** The slice's key in the root state and the prefix of every action type. @default 'rest' */
  reducerPath?: string;
  /** ms a result stays fresh when its endpoint sets none. @default 60000 */
  dataExpiryLength?: number;
  /** ms an error stays fresh when its endpoint sets none. @default 1000 */
  errorExpiryLength?: number;
  /** Garbage collection of unretained data; `false` keeps everything. @default { intervalMs: 300000, graceMs: 120000 } */
  gc?: false | { intervalMs?: number; graceMs?: number };
  /** Called on HTTP 401 (SPEC 6.62). @default resets the store */
  onUnauthorized?: (error: unknown, api: { dispatch: (action: any) => any; getState: () => unknown }) => unknown;
  /** Keep polling while the document is hidden. @default false */
  pollWhenHidden?: boolean;
  /** The clock (injected in tests). @default Date.now */
  now?: () => number;
  /** Timer functions for polling and GC (injected in tests). @default the global setTimeout/clearTimeout, looked up at call time */
  timers?: Timers;
  /**
   * Online and visibility state for polling (SPEC 6.60).
   * @default `navigator.onLine`, `document.visibilityState` and their events; always online and visible without a DOM
   * @example createRest({ environment: { isOnline: () => true, isVisible: () => appIsInForeground(), listen: (onChange) => subscribeToAppState(onChange) } })
   */
  environment?: Environment;
}

function checkLength(option: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new RangeError(`createRest: ${option} must be a number of ms ≥ 0 (Infinity allowed), got ${String(value)}`);
  }
  return value;
}

function resolveOptions(options: CreateRestOptions): ResolvedOptions {
  const reducerPath = 'reducerPath' in options ? options.reducerPath : 'rest';
  if (typeof reducerPath !== 'string' || reducerPath === '') {
    throw new TypeError(`createRest: reducerPath must be a non-empty string, got ${JSON.stringify(reducerPath) ?? String(reducerPath)}`);
  }
  const gcOption = options.gc ?? {};
  return {
    reducerPath,
    dataExpiryLength: checkLength('dataExpiryLength', options.dataExpiryLength) ?? 60_000,
    errorExpiryLength: checkLength('errorExpiryLength', options.errorExpiryLength) ?? 1_000,
    gc:
      gcOption === false
        ? false
        : {
            intervalMs: checkLength('gc.intervalMs', gcOption.intervalMs) ?? 300_000,
            graceMs: checkLength('gc.graceMs', gcOption.graceMs) ?? 120_000,
          },
    pollWhenHidden: options.pollWhenHidden ?? false,
    now: options.now ?? (() => Date.now()),
    timers: options.timers ?? globalTimers,
    environment: options.environment ?? browserEnvironment,
  };
}

/**
 * One rtk-rest instance for Redux Toolkit (SPEC §6): a reducer and a middleware to add to
 * `configureStore`, thunk creators to dispatch, and memoized selectors. Slice-like, so
 * `combineSlices(rest)` works.
 *
 * @example
 * export const rest = createRest();
 * export const store = configureStore({
 *   reducer: { [rest.reducerPath]: rest.reducer },
 *   middleware: (getDefault) => getDefault().concat(rest.middleware),
 * });
 * const posts = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
 */
export function createRest<const ReducerPath extends string = 'rest'>(options: CreateRestOptions & { reducerPath?: ReducerPath } = {}) {
  const resolved = resolveOptions(options);
  const actions = buildActions(resolved.reducerPath);
  let resetThunk: () => unknown = () => undefined;
  const ctx: RestContext = {
    options: resolved,
    actions,
    memo: new MemoCache(),
    slice: (rootState) => sliceOf(rootState, resolved.reducerPath, isDev),
    reader: sliceReader,
    onUnauthorized: options.onUnauthorized ?? ((_error, api) => api.dispatch(resetThunk())),
    endpointsByKey: new Map(),
  };
  const selectors = buildSelectors(ctx);
  const { shouldFetch: _shouldFetch, ...thunks } = buildThunks(ctx, selectors);
  resetThunk = thunks.resetEntireStore;
  const rest = {
    /** The slice's key; a literal type, so `{ [rest.reducerPath]: rest.reducer, …others }` type-checks. */
    reducerPath: resolved.reducerPath as ReducerPath,
    reducer: buildReducer(actions),
    middleware: buildMiddleware(ctx, selectors),
    actions,
    /**
     * Options for `configureStore({ devTools: rest.devTools })`: the state DevTools records shows
     * this slice in the logical layout of SPEC 5.1, whatever the store's sharding of large tables.
     */
    devTools: { stateSanitizer: buildStateSanitizer(resolved.reducerPath) },
    ...thunks,
    /** Sends (or joins) a request; resolves after the commit to the endpoint's data (SPEC 6.15–6.21). */
    fetch: thunks.fetch as <E extends RestEndpoint<any>>(endpoint: E, ...args: unknown[]) => Thunk<Promise<DataOf<E>>>,
    /** Fetches only when the fetch rule says so (SPEC 6.22). */
    fetchIfStale: thunks.fetchIfStale as <E extends RestEndpoint<any>>(endpoint: E, ...args: unknown[]) => Thunk<Promise<DataOf<E>>>,
    selectResponse: selectors.selectResponse as <E extends RestEndpoint<any>>(state: unknown, endpoint: E, ...args: unknown[]) => ResponseState<DataOf<E>>,
    selectData: selectors.selectData as <E extends RestEndpoint<any>>(state: unknown, endpoint: E, ...args: unknown[]) => DataOf<E> | undefined,
    selectError: selectors.selectError,
    selectQuery: selectors.selectQuery as <S>(state: unknown, queryable: S, ...args: unknown[]) => Denormalize<S> | undefined,
  };
  ctx.instance = rest;
  return rest;
}

/** Replaces the slice with its logical layout (cached per slice object) in DevTools' copy of the state. */
function buildStateSanitizer(reducerPath: string) {
  const cache = new WeakMap<object, unknown>();
  return <S>(state: S, _index?: number): S => {
    const slice = (state as Record<string, unknown> | undefined)?.[reducerPath];
    if (typeof slice !== 'object' || slice === null) return state;
    let logical = cache.get(slice);
    if (logical === undefined) cache.set(slice, (logical = logicalSlice(completeState(slice as Partial<RestState>))));
    return { ...state, [reducerPath]: logical };
  };
}

type Thunk<T> = (dispatch: (action: any) => any, getState: () => unknown) => T;

export type Rest = ReturnType<typeof createRest>;
