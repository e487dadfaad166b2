import { expectTypeOf } from 'expect-type';
import { createRest, hookifyResource } from 'rtk-rest';
import type { Rest } from 'rtk-rest';
import {
  createRestHooks,
  useCache,
  useController,
  useDebounce,
  useDLE,
  useFetch,
  useLive,
  useLoading,
  useMutation,
  usePaginated,
  useCancelling,
  useQuery,
  useSubscription,
  useSuspense,
} from 'rtk-rest/react';
import type { DLE, MutationState, PaginatedResult, RestHooks } from 'rtk-rest/react';
import type { ExpiryStatus, RequestStatus } from 'rtk-rest';
// The running example: User, Post and PostResource.
import { Post, PostResource } from '../support/example';

/**
 * Types of `rtk-rest/react`. Hooks are called only inside never-run
 * functions: the checks are made by `tsc --noEmit`; Jest only runs the few runtime assertions.
 */

/** Never called: holds hook calls whose types are checked. */
const typeOnly = (_check: () => unknown) => undefined;

const p5 = { group: 'react', id: 5 };
declare const maybe: { group: string; id: number } | null;

describe('types: useSuspense / useLive', () => {
  it('real arguments → the data, without undefined', () => {
    typeOnly(() => {
      expectTypeOf(useSuspense(PostResource.get, p5)).toEqualTypeOf<Post>();
      expectTypeOf(useSuspense(PostResource.getList, { group: 'react' })).toEqualTypeOf<Post[]>();
      expectTypeOf(useSuspense(PostResource.getList, { group: 'react', author: 'ann' })).toEqualTypeOf<Post[]>();
      expectTypeOf(useLive(PostResource.get, p5)).toEqualTypeOf<Post>();
    });
    expect(PostResource.get.key(p5)).toBe('GET https://api.example.com/react/posts/5');
  });

  it('null → undefined; params | null → data | undefined', () => {
    typeOnly(() => {
      expectTypeOf(useSuspense(PostResource.get, null)).toEqualTypeOf<undefined>();
      expectTypeOf(useSuspense(PostResource.get, maybe)).toEqualTypeOf<Post | undefined>();
      expectTypeOf(useLive(PostResource.get, null)).toEqualTypeOf<undefined>();
      expectTypeOf(useLive(PostResource.get, maybe)).toEqualTypeOf<Post | undefined>();
    });
  });

  it('wrong arguments are rejected', () => {
    typeOnly(() => {
      // @ts-expect-error id is missing
      useSuspense(PostResource.get, { group: 'react' });
      // @ts-expect-error the parameters are required
      useSuspense(PostResource.get);
      // @ts-expect-error id must be a string or number
      useSuspense(PostResource.get, { group: 'react', id: true });
      // @ts-expect-error unknown search parameter type
      useSuspense(PostResource.getList, { group: 'react', author: 5 });
      // @ts-expect-error not an endpoint
      useSuspense(Post, p5);
      // @ts-expect-error id is missing
      useLive(PostResource.get, { group: 'react' });
    });
  });
});

describe('types: useDLE, useCache, useQuery, useFetch, useSubscription', () => {
  it('useDLE → DLE<data>: data | undefined, loading boolean, error Error | undefined', () => {
    typeOnly(() => {
      const dle = useDLE(PostResource.get, p5);
      expectTypeOf(dle).toEqualTypeOf<DLE<Post>>();
      expectTypeOf(dle.data).toEqualTypeOf<Post | undefined>();
      expectTypeOf(dle.loading).toEqualTypeOf<boolean>();
      expectTypeOf(dle.error).toEqualTypeOf<Error | undefined>();
      expectTypeOf(dle.currentData).toEqualTypeOf<Post | undefined>();
      expectTypeOf(usePaginated(PostResource.getList, { group: 'react' }).currentData).toEqualTypeOf<Post[] | undefined>();
      expectTypeOf(useDLE(PostResource.getList, maybe).data).toEqualTypeOf<Post[] | undefined>();
      expectTypeOf(useDLE(PostResource.get, null).data).toEqualTypeOf<Post | undefined>();
      // @ts-expect-error id is missing
      useDLE(PostResource.get, { group: 'react' });
    });
  });

  it('useCache, useQuery, useFetch, useSubscription', () => {
    typeOnly(() => {
      expectTypeOf(useCache(PostResource.get, p5)).toEqualTypeOf<Post | undefined>();
      expectTypeOf(useCache(PostResource.get, maybe)).toEqualTypeOf<Post | undefined>();
      expectTypeOf(useQuery(Post, { id: 5 })).toEqualTypeOf<Post | undefined>();
      expectTypeOf(useQuery(PostResource.getList.schema, { group: 'react' })).toEqualTypeOf<Post[] | undefined>();
      expectTypeOf(useFetch(PostResource.get, p5)).toEqualTypeOf<Promise<Post> | undefined>();
      expectTypeOf(useFetch(PostResource.get, null)).toEqualTypeOf<Promise<Post> | undefined>();
      expectTypeOf(useSubscription(PostResource.get, maybe)).toEqualTypeOf<undefined>();
      // @ts-expect-error id is missing
      useCache(PostResource.get, { group: 'react' });
      // @ts-expect-error id is missing
      useFetch(PostResource.get, { group: 'react' });
      // @ts-expect-error id is missing
      useSubscription(PostResource.get, { group: 'react' });
    });
  });

  it('the pollingInterval option follows the arguments of useSubscription and useLive', () => {
    typeOnly(() => {
      expectTypeOf(useSubscription(PostResource.get, p5, { pollingInterval: 1000 })).toEqualTypeOf<undefined>();
      expectTypeOf(useSubscription(PostResource.get, null, { pollingInterval: 1000 })).toEqualTypeOf<undefined>();
      expectTypeOf(useLive(PostResource.get, p5, { pollingInterval: 1000 })).toEqualTypeOf<Post>();
      expectTypeOf(useLive(PostResource.get, null, { pollingInterval: 0 })).toEqualTypeOf<undefined>();
      expectTypeOf(useLive(PostResource.get, maybe, { pollingInterval: 0 })).toEqualTypeOf<Post | undefined>();
      // @ts-expect-error the option is a number of ms
      useLive(PostResource.get, p5, { pollingInterval: '1s' });
      // @ts-expect-error id is missing
      useSubscription(PostResource.get, { group: 'react' }, { pollingInterval: 1000 });
    });
  });
});

describe('types: useController', () => {
  it('fetch and fetchIfStale return Promise<data>; subscribe returns () => void; the rest void', () => {
    typeOnly(() => {
      const controller = useController();
      expectTypeOf(controller.fetch(PostResource.get, p5)).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(controller.fetch(PostResource.getList, { group: 'react' })).toEqualTypeOf<Promise<Post[]>>();
      expectTypeOf(controller.fetch(PostResource.update, p5, { title: 'new' })).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(controller.fetch(PostResource.partialUpdate, p5, { title: 'new' })).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(controller.fetch(PostResource.getList.push, { group: 'react' }, { title: 'new' })).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(controller.fetch(PostResource.delete, p5)).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(controller.fetchIfStale(PostResource.get, p5)).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(controller.subscribe(PostResource.get, p5)).toEqualTypeOf<() => void>();
      expectTypeOf(controller.invalidate(PostResource.get, p5)).toEqualTypeOf<void>();
      expectTypeOf(controller.invalidateAll(PostResource.get)).toEqualTypeOf<void>();
      expectTypeOf(controller.expireAll({ testKey: (key: string) => key.startsWith('GET') })).toEqualTypeOf<void>();
      expectTypeOf(controller.resetEntireStore()).toEqualTypeOf<void>();
      expectTypeOf(controller.setResponse(PostResource.get, p5, { id: 5, title: 'x' })).toEqualTypeOf<void>();
      expectTypeOf(controller.setError(PostResource.get, p5, new Error('x'))).toEqualTypeOf<void>();
      expectTypeOf(controller.set(Post, { id: 5 }, { id: 5, title: 'x' })).toEqualTypeOf<void>();
    });
  });

  it('wrong arguments are rejected', () => {
    typeOnly(() => {
      const { fetch, subscribe } = useController();
      // @ts-expect-error id is missing
      void fetch(PostResource.get, { group: 'react' });
      // @ts-expect-error the parameters are required
      void fetch(PostResource.get);
      // @ts-expect-error title must be a string
      void fetch(PostResource.update, p5, { title: 5 });
      // @ts-expect-error id is missing
      subscribe(PostResource.get, { group: 'react' });
      const { setResponse, setError } = useController();
      // @ts-expect-error id is missing
      setResponse(PostResource.get, { group: 'react' }, { id: 5 });
      // @ts-expect-error the response is missing
      setResponse(PostResource.get, { group: 'react', id: 5 });
      // @ts-expect-error id is missing
      setError(PostResource.get, { group: 'react' }, new Error('x'));
    });
  });

  it('endpoints from hookifyResource work with every hook and the controller', () => {
    const { useGet, useUpdate } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': 'token' } }));
    typeOnly(() => {
      expectTypeOf(useSuspense(useGet(), p5)).toEqualTypeOf<Post>();
      expectTypeOf(useController().fetch(useUpdate(), p5, { title: 'x' })).toEqualTypeOf<Promise<Post>>();
    });
  });
});

describe('types: useDLE request fields, useMutation, usePaginated, useCancelling, useDebounce', () => {
  it('useDLE has the request fields of selectResponse and refetch(): Promise<data | undefined>', () => {
    typeOnly(() => {
      const dle = useDLE(PostResource.get, p5);
      expectTypeOf(dle.status).toEqualTypeOf<RequestStatus>();
      expectTypeOf(dle.expiryStatus).toEqualTypeOf<ExpiryStatus>();
      expectTypeOf(dle.isLoading).toEqualTypeOf<boolean>();
      expectTypeOf(dle.isFetching).toEqualTypeOf<boolean>();
      expectTypeOf(dle.fetchedAt).toEqualTypeOf<number>();
      expectTypeOf(dle.expiresAt).toEqualTypeOf<number>();
      expectTypeOf(dle.refetch).toEqualTypeOf<() => Promise<Post | undefined>>();
      expectTypeOf(useDLE(PostResource.getList, maybe).refetch()).toEqualTypeOf<Promise<Post[] | undefined>>();
    });
  });

  it('useMutation(endpoint) → [trigger(...endpoint args): Promise<data>, MutationState<data>]', () => {
    typeOnly(() => {
      const [update, state] = useMutation(PostResource.partialUpdate);
      expectTypeOf(update).parameters.toEqualTypeOf<Parameters<typeof PostResource.partialUpdate>>();
      expectTypeOf(update(p5, { title: 'x' })).toEqualTypeOf<Promise<Post>>();
      expectTypeOf(state).toEqualTypeOf<MutationState<Post>>();
      expectTypeOf(state.data).toEqualTypeOf<Post | undefined>();
      expectTypeOf(state.error).toEqualTypeOf<Error | undefined>();
      expectTypeOf(state.status).toEqualTypeOf<RequestStatus>();
      expectTypeOf(state.reset).toEqualTypeOf<() => void>();
      const [create] = createRestHooks(createRest()).useMutation(PostResource.getList.push);
      expectTypeOf(create({ group: 'react' }, { title: 'new' })).toEqualTypeOf<Promise<Post>>();
      // @ts-expect-error the body must be a partial Post
      update(p5, { title: 5 });
    });
  });

  it('usePaginated(list, ...args | null) → useDLE of the list plus the next page fields', () => {
    typeOnly(() => {
      const paged = usePaginated(PostResource.getList, { group: 'react' });
      expectTypeOf(paged).toEqualTypeOf<PaginatedResult<Post[]>>();
      expectTypeOf(paged.data).toEqualTypeOf<Post[] | undefined>();
      expectTypeOf(paged.hasNextPage).toEqualTypeOf<boolean>();
      expectTypeOf(paged.isFetchingNextPage).toEqualTypeOf<boolean>();
      expectTypeOf(paged.nextPageError).toEqualTypeOf<Error | undefined>();
      expectTypeOf(paged.fetchNextPage).toEqualTypeOf<() => Promise<Post[] | undefined>>();
      expectTypeOf(usePaginated(PostResource.getList, null).status).toEqualTypeOf<RequestStatus>();
      expectTypeOf(createRestHooks(createRest()).usePaginated(PostResource.getList, { group: 'react' })).toEqualTypeOf<PaginatedResult<Post[]>>();
      // @ts-expect-error the list's parameters
      usePaginated(PostResource.getList, { id: 5 });
    });
  });

  it('useCancelling(endpoint, ...args | null) → DLE<data>', () => {
    typeOnly(() => {
      expectTypeOf(useCancelling(PostResource.get, p5)).toEqualTypeOf<DLE<Post>>();
      expectTypeOf(useCancelling(PostResource.get, maybe).data).toEqualTypeOf<Post | undefined>();
      // @ts-expect-error the endpoint's parameters
      useCancelling(PostResource.get, { group: 'react' });
    });
  });

  it('useDebounce(value, ms) returns the value type', () => {
    typeOnly(() => {
      expectTypeOf(useDebounce('text', 300)).toEqualTypeOf<string>();
      expectTypeOf(useDebounce(maybe, 300)).toEqualTypeOf<{ group: string; id: number } | null>();
      // @ts-expect-error ms is a number
      useDebounce('text', '300');
    });
  });
});

describe('types: useLoading', () => {
  it('[wrappedFn, loading, error]: wrappedFn keeps the parameters and resolves to value | undefined', () => {
    typeOnly(() => {
      const [save, loading, error] = useLoading(async (id: number, title: string) => ({ id, title }));
      expectTypeOf(save).toEqualTypeOf<(id: number, title: string) => Promise<{ id: number; title: string } | undefined>>();
      expectTypeOf(loading).toEqualTypeOf<boolean>();
      expectTypeOf(error).toEqualTypeOf<unknown>();
      // @ts-expect-error id must be a number
      void save('5', 'x');
      // @ts-expect-error the function must return a promise
      useLoading((id: number) => id);
      const { fetch } = useController();
      const [update] = useLoading((title: string) => fetch(PostResource.partialUpdate, p5, { title }));
      expectTypeOf(update).returns.toEqualTypeOf<Promise<Post | undefined>>();
    });
  });
});

describe('types: createRestHooks', () => {
  it('accepts an instance with a custom reducerPath and returns the hooks', () => {
    const admin = createRest({ reducerPath: 'admin' });
    expectTypeOf(admin.reducerPath).toEqualTypeOf<'admin'>();
    expectTypeOf(admin).toMatchTypeOf<Rest>();
    const hooks = createRestHooks(admin);
    expectTypeOf(hooks).toEqualTypeOf<RestHooks>();
    typeOnly(() => {
      expectTypeOf(hooks.useSuspense(PostResource.get, p5)).toEqualTypeOf<Post>();
      expectTypeOf(hooks.useController().fetch(PostResource.get, p5)).toEqualTypeOf<Promise<Post>>();
    });
    expect(Object.keys(hooks).sort()).toEqual(['useCache', 'useCancelling', 'useController', 'useDLE', 'useFetch', 'useLive', 'useMutation', 'usePaginated', 'useQuery', 'useSubscription', 'useSuspense']);
  });
});
