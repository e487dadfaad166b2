import type { RequestStatus, ResponseState } from '../redux';
// `Rest` from its own module, not through redux/index.ts: see createRest.ts's note on the build.
import type { Rest } from '../redux/createRest';
import type { DataOf, RestEndpoint } from '../rest';
import type { Denormalize } from '../schema';
import type { SubscriptionOptions } from './hookOptions';

/** The arguments an endpoint is called with. */
export type ArgsOf<E> = E extends (...args: infer A) => any ? A : unknown[];

/**
 * The arguments of a hook: the endpoint's, or a single `null` for "inactive" (see docs/concepts.md#hooks). For an
 * endpoint with one parameters argument, `params | null` is accepted as it comes.
 */
export type NullableArgs<E> =
  ArgsOf<E> extends []
    ? [] | [null]
    : ArgsOf<E> extends [infer P]
      ? [P | null]
      : ArgsOf<E> extends [(infer P)?]
        ? [] | [P | null]
        : ArgsOf<E> | [null];

/** Every argument position of an endpoint spelled out (`undefined` for absent parameters), so that options can follow. */
type SpelledArgs<E> =
  ArgsOf<E> extends [] ? [params: undefined] : ArgsOf<E> extends [infer P] ? [params: P] : ArgsOf<E> extends [(infer P)?] ? [params: P | undefined] : ArgsOf<E>;

/** A hook's arguments followed by its options, e.g. `useLive(getPost, { id }, { pollingInterval: 3_000 })`. */
export type ArgsWithOptions<E, O> = [...SpelledArgs<E>, options: O];

/**
 * What `useDLE` returns (see docs/concepts.md#hooks): `{ data, loading, error }`, the request fields of
 * `rest.selectResponse` for the key, and `refetch()`. A component re-renders only when a field it
 * reads changes, so reading `isFetching` opts in to the re-renders of background refetches.
 */
export interface DLE<T> extends Omit<ResponseState<T>, 'error'> {
  /**
   * The last result, as RTK Query's `data`: the key's data or, while the key has none (new
   * arguments loading, or failed), the data of this hook's last arguments that had some, read
   * from the store (a reset or an invalidation of that key drops it). `undefined` while inactive.
   */
  data: T | undefined;
  /** The current arguments' data only (RTK Query's `currentData`): `undefined` while they load. */
  currentData: T | undefined;
  /** `true` while there is no `data` (nor a last result) and a request for the key is in flight in this store. */
  loading: boolean;
  /** The stored error, rebuilt as an `Error` (a `NetworkError` for HTTP failures). */
  error: Error | undefined;
  /**
   * Sends the key's request now, fresh or not (`rest.fetch` with the current arguments), and
   * returns its promise of the data; `undefined` while inactive. Keeps its identity while the key
   * is the same; a rejection is also stored and shown in `error`, so it need not be caught.
   */
  refetch(): Promise<T | undefined>;
}

/**
 * What `usePaginated` returns: `useDLE`'s fields for the list (its `data` is the whole
 * merged list) and its next page.
 */
export interface PaginatedResult<T> extends DLE<T> {
  /** Whether the store knows a next page: a `Link` header's `rel="next"`, the list's `next` cursor, or (page numbers) until a page adds nothing. */
  hasNextPage: boolean;
  /**
   * Requests the next page and appends it to the list; resolves to the merged list, or `undefined`
   * when there is no next page. Keeps its identity while the key is the same; a rejection also
   * shows in `nextPageError`, so it need not be caught.
   */
  fetchNextPage(): Promise<T | undefined>;
  /** `true` while the next page's request is in flight. */
  isFetchingNextPage: boolean;
  /** The next page's stored error (the list keeps its data), also the list's `error` with `status: 'rejected'`; cleared when the page succeeds. */
  nextPageError: Error | undefined;
}

/** The second element of `useMutation`'s tuple: the state of the component's latest call. */
export interface MutationState<T> {
  /** The latest call's resolved value (the denormalized data, as `rest.fetch` resolves), else `undefined`. */
  data: T | undefined;
  /** The latest call's rejection (a `NetworkError` with `status` for HTTP failures), else `undefined`. */
  error: Error | undefined;
  /** `'pending'` while the latest call is in flight, then `'fulfilled'` or `'rejected'`; `'uninitialized'` before any call and after `reset()`. */
  status: RequestStatus;
  /** `status === 'pending'`. */
  isLoading: boolean;
  /** `status === 'fulfilled'`. */
  isSuccess: boolean;
  /** `status === 'rejected'`. */
  isError: boolean;
  /** Back to `'uninitialized'`; a call still in flight no longer changes the state. Keeps its identity. */
  reset(): void;
}

/** `useMutation`'s `[trigger, state]`: `trigger` sends the endpoint with its arguments and returns that call's promise. */
export type MutationResult<E> = [trigger: (...args: ArgsOf<E>) => Promise<DataOf<E>>, state: MutationState<DataOf<E>>];

/** The hooks of `rtk-rest/react` (see docs/concepts.md#hooks), bound to the store's instance or to one instance. */
export interface RestHooks {
  /** Inactive (`null` arguments): returns `undefined` and fetches nothing (see docs/concepts.md#hooks). */
  useSuspense<E extends RestEndpoint<any>>(endpoint: E, ...args: [null]): undefined;
  /** The key's data; suspends while there is none, throws errors to the nearest error boundary (see docs/concepts.md#hooks). */
  useSuspense<E extends RestEndpoint<any>>(endpoint: E, ...args: ArgsOf<E>): DataOf<E>;
  /** Arguments that may be `null`: the key's data, or `undefined` while inactive. */
  useSuspense<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DataOf<E> | undefined;
  /** `{ data, loading, error }`, the request fields of `selectResponse` and `refetch()`; never suspends or throws (see docs/concepts.md#hooks). */
  useDLE<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DLE<DataOf<E>>;
  /** The key's data from the store only; never fetches (see docs/concepts.md#hooks). */
  useCache<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DataOf<E> | undefined;
  /** `rest.selectQuery` as a hook; never fetches (see docs/concepts.md#hooks). */
  useQuery<S>(queryable: S, ...args: unknown[]): Denormalize<S> | undefined;
  /** Fetches when stale; the promise of the key's read in flight, or undefined (see docs/concepts.md#hooks). */
  useFetch<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): Promise<DataOf<E>> | undefined;
  /** Polls at the endpoint's `pollFrequency`, or the `pollingInterval` option after the arguments, while mounted (see docs/concepts.md#hooks). */
  useSubscription<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E> | ArgsWithOptions<E, SubscriptionOptions> | [null, SubscriptionOptions]): undefined;
  /** Inactive (`null` arguments): returns `undefined`, fetches and subscribes to nothing (see docs/concepts.md#hooks). */
  useLive<E extends RestEndpoint<any>>(endpoint: E, ...args: [null] | [null, SubscriptionOptions]): undefined;
  /** `useSuspense` plus `useSubscription` (see docs/concepts.md#hooks). */
  useLive<E extends RestEndpoint<any>>(endpoint: E, ...args: ArgsOf<E> | ArgsWithOptions<E, SubscriptionOptions>): DataOf<E>;
  /** Arguments that may be `null`: the key's data, or `undefined` while inactive. */
  useLive<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E> | ArgsWithOptions<E, SubscriptionOptions> | [null, SubscriptionOptions]): DataOf<E> | undefined;
  /** The instance's thunks bound to the store's dispatch; the same object across renders (see docs/concepts.md#hooks). */
  useController(): RestController;
  /** `[trigger, { data, error, status, isLoading, isSuccess, isError, reset }]` for the component's latest call. */
  useMutation<E extends RestEndpoint<any>>(endpoint: E): MutationResult<E>;
  /** `useDLE` of a list plus `{ hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError }`. */
  usePaginated<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): PaginatedResult<DataOf<E>>;
  /** `useDLE`'s answer; aborts its request when the arguments change or it unmounts, unless another consumer waits for it. */
  useCancelling<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DLE<DataOf<E>>;
}

type Thunk<T> = (dispatch: (action: any) => any, getState: () => unknown) => T;
/** A thunk creator's signature, returning what dispatching its thunk returns. */
type Bound<F> = F extends (...args: infer A) => Thunk<infer R> ? (...args: A) => R : never;

/**
 * `useController()`: each member dispatches the thunk of the same name and returns what that
 * dispatch returns.
 *
 * @example
 * const { fetch } = useController();
 * const created = await fetch(PostResource.getList.push, { group: 'react' }, { title: 'new' }); // Post
 */
export interface RestController {
  /** `rest.fetch`: sends (or joins) a request; resolves to the endpoint's data after the commit, or rejects with the error. */
  fetch<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E> | [...ArgsOf<E>]): Promise<DataOf<E>>;
  /** `rest.fetchIfStale`: fetches only when the fetch rule says so, else resolves to the stored data. */
  fetchIfStale<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): Promise<DataOf<E>>;
  /** `rest.invalidate`: removes the key's result, so mounted hooks refetch it. */
  invalidate<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): void;
  /** `rest.invalidateAll`: invalidates every key an endpoint (or any `{ testKey }`) accepts. */
  invalidateAll: Bound<Rest['invalidateAll']>;
  /** `rest.expireAll`: makes every matching key stale; data stays while it refetches. */
  expireAll: Bound<Rest['expireAll']>;
  /** `rest.resetEntireStore`: empties the slice, e.g. on logout. */
  resetEntireStore: Bound<Rest['resetEntireStore']>;
  /** `rest.setResponse`: writes a response for a key without a request (the response is the last argument). */
  setResponse<E extends RestEndpoint<any>>(endpoint: E, ...argsThenResponse: [...ArgsOf<E>, response: unknown]): void;
  /** `rest.setError`: records an error for a key (the error is the last argument). */
  setError<E extends RestEndpoint<any>>(endpoint: E, ...argsThenError: [...ArgsOf<E>, error: unknown]): void;
  /** `rest.set`: writes entities (the value or updater is the last argument). */
  set: Bound<Rest['set']>;
  /** `rest.subscribe`: subscribes to a key (polling at `pollFrequency`); returns `unsubscribe`. */
  subscribe<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): () => void;
}
