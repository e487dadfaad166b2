import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RestEndpoint } from '../rest';
import type { RequestStatus } from '../redux';
import type { MutationResult, RestController } from './types';

interface CallState {
  status: RequestStatus;
  data: unknown;
  error: Error | undefined;
}

const UNINITIALIZED: CallState = { status: 'uninitialized', data: undefined, error: undefined };
const PENDING: CallState = { status: 'pending', data: undefined, error: undefined };

/**
 * `useMutation` over a way of reaching the store's controller (`rtk-rest/react`'s `useController`
 * or a `createRestHooks` instance's). A factory so the hook is only bundled when an app imports it.
 */
export function mutationHook(useController: () => RestController) {
  return function useMutation<E extends RestEndpoint<any>>(endpoint: E): MutationResult<E> {
    if (process.env.NODE_ENV !== 'production') checkEndpoint(endpoint);
    const { fetch } = useController();
    // The state is the component's own (not the slice's): a mutation's result is one call's answer,
    // and the entities it returned are already normalized into the store by rest.fetch.
    const [state, setState] = useState<CallState>(UNINITIALIZED);
    const latestEndpoint = useRef(endpoint);
    latestEndpoint.current = endpoint;
    // Numbers the calls: only the latest one (not superseded, not reset) may set the state.
    const lastCall = useRef(0);
    const mounted = useRef(false);
    useEffect(() => {
      mounted.current = true;
      return () => {
        mounted.current = false;
      };
    }, []);

    const trigger = useCallback(
      (...args: unknown[]) => {
        const call = ++lastCall.current;
        const update = (next: CallState) => {
          if (mounted.current && call === lastCall.current) setState(next);
        };
        update(PENDING);
        const promise = (fetch as (endpoint: RestEndpoint, ...args: unknown[]) => Promise<unknown>)(latestEndpoint.current, ...args);
        promise.then(
          (data) => update({ status: 'fulfilled', data, error: undefined }),
          (error: unknown) => update({ status: 'rejected', data: undefined, error: error as Error }),
        );
        return promise;
      },
      [fetch],
    );

    const reset = useCallback(() => {
      lastCall.current += 1;
      if (mounted.current) setState(UNINITIALIZED);
    }, []);

    const result = useMemo(
      () => ({
        data: state.data,
        error: state.error,
        status: state.status,
        isLoading: state.status === 'pending',
        isSuccess: state.status === 'fulfilled',
        isError: state.status === 'rejected',
        reset,
      }),
      [state, reset],
    );
    return [trigger, result] as unknown as MutationResult<E>;
  };
}

/** Dev only: a clear error when `useMutation` is given something that is not an endpoint. */
function checkEndpoint(endpoint: unknown): void {
  if (typeof endpoint === 'function' && typeof (endpoint as RestEndpoint).key === 'function') return;
  throw new TypeError(
    `[rtk-rest] useMutation(endpoint): expected an endpoint (e.g. PostResource.partialUpdate), got ${endpoint === null ? 'null' : typeof endpoint}. Pass the endpoint itself, then call the returned trigger with its arguments: const [update] = useMutation(PostResource.partialUpdate); update({ group, id }, { title }).`,
  );
}
