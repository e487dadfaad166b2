import { useMemo } from 'react';
import { INACTIVE, rebuildError } from '../redux';
import type { RestEndpoint } from '../rest';
import type { Binding } from './binding';
import type { FetchingRead, Request } from './hooks';
import { useRefetch, useTrackedAnswer } from './tracked';
import type { RestHooks } from './types';

/**
 * `null` arguments: the inactive answer of `selectResponse`, not loading (see docs/concepts.md#hooks).
 * Made on first use: a module-level spread of another module's object may run getters, so bundlers
 * would keep it in every app of the React entry, also those without `useDLE`.
 */
let inactiveDLE: Readonly<typeof INACTIVE & { loading: false }> | undefined;

/**
 * `useDLE` over a `useFetchingRead` (see docs/concepts.md#hooks, issue 18.1). A factory in its own file so an app
 * that only suspends does not bundle it.
 */
export function dleHook(useFetchingRead: (endpoint: RestEndpoint, args: unknown[], hook: string) => FetchingRead): RestHooks['useDLE'] {
  return function useDLE(endpoint: RestEndpoint, ...args: unknown[]): any {
    const { binding, request } = useFetchingRead(endpoint, args, 'useDLE');
    const refetch = useRefetch(binding, request, endpoint, args);
    const extra = useMemo(() => ({ refetch }), [refetch]);
    return useTrackedAnswer((state) => selectDLE(binding, request, state), extra);
  } as RestHooks['useDLE'];
}

/** `useDLE`'s answer without `refetch`: the key's response, `loading`, and its error rebuilt (also `usePaginated`'s list). */
export function selectDLE(binding: Binding, request: Request | undefined, state: unknown) {
  if (request === undefined) return (inactiveDLE ??= Object.freeze({ ...INACTIVE, loading: false as const }));
  const response = binding.rest.selectResponse(state, request.endpoint, ...request.args);
  // In flight in this store: pending ids preloaded from another store are no request (see docs/concepts.md#the-store).
  const inFlight = binding.runtime.keyInFlight(request.key);
  const loading = response.data === undefined && inFlight;
  const error = response.error === undefined ? undefined : rebuildError(response.error);
  // The request a render starts dispatches `pending` a microtask later (see docs/concepts.md#hooks); like RTK Query's
  // hooks, that render already says pending, so `isLoading` is true from the first render.
  if (inFlight && !response.isFetching) return { ...response, status: 'pending' as const, isFetching: true, isLoading: response.data === undefined, loading, error };
  return { ...response, loading, error };
}
