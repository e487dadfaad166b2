import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSelector, useStore } from 'react-redux';
import { isInactive, rebuildError } from '../redux';
import type { RestEndpoint } from '../rest';
import type { Binding, BindingOf, StoreLike } from './binding';
import { checkPollingInterval, pollingEndpoint, splitHookOptions } from './hookOptions';
import type { RestController, RestHooks } from './types';

/** One request as a hook sees it: the first endpoint and arguments seen for its key (see docs/concepts.md#hooks). */
export interface Request {
  readonly endpoint: RestEndpoint;
  readonly args: unknown[];
  readonly key: string;
}

/** What a fetching hook has after `useFetchingRead`: its binding, its request, and the request its render started. */
export interface FetchingRead {
  readonly binding: Binding;
  readonly request: Request | undefined;
  readonly started: Promise<unknown> | undefined;
}

const noop = () => undefined;
const noSubscription = () => noop;
const onClient = () => false;
const onServer = () => true;

/**
 * Whether this render reads the server's snapshot: the server's own render, and hydration in the
 * browser. Such a render leaves to the next one what only the clock makes due, so that hydration
 * shows the HTML the server rendered although the data, or the error, expired since: React renders
 * a hydrated hook again at once, with the client snapshot, and that render fetches.
 */
const useServerSnapshot = (): boolean => useSyncExternalStore(noSubscription, onClient, onServer);

/** A thenable that resolves (never rejects) when the request settles; one per request (see docs/concepts.md#hooks). */
const settledThenables = new WeakMap<Promise<unknown>, Promise<void>>();
function whenSettled(promise: Promise<unknown>): Promise<void> {
  let settled = settledThenables.get(promise);
  if (settled === undefined) settledThenables.set(promise, (settled = promise.then(noop, noop)));
  return settled;
}

/** Shallow equality of the answers hooks select, so a hook re-renders only when its answer changes (see docs/concepts.md#hooks). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const name in a) if (!Object.is(a[name], b[name])) return false;
  return true;
}

const CONTROLLER_METHODS = [
  'fetch',
  'fetchIfStale',
  'invalidate',
  'invalidateAll',
  'expireAll',
  'resetEntireStore',
  'setResponse',
  'setError',
  'set',
  'subscribe',
] as const;

/** The store's binding as a hook: the `rtk-rest/react` hooks' (the installed instance) or `createRestHooks`'. */
type UseBinding = () => Binding;

/** A hook that finds its binding through `bindingOf` (one per way of finding it). */
export function bindingHook(bindingOf: BindingOf): UseBinding {
  return () => bindingOf(useStore());
}

/** The request for these arguments; the same object while the key is the same; undefined when inactive (see docs/concepts.md#hooks). */
function useRequest(endpoint: RestEndpoint, args: unknown[]): Request | undefined {
  const key = isInactive(args) ? undefined : endpoint.key(...args);
  // The key alone is the request's identity: new argument or endpoint objects with it are the same request.
  return useMemo(() => (key === undefined ? undefined : { endpoint, args, key }), [key]);
}

/** Keeps the key from GC while mounted (see docs/concepts.md#garbage-collection). */
function useRetain({ runtime }: Binding, request: Request | undefined): void {
  useEffect(() => (request === undefined ? undefined : runtime.retain(request.key)), [runtime, request]);
}

/**
 * The fetch rule while rendering (see docs/concepts.md#hooks): joins the read in flight or starts one whose `pending`
 * waits for a microtask, so the store does not change during the render. The request goes out
 * with this render's endpoint and arguments (e.g. a hookified endpoint with a new token). A
 * `cancellable` hook (`useCancelling`) joins and starts requests its unmount may abort; every
 * other hook holds the request it waits for, so that no `useCancelling` aborts it. Not `byClock`
 * (a render from the server snapshot), what only the clock made due waits for the next render.
 */
function fetchWhileRendering(
  { runtime, store }: Binding,
  request: Request,
  endpoint: RestEndpoint,
  args: unknown[],
  hook: string,
  cancellable: boolean,
  byClock: boolean,
): Promise<unknown> | undefined {
  const { key } = request;
  if (endpoint.sideEffect) {
    throw new TypeError(
      `rtk-rest: ${hook} reads data, but ${endpoint.name} is a mutation (${endpoint.method}).${process.env.NODE_ENV !== 'production' ? ' Send mutations with useController().fetch(endpoint, ...args).' : ''}`,
    );
  }
  const joined = cancellable ? runtime.inFlight(endpoint, args, key) : runtime.join(endpoint, args, key);
  if (joined !== undefined) return joined;
  if (!runtime.shouldFetch(store.getState(), endpoint, args, key, byClock)) return undefined;
  const started = runtime.fetch(endpoint, args, key, { deferPending: true, cancellable });
  // The outcome reaches the component through the store; the promise's rejection is not unhandled.
  started.catch(noop);
  return started;
}

/**
 * A mounted fetching hook applies the fetch rule again when a dispatch moves its key's expiry
 * back or removes its data, without re-rendering: after `invalidate`, `expireAll` or a reset its key
 * refetches (see docs/concepts.md#the-store) even when its answer, and so the component, stays the same.
 * Dispatches that leave the key alone, and the clock, trigger nothing (see docs/concepts.md#hooks).
 */
function useRefetchWhenDue({ runtime, store, rest }: Binding, request: Request | undefined, endpoint: RestEndpoint, args: unknown[]): void {
  // This render's endpoint, for its key only: an uncommitted render (a transition to another key)
  // must not redirect the committed key's refetch.
  const latest = useRef<{ endpoint: RestEndpoint; args: unknown[]; key?: string }>({ endpoint, args });
  latest.current = { endpoint, args, key: request?.key };
  useEffect(() => {
    if (request === undefined) return undefined;
    let seen = rest.selectResponse(store.getState(), request.endpoint, ...request.args);
    const check = () => {
      const { endpoint, args } = latest.current.key === request.key ? latest.current : request;
      const state = store.getState();
      const response = rest.selectResponse(state, endpoint, ...args);
      // Only a dispatch that took something away (expiry moved back, data gone) can make the key due;
      // the key's own writes move expiry forward, so a zero expiry length cannot loop.
      const lost = response.expiresAt < seen.expiresAt || (response.data === undefined && seen.data !== undefined);
      seen = response;
      if (!lost || runtime.inFlight(endpoint, args, request.key) !== undefined) return;
      if (runtime.shouldFetch(state, endpoint, args, request.key)) runtime.fetch(endpoint, args, request.key).catch(noop);
    };
    // After the dispatch has fully run (a reset drops requests in flight after its reducers), once per burst.
    let queued = false;
    let active = true;
    const listener = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        if (active) check();
      });
    };
    const unsubscribe = store.subscribe(listener);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [runtime, store, rest, request]);
}

/** The key's response through `selectResponse`, re-rendering only when `pick`'s fields change. */
function useAnswer<T extends Record<string, unknown>>(request: Request | undefined, pick: (state: unknown, request: Request) => T, inactive: T): T {
  return useSelector((state: unknown) => (request === undefined ? inactive : pick(state, request)), sameFields);
}

/**
 * What every fetching hook (`useSuspense`, `useDLE`, `useFetch`) does first: find the request,
 * retain its key, watch for dispatches that make it due, and apply the fetch rule while rendering.
 */
export type UseFetchingRead = (endpoint: RestEndpoint, args: unknown[], hook: string, cancellable?: boolean) => FetchingRead;

/** `useFetchingRead` over a binding: what the fetching hooks, each in its own factory, share. */
export function fetchingReadHook(useBinding: UseBinding): UseFetchingRead {
  return (endpoint, args, hook, cancellable = false) => {
    const binding = useBinding();
    const request = useRequest(endpoint, args);
    useRetain(binding, request);
    // refetchOnFocus / refetchOnReconnect.
    useEffect(() => (request === undefined ? undefined : binding.runtime.mountRead(request.endpoint, request.args, request.key)), [binding.runtime, request]);
    useRefetchWhenDue(binding, request, endpoint, args);
    const fromServer = useServerSnapshot();
    const started = request === undefined ? undefined : fetchWhileRendering(binding, request, endpoint, args, hook, cancellable, !fromServer);
    return { binding, request, started };
  };
}

const INACTIVE_SUSPENSE = { data: undefined, error: undefined, invalid: false } as const;

// One factory per hook, so that an app bundles only the hooks it imports.

export function suspenseHook(useFetchingRead: UseFetchingRead): RestHooks['useSuspense'] {
  return function useSuspense(endpoint: RestEndpoint, ...args: unknown[]): any {
    const { binding, request, started } = useFetchingRead(endpoint, args, 'useSuspense');
    const answer = useAnswer(
      request,
      (state, { endpoint, args, key }) => {
        const response = binding.rest.selectResponse(state, endpoint, ...args);
        // A soft error (errorPolicy, a failed poll) does not replace usable data: it is thrown only when there is none.
        const thrown = response.error !== undefined && (response.data === undefined || !binding.runtime.softError(state, key));
        return { data: response.data, error: thrown ? response.error : undefined, invalid: response.expiryStatus === 'invalid' };
      },
      INACTIVE_SUSPENSE,
    );
    if (request === undefined) return undefined;
    if (answer.invalid) {
      const inFlight = started ?? binding.runtime.inFlight(request.endpoint, request.args, request.key);
      if (inFlight !== undefined) throw whenSettled(inFlight);
    }
    if (answer.error !== undefined) throw rebuildError(answer.error);
    return answer.data;
  } as RestHooks['useSuspense'];
}

export function subscriptionHook(useBinding: UseBinding): RestHooks['useSubscription'] {
  return function useSubscription(endpoint: RestEndpoint, ...given: unknown[]): undefined {
    const { store, rest } = useBinding();
    const { args, options } = splitHookOptions(endpoint, given);
    const interval = checkPollingInterval('useSubscription', endpoint, options);
    const request = useRequest(endpoint, args);
    // A new interval resubscribes: the key's poll is then due an interval after its last write.
    useEffect(
      () => (request === undefined ? undefined : store.dispatch(rest.subscribe(pollingEndpoint(request.endpoint, interval), ...request.args))),
      [store, rest, request, interval],
    );
    return undefined;
  } as RestHooks['useSubscription'];
}

export function cacheHook(useBinding: UseBinding): RestHooks['useCache'] {
  return function useCache(endpoint: RestEndpoint, ...args: unknown[]): any {
    const binding = useBinding();
    const request = useRequest(endpoint, args);
    useRetain(binding, request);
    return useSelector((state: unknown) => (request === undefined ? undefined : binding.rest.selectData(state, request.endpoint, ...request.args)));
  } as RestHooks['useCache'];
}

export function queryHook(useBinding: UseBinding): RestHooks['useQuery'] {
  return function useQuery(queryable: unknown, ...args: unknown[]): any {
    const { rest, runtime } = useBinding();
    const inactive = isInactive(args);
    const argsKey = inactive ? undefined : stableKey(args);
    // Equal arguments (by JSON) are the same read: new argument objects do not re-retain.
    const stableArgs = useMemo(() => args, [argsKey]);
    useEffect(() => (argsKey === undefined ? undefined : runtime.retainQuery(queryable, stableArgs)), [runtime, queryable, stableArgs, argsKey]);
    return useSelector((state: unknown) => rest.selectQuery(state, queryable, ...stableArgs));
  } as RestHooks['useQuery'];
}

export function fetchHook(useFetchingRead: UseFetchingRead): RestHooks['useFetch'] {
  return function useFetch(endpoint: RestEndpoint, ...args: unknown[]): any {
    const { binding, request } = useFetchingRead(endpoint, args, 'useFetch');
    const promise = useSelector((_state: unknown) => (request === undefined ? undefined : binding.runtime.inFlight(request.endpoint, request.args, request.key, true)));
    // The outcome reaches the component through the store: a promise it ignores does not reject unhandled.
    useMemo(() => promise?.catch(noop), [promise]);
    return promise;
  } as RestHooks['useFetch'];
}

export function liveHook(useSubscription: RestHooks['useSubscription'], useSuspense: RestHooks['useSuspense']): RestHooks['useLive'] {
  return function useLive(endpoint: RestEndpoint, ...given: unknown[]): any {
    (useSubscription as (endpoint: RestEndpoint, ...args: unknown[]) => undefined)(endpoint, ...given);
    return (useSuspense as (endpoint: RestEndpoint, ...args: unknown[]) => unknown)(endpoint, ...splitHookOptions(endpoint, given).args);
  } as RestHooks['useLive'];
}

export function controllerHook(useBinding: UseBinding): RestHooks['useController'] {
  const controllers = new WeakMap<StoreLike, RestController>();
  return function useController(): RestController {
    const { store, rest } = useBinding();
    let bound = controllers.get(store);
    if (bound === undefined) {
      const methods: Record<string, (...args: unknown[]) => unknown> = {};
      for (const name of CONTROLLER_METHODS) {
        const creator = rest[name] as (...args: unknown[]) => unknown;
        methods[name] = (...args) => store.dispatch(creator(...args));
      }
      controllers.set(store, (bound = Object.freeze(methods) as unknown as RestController));
    }
    return bound;
  };
}

/** A string that is the same for equal query arguments (JSON when possible). */
function stableKey(args: unknown[]): string {
  try {
    return JSON.stringify(args);
  } catch {
    return String(Math.random());
  }
}
