import { useEffect, useMemo } from 'react';
import { cancelling } from '../redux';
import type { RestEndpoint } from '../rest';
import type { FetchingRead } from './hooks';
import { useRefetch, useTrackedAnswer } from './tracked';
import type { RestHooks } from './types';
import { selectDLE, useShownRequest } from './useDLE';

/**
 * `useCancelling` over a `useFetchingRead`: `useDLE`'s answer for a request that is
 * aborted when the component leaves its key (new arguments, or unmounting) and no other consumer
 * waits for it. It does not suspend: a suspended component never mounts, so React would give it
 * no moment to cancel. A factory in its own file so only apps that cancel bundle it.
 */
export function cancellingHook(useFetchingRead: (endpoint: RestEndpoint, args: unknown[], hook: string, cancellable: boolean) => FetchingRead): RestHooks['useCancelling'] {
  return function useCancelling(endpoint: RestEndpoint, ...args: unknown[]): any {
    const { binding, request } = useFetchingRead(endpoint, args, 'useCancelling', true);
    const { runtime } = binding;
    // Waits for the key's request while mounted on it; the cleanup (new key, unmount) lets it go.
    useEffect(() => (request === undefined ? undefined : cancelling(runtime.requests, request.endpoint, request.args, request.key)), [runtime, request]);
    const refetch = useRefetch(binding, request, endpoint, args);
    const extra = useMemo(() => ({ refetch }), [refetch]);
    const shown = useShownRequest();
    return useTrackedAnswer((state) => selectDLE(binding, request, state, shown), extra);
  } as RestHooks['useCancelling'];
}
