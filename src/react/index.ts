/**
 * `rtk-rest/react`: hooks over react-redux's `<Provider store>` (API.md §4, SPEC §7). The hooks
 * exported here use the one rtk-rest instance installed in the store; `createRestHooks(rest)`
 * binds the same hooks to one instance when a store has several.
 */
import type { Rest } from '../redux';
import { installedBinding, instanceBinding } from './binding';
import { buildHooks } from './hooks';
import type { RestHooks } from './types';

export { AsyncBoundary } from './AsyncBoundary';
export type { AsyncBoundaryProps, ErrorComponentProps } from './AsyncBoundary';
export { useLoading } from './useLoading';
export type { ArgsOf, NullableArgs, DLE, RestHooks, RestController } from './types';

/**
 * The hooks bound to one instance, for stores with several rtk-rest instances (SPEC 7.1).
 *
 * @example
 * export const { useSuspense, useDLE, useController } = createRestHooks(adminRest);
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export function createRestHooks(rest: Rest): RestHooks {
  return buildHooks(instanceBinding(rest));
}

const hooks = buildHooks(installedBinding());

export const {
  /**
   * The key's data (SPEC 7.7): starts the request when the fetch rule says so, suspends while
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
  useSuspense,
  /**
   * `{ data, loading, error }` for the key, fetching like `useSuspense` but without suspending or
   * throwing (SPEC 7.8). `null` as the arguments gives `{ data: undefined, loading: false, error: undefined }`.
   *
   * @example
   * ```tsx
   * const { data: posts, loading, error } = useDLE(PostResource.getList, { group });
   * if (error) return <p role="alert">{error.message}</p>;
   * if (loading || !posts) return <Spinner />;
   * ```
   */
  useDLE,
  /**
   * The key's data from the store only, or `undefined`; never fetches (SPEC 7.9). Keeps the key
   * from GC while mounted.
   *
   * @example
   * const post = useCache(PostResource.get, { group, id }); // Post | undefined, e.g. shown by a list
   */
  useCache,
  /**
   * `rest.selectQuery` as a hook (SPEC 7.10): reads an Entity by pk or index, a Collection by
   * arguments, an `All`, a `Union`, a `Query`, or an object of them; never fetches.
   *
   * @example
   * const post = useQuery(Post, { id: 5 }); // Post | undefined
   * const reactPosts = useQuery(PostResource.getList.schema, { group: 'react' }); // Post[] | undefined
   */
  useQuery,
  /**
   * Fetches when the fetch rule says so and returns the promise of the key's request in flight,
   * or `undefined` (SPEC 7.11). Never suspends or throws; use it to prefetch.
   *
   * @example
   * useFetch(PostResource.get, nextId === undefined ? null : { group, id: nextId }); // prefetch the next post
   */
  useFetch,
  /**
   * Subscribes to the key while mounted (SPEC 7.12): polls at the endpoint's `pollFrequency` and
   * keeps the key from GC. Returns `undefined`; read the data with another hook.
   *
   * @example
   * const livePost = PostResource.get.extend({ pollFrequency: 10_000 }); // at module level
   * useSubscription(livePost, visible ? { group, id } : null); // polls only while visible
   */
  useSubscription,
  /**
   * `useSuspense` plus `useSubscription` for the same arguments (SPEC 7.13): the data, kept fresh
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
  useLive,
  /**
   * The instance's thunk creators bound to the store's dispatch (SPEC 7.14): `fetch`,
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
  useController,
} = hooks;
