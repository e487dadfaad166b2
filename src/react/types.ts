import type { Rest } from '../redux';
import type { DataOf, RestEndpoint } from '../rest';
import type { Denormalize } from '../schema';

/** The arguments an endpoint is called with. */
export type ArgsOf<E> = E extends (...args: infer A) => any ? A : unknown[];

/**
 * The arguments of a hook: the endpoint's, or a single `null` for "inactive" (SPEC 7.2). For an
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

/** `{ data, loading, error }` of `useDLE` (SPEC 7.8). */
export interface DLE<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | undefined;
}

/** The hooks of `rtk-rest/react` (API.md §4, SPEC §7), bound to the store's instance or to one instance. */
export interface RestHooks {
  /** The key's data; suspends while there is none, throws errors to the nearest error boundary (SPEC 7.7). */
  useSuspense<E extends RestEndpoint<any>>(endpoint: E, ...args: [null]): undefined;
  useSuspense<E extends RestEndpoint<any>>(endpoint: E, ...args: ArgsOf<E>): DataOf<E>;
  useSuspense<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DataOf<E> | undefined;
  /** `{ data, loading, error }`; never suspends or throws (SPEC 7.8). */
  useDLE<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DLE<DataOf<E>>;
  /** The key's data from the store only; never fetches (SPEC 7.9). */
  useCache<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DataOf<E> | undefined;
  /** `rest.selectQuery` as a hook; never fetches (SPEC 7.10). */
  useQuery<S>(queryable: S, ...args: unknown[]): Denormalize<S> | undefined;
  /** Fetches when stale; the promise of the key's read in flight, or undefined (SPEC 7.11). */
  useFetch<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): Promise<DataOf<E>> | undefined;
  /** Polls at the endpoint's `pollFrequency` while mounted (SPEC 7.12). */
  useSubscription<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): undefined;
  /** `useSuspense` plus `useSubscription` (SPEC 7.13). */
  useLive<E extends RestEndpoint<any>>(endpoint: E, ...args: [null]): undefined;
  useLive<E extends RestEndpoint<any>>(endpoint: E, ...args: ArgsOf<E>): DataOf<E>;
  useLive<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): DataOf<E> | undefined;
  /** The instance's thunks bound to the store's dispatch; the same object across renders (SPEC 7.14). */
  useController(): RestController;
}

type Thunk<T> = (dispatch: (action: any) => any, getState: () => unknown) => T;
type Bound<F> = F extends (...args: infer A) => Thunk<infer R> ? (...args: A) => R : never;

/** `useController()`: each member dispatches the thunk of the same name and returns what that dispatch returns. */
export interface RestController {
  fetch<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E> | [...ArgsOf<E>]): Promise<DataOf<E>>;
  fetchIfStale<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): Promise<DataOf<E>>;
  invalidate<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): void;
  invalidateAll: Bound<Rest['invalidateAll']>;
  expireAll: Bound<Rest['expireAll']>;
  resetEntireStore: Bound<Rest['resetEntireStore']>;
  setResponse: Bound<Rest['setResponse']>;
  setError: Bound<Rest['setError']>;
  set: Bound<Rest['set']>;
  subscribe<E extends RestEndpoint<any>>(endpoint: E, ...args: NullableArgs<E>): () => void;
}
