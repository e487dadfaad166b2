/**
 * `rtk-rest/react`: hooks over react-redux's `<Provider store>` (see docs/concepts.md#hooks). The hooks
 * exported here use the one rtk-rest instance installed in the store; `createRestHooks(rest)`
 * binds the same hooks to one instance when a store has several.
 */
// `Rest` from its own module, not through redux/index.ts: see createRest.ts's note on the build.
import type { Rest } from '../redux/createRest';
import { installedBinding, instanceBinding } from './binding';
import { bindingHook, cacheHook, controllerHook, fetchHook, fetchingReadHook, liveHook, queryHook, subscriptionHook, suspenseHook } from './hooks';
import type { BindingOf } from './binding';
import { dleHook } from './useDLE';
import { mutationHook } from './useMutation';
import { paginatedHook } from './usePaginated';
import { cancellingHook } from './useCancelling';
import type { RestHooks } from './types';

export { AsyncBoundary } from './AsyncBoundary';
export { HydrateRest } from './HydrateRest';
export type { HydrateRestProps } from './HydrateRest';
export type { AsyncBoundaryProps, ErrorComponentProps } from './AsyncBoundary';
export { useLoading } from './useLoading';
export { useDebounce } from './useDebounce';
export type { SubscriptionOptions } from './hookOptions';
export type { ArgsOf, ArgsWithOptions, NullableArgs, DLE, RestHooks, RestController, MutationState, MutationResult, PaginatedResult } from './types';

/**
 * The hooks bound to one instance, for stores with several rtk-rest instances (see docs/concepts.md#hooks).
 *
 * @example
 * export const { useSuspense, useDLE, useController } = createRestHooks(adminRest);
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export function createRestHooks(rest: Rest): RestHooks {
  return allHooks(instanceBinding(rest));
}

/** Every hook over one way of finding the binding (`createRestHooks`' instance). */
function allHooks(bindingOf: BindingOf): RestHooks {
  const useBinding = bindingHook(bindingOf);
  const useFetchingRead = fetchingReadHook(useBinding);
  const useSuspense = suspenseHook(useFetchingRead);
  const useSubscription = subscriptionHook(useBinding);
  const useController = controllerHook(useBinding);
  return {
    useSuspense,
    useCache: cacheHook(useBinding),
    useQuery: queryHook(useBinding),
    useFetch: fetchHook(useFetchingRead),
    useSubscription,
    useLive: liveHook(useSubscription, useSuspense),
    useController,
    useDLE: dleHook(useFetchingRead),
    useMutation: mutationHook(useController),
    usePaginated: paginatedHook(useFetchingRead),
    useCancelling: cancellingHook(useFetchingRead),
  };
}

// The package's own hooks: each built by its own pure call, so an app bundles only the hooks it
// imports (an app using only useSuspense pays for no other hook).
const useBinding = /* @__PURE__ */ bindingHook(/* @__PURE__ */ installedBinding());
const useFetchingRead = /* @__PURE__ */ fetchingReadHook(useBinding);

/**
 * The key's data (see docs/concepts.md#hooks): starts the request when the fetch rule says so, suspends while
 * there is no usable data and a request is in flight, and throws a stored error to the nearest
 * error boundary. Stale data is returned while it refetches in the background. `null` as the
 * arguments returns `undefined` and fetches nothing.
 *
 * @example
 * ```tsx
 * function PostView({ group, id }: { group: string; id: number }) {
 *   const post = useSuspense(PostResource.get, { group, id }); // Post
 *   return <h1>{post.title}</h1>;
 * }
 * ```
 */
export const useSuspense: RestHooks['useSuspense'] = /* @__PURE__ */ suspenseHook(useFetchingRead);

/**
 * The key's data from the store only, or `undefined`; never fetches (see docs/concepts.md#hooks). Keeps the key
 * from GC while mounted.
 *
 * @example
 * const post = useCache(PostResource.get, { group, id }); // Post | undefined, e.g. shown by a list
 */
export const useCache: RestHooks['useCache'] = /* @__PURE__ */ cacheHook(useBinding);

/**
 * `rest.selectQuery` as a hook (see docs/concepts.md#hooks): reads an Entity by pk or index, a Collection by
 * arguments, an `All`, a `Union`, a `Query`, or an object of them; never fetches.
 *
 * @example
 * const post = useQuery(Post, { id: 5 }); // Post | undefined
 * const reactPosts = useQuery(PostResource.getList.schema, { group: 'react' }); // Post[] | undefined
 */
export const useQuery: RestHooks['useQuery'] = /* @__PURE__ */ queryHook(useBinding);

/**
 * Fetches when the fetch rule says so and returns the promise of the key's request in flight,
 * or `undefined` (see docs/concepts.md#hooks). Never suspends or throws; use it to prefetch.
 *
 * @example
 * useFetch(PostResource.get, nextId === undefined ? null : { group, id: nextId }); // prefetch the next post
 */
export const useFetch: RestHooks['useFetch'] = /* @__PURE__ */ fetchHook(useFetchingRead);

/**
 * Subscribes to the key while mounted (see docs/concepts.md#hooks): polls at the endpoint's `pollFrequency` and
 * keeps the key from GC. Returns `undefined`; read the data with another hook.
 *
 * @example
 * const livePost = PostResource.get.extend({ pollFrequency: 10_000 }); // at module level
 * useSubscription(livePost, visible ? { group, id } : null); // polls only while visible
 * useSubscription(PostResource.get, { group, id }, { pollingInterval: fast ? 1_000 : 0 }); // a rate chosen at run time, 0: no polling
 */
export const useSubscription: RestHooks['useSubscription'] = /* @__PURE__ */ subscriptionHook(useBinding);

/**
 * `useSuspense` plus `useSubscription` for the same arguments (see docs/concepts.md#hooks): the data, kept fresh
 * by polling at `pollFrequency` while mounted.
 *
 * @example
 * ```tsx
 * const livePost = PostResource.get.extend({ pollFrequency: 5_000 });
 * function LiveTitle({ group, id }: { group: string; id: number }) {
 *   return <h1>{useLive(livePost, { group, id }).title}</h1>;
 * }
 * ```
 */
export const useLive: RestHooks['useLive'] = /* @__PURE__ */ liveHook(useSubscription, useSuspense);

/**
 * The instance's thunk creators bound to the store's dispatch (see docs/concepts.md#hooks): `fetch`,
 * `fetchIfStale`, `invalidate`, `invalidateAll`, `expireAll`, `resetEntireStore`,
 * `setResponse`, `setError`, `set` and `subscribe`. The same object across renders.
 *
 * @example
 * const { fetch, invalidate } = useController();
 * const onSave = async (title: string) => {
 *   await fetch(PostResource.partialUpdate, { group, id }, { title });
 *   invalidate(PostResource.getList, { group });
 * };
 */
export const useController: RestHooks['useController'] = /* @__PURE__ */ controllerHook(useBinding);

/**
 * `{ data, loading, error }` for the key, fetching like `useSuspense` but without suspending or
 * throwing (see docs/concepts.md#hooks), plus the request fields of `rest.selectResponse` (`status`, `isLoading`,
 * `isFetching`, `expiryStatus`, `fetchedAt`, `expiresAt`) and `refetch()`, which sends the key's
 * request now and returns its promise. The component re-renders only when a field it
 * reads changes. `null` as the arguments gives the inactive answer (`data: undefined`,
 * `loading: false`, `status: 'uninitialized'`) and fetches nothing.
 *
 * @example
 * ```tsx
 * const { data: posts, loading, error, isFetching, refetch } = useDLE(PostResource.getList, { group });
 * if (error) return <p role="alert">{error.message} <button onClick={refetch}>Retry</button></p>;
 * if (loading || !posts) return <Spinner />;
 * ```
 */
export const useDLE: RestHooks['useDLE'] = /* @__PURE__ */ dleHook(useFetchingRead);

/**
 * `[trigger, { data, error, status, isLoading, isSuccess, isError, reset }]` for a mutation (or
 * any endpoint sent on demand), like RTK Query's generated `useXMutation`. `trigger(...args)`
 * sends the endpoint as `useController().fetch` does and returns that call's promise: it resolves
 * to the denormalized data and rejects with the error (a `NetworkError` with `status`), so
 * `await` it in a try/catch or read `isError`/`error`. The state is the component's own and
 * follows its latest call: an older call settling later, or a call in flight at `reset()`, changes
 * nothing, and nothing is updated after unmount. Optimistic endpoints show their optimistic value
 * in every reader while the call is pending and roll back when it fails. `trigger` and `reset`
 * keep their identity.
 *
 * @example
 * ```tsx
 * function Rename({ group, id }: { group: string; id: number }) {
 *   const [rename, { isLoading, error }] = useMutation(PostResource.partialUpdate);
 *   return (
 *     <form onSubmit={(e) => { e.preventDefault(); rename({ group, id }, { title: 'New title' }).catch(() => undefined); }}>
 *       <button disabled={isLoading}>Rename</button>
 *       {error && <p role="alert">{error.message}</p>}
 *     </form>
 *   );
 * }
 * ```
 */
export const useMutation: RestHooks['useMutation'] = /* @__PURE__ */ mutationHook(useController);

/**
 * An infinite list, like RTK Query's `useInfiniteQuery`: `useDLE` of the list (its `data` is the
 * whole merged list) plus `{ hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError }`.
 * The next page is found from what the store holds for the list: a `Link: <…>; rel="next"` header
 * (followed exactly, e.g. GitHub's), else the list's `next` field as the `paginationField` cursor
 * (or an absolute URL), else the next page number for `paginationField` until a page adds nothing.
 * Pages are appended to the list's Collection; a failed page leaves the list as it was and shows
 * in `nextPageError`, and `fetchNextPage()` retries it. The list's schema needs a Collection.
 *
 * @example
 * ```tsx
 * function Issues({ owner, repo }: { owner: string; repo: string }) {
 *   const { data: issues, hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError } = usePaginated(getIssues, { owner, repo });
 *   return (
 *     <>
 *       <ul>{issues?.map((issue) => <li key={issue.id}>{issue.title}</li>)}</ul>
 *       {nextPageError && <p role="alert">{nextPageError.message}</p>}
 *       {hasNextPage && <button disabled={isFetchingNextPage} onClick={fetchNextPage}>Load more</button>}
 *     </>
 *   );
 * }
 * ```
 */
export const usePaginated: RestHooks['usePaginated'] = /* @__PURE__ */ paginatedHook(useFetchingRead);

/**
 * `useDLE` for a request that is aborted when it is no longer wanted: when the arguments change
 * (e.g. a search box, with `useDebounce`) or the component unmounts, the request it waited for is
 * aborted, unless another consumer still waits for it (another `useCancelling` of the key, or any
 * other hook, `rest.fetch` caller or poll, which never cancel). An aborted request stores nothing:
 * no error, no data; the key is fetched again when something reads it. Unlike `useSuspense` it
 * does not suspend, because a suspended component is not mounted and so can never cancel.
 *
 * @example
 * ```tsx
 * function Search({ text }: { text: string }) {
 *   const query = useDebounce(text, 300);
 *   const { data: posts, loading } = useCancelling(searchPosts, query === '' ? null : { q: query });
 *   return loading ? <Spinner /> : <Results posts={posts} />;
 * }
 * ```
 */
export const useCancelling: RestHooks['useCancelling'] = /* @__PURE__ */ cancellingHook(useFetchingRead);
