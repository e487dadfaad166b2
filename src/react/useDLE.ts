import { useMemo, useRef } from 'react';
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
let inactiveDLE: Readonly<typeof INACTIVE & { currentData: undefined; loading: false }> | undefined;

/**
 * `useDLE` over a `useFetchingRead` (see docs/concepts.md#hooks). A factory in its own file so an app
 * that only suspends does not bundle it.
 */
export function dleHook(useFetchingRead: (endpoint: RestEndpoint, args: unknown[], hook: string) => FetchingRead): RestHooks['useDLE'] {
  return function useDLE(endpoint: RestEndpoint, ...args: unknown[]): any {
    const { binding, request } = useFetchingRead(endpoint, args, 'useDLE');
    const refetch = useRefetch(binding, request, endpoint, args);
    const extra = useMemo(() => ({ refetch }), [refetch]);
    const shown = useShownRequest();
    return useTrackedAnswer((state) => selectDLE(binding, request, state, shown), extra);
  } as RestHooks['useDLE'];
}

/** The last request of a hook that had data: what `data` shows while new arguments load. */
export interface ShownRequest {
  current: Request | undefined;
}

/** A hook's `ShownRequest`, kept across renders. */
export function useShownRequest(): ShownRequest {
  return useRef<Request>(undefined);
}

/**
 * `useDLE`'s answer without `refetch`: the key's response, `loading`, and its error rebuilt (also
 * `usePaginated`'s list). As RTK Query's hooks, `currentData` is the key's own data and `data`
 * the last result: while the key has none, the data of the last request of this hook that had
 * some (`shown`), read from the store now, so that a reset, an invalidation or GC of that key
 * drops it too and data of another session is never shown.
 */
export function selectDLE(binding: Binding, request: Request | undefined, state: unknown, shown?: ShownRequest) {
  if (request === undefined) return (inactiveDLE ??= Object.freeze({ ...INACTIVE, currentData: undefined, loading: false as const }));
  const response = binding.rest.selectResponse(state, request.endpoint, ...request.args);
  const currentData = response.data;
  let data = currentData;
  if (shown !== undefined) {
    const last = shown.current;
    if (currentData !== undefined) shown.current = request;
    else if (last !== undefined && last.key !== request.key) data = binding.rest.selectData(state, last.endpoint, ...last.args);
  }
  // In flight in this store: pending ids preloaded from another store are no request (see docs/concepts.md#the-store).
  const inFlight = binding.runtime.keyInFlight(request.key);
  const loading = data === undefined && inFlight;
  const error = response.error === undefined ? undefined : rebuildError(response.error);
  // The request a render starts dispatches `pending` a microtask later (see docs/concepts.md#hooks); like RTK Query's
  // hooks, that render already says pending, so `isLoading` is true from the first render.
  if (inFlight && !response.isFetching) return { ...response, data, currentData, status: 'pending' as const, isFetching: true, isLoading: data === undefined, loading, error };
  return { ...response, data, currentData, isLoading: response.isLoading && data === undefined, loading, error };
}
