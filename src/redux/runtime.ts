import type { RestContext } from './context';
import { buildFetchLifecycle } from './fetchLifecycle';
import { buildGcHandler, GarbageCollector } from './gc';
import type { ActionHandler, HandlerContext, StoreRuntime } from './handlerContext';
import { KeyRecord } from './keyRecord';
import { normalizeLayer } from './normalizeResponse';
import { OptimisticLayers } from './optimistic';
import type { LayerNormalizer } from './optimistic';
import { buildPollingHandler, Polling } from './polling';
import { RefetchOnEvents } from './refetchOnEvents';
import { InFlightRequests } from './requests';
import { buildResetHandler } from './reset';
import type { MiddlewareAPI, UnknownAction } from './rtk';
import type { Selectors } from './selectors';
import { buildStreamsResetHandler, Streams } from './streams';
import type { RestState } from './types';
import { buildUnauthorizedHandler } from './unauthorized';

/** What a store holds per key, on its runtime for the test suite's leak and invariant checks; not API. */
export interface RuntimeRecords {
  readonly reads: InFlightRequests['reads'];
  readonly active: InFlightRequests['active'];
  readonly argsByKey: KeyRecord['argsByKey'];
  readonly endpointsByKey: KeyRecord['endpointsByKey'];
  readonly polling: Polling;
  readonly streams: Streams;
  readonly gc: GarbageCollector | undefined;
}

/** One store's handlers, wired: what the middleware composes. */
export interface StoreHandlers {
  /** What the probe answers with: the thunks' and hooks' way into this store. */
  readonly runtime: StoreRuntime & RuntimeRecords;
  /** Reactions to every action after the reducer ran, in order. */
  readonly after: readonly ActionHandler[];
  /** Recomputes optimistic layers inside actions that change the base (see docs/concepts.md#optimistic-updates). */
  readonly optimistic: OptimisticLayers;
  readonly gc: GarbageCollector | undefined;
}

/**
 * Builds one store's handlers from a typed context (STYLE habit 1): the fetch lifecycle, polling,
 * GC, optimistic layers, 401 handling and reset. Each gets what it uses, peers' functions as
 * explicit arguments, so none refers back to an owner.
 */
export function buildStoreHandlers(
  rest: RestContext,
  api: MiddlewareAPI,
  selectors: Selectors,
  reducer: (state: RestState, action: UnknownAction) => RestState,
): StoreHandlers {
  const requests = new InFlightRequests();
  const keys = new KeyRecord(selectors.forget);
  // A request in flight keeps its key (see docs/concepts.md#garbage-collection).
  keys.retainedBy((key) => requests.keyInFlight(key));
  const hctx: HandlerContext = { rest, api, selectors, requests, keys, slice: () => rest.slice(api.getState()) };

  const normalizer: LayerNormalizer = {
    normalizeLayer: (endpoint, value, args, request, view) => normalizeLayer(endpoint, value, args, request, view, rest.reader(view), rest.options.dataExpiryLength),
  };
  const optimistic = new OptimisticLayers(rest, normalizer, { query: selectors.queryOf, response: selectors.responseOf }, reducer);
  const lifecycle = buildFetchLifecycle(hctx, optimistic, buildUnauthorizedHandler(hctx));
  const polling = new Polling(hctx, lifecycle);
  const onEvents = new RefetchOnEvents(hctx, lifecycle);
  const streams = new Streams(hctx);
  const gc = rest.options.gc === false ? undefined : new GarbageCollector(hctx, () => polling.subscribedKeys(), rest.options.gc);

  const runtime: StoreRuntime & RuntimeRecords = {
    fetch: lifecycle.fetch,
    shouldFetch: lifecycle.shouldFetch,
    inFlight: requests.inFlight.bind(requests),
    join: requests.join.bind(requests),
    cancelling: requests.cancelling.bind(requests),
    keyInFlight: requests.keyInFlight.bind(requests),
    retain: (key: string) => gc?.retain(key),
    retainQuery: (queryable: unknown, args: readonly unknown[]) => gc?.retainQuery(queryable, args),
    mountRead: onEvents.mount.bind(onEvents),
    subscribe: (endpoint, args, key) => {
      const unsubscribe = polling.subscribe(endpoint, args, key);
      streams.start(endpoint, args, key);
      // The key's last subscriber gone: its stream stops (see docs/concepts.md#streams).
      return () => {
        unsubscribe();
        if (!polling.has(key)) streams.stop(key);
      };
    },
    remember: keys.remember.bind(keys),
    reads: requests.reads,
    active: requests.active,
    argsByKey: keys.argsByKey,
    endpointsByKey: keys.endpointsByKey,
    polling,
    streams,
    gc,
  };
  const after = [buildResetHandler(hctx, optimistic, polling), lifecycle.handle, buildGcHandler(hctx), buildPollingHandler(polling), buildStreamsResetHandler(hctx, streams, (key) => polling.has(key))];
  return { runtime, after, optimistic, gc };
}
