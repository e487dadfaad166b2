import type { RestContext } from './context';
import type { FeatureImpl, OptimisticPart, StorePart } from './feature';
import { buildFetchLifecycle } from './fetchLifecycle';
import type { FetchLifecycle } from './fetchLifecycle';
import type { ActionHandler, HandlerContext, StoreRuntime } from './handlerContext';
import { KeyRecord } from './keyRecord';
import { InFlightRequests } from './requests';
import { buildResetHandler } from './reset';
import type { MiddlewareAPI, UnknownAction } from './rtk';
import type { Selectors } from './selectors';
import { Subscriptions } from './subscriptions';
import { tableGet } from './tables';
import type { RestState } from './types';
import { buildUnauthorizedHandler } from './unauthorized';
import { checkFeatures, warnMissingFeature } from './missingFeature';

/** What a store holds per key, on its runtime for the test suite's leak and invariant checks; not API. */
export interface RuntimeRecords {
  readonly reads: InFlightRequests['reads'];
  readonly active: InFlightRequests['active'];
  readonly argsByKey: KeyRecord['argsByKey'];
  readonly endpointsByKey: KeyRecord['endpointsByKey'];
  readonly subscriptions: Subscriptions;
  /** The features' own records (`polling`, `streams`, `gc`), when the store has them. */
  readonly [feature: string]: unknown;
}

/** One store's handlers, wired: what the middleware composes. */
export interface StoreHandlers {
  /** What the probe answers with: the thunks' and hooks' way into this store. */
  readonly runtime: StoreRuntime & RuntimeRecords;
  /** Reactions to every action after the reducer ran, in order. */
  readonly after: readonly ActionHandler[];
  /** Recomputes optimistic layers inside actions that change the base (see docs/concepts.md#optimistic-updates). */
  readonly optimistic: OptimisticPart;
  /** Starts the features' timers once the middleware is registered. */
  start(): void;
}

/**
 * Builds one store's handlers from a typed context: the core's fetch lifecycle,
 * 401 handling, reset and subscriptions, and each feature the instance was built with
 * (optimistic layers, polling, streams, GC, refetch on events). Each gets what it uses, peers' functions
 * as explicit arguments, so none refers back to an owner.
 */
export function buildStoreHandlers(
  rest: RestContext,
  api: MiddlewareAPI,
  selectors: Selectors,
  reducer: (state: RestState, action: UnknownAction) => RestState,
  features: readonly FeatureImpl[],
): StoreHandlers {
  const requests = new InFlightRequests();
  const keys = new KeyRecord(selectors.forget);
  // A request in flight keeps its key (see docs/concepts.md#garbage-collection).
  keys.retainedBy((key) => requests.keyInFlight(key));
  const hctx: HandlerContext = { rest, api, selectors, requests, keys, slice: () => rest.slice(api.getState()) };

  // Features are built first (the optimistic layers are the lifecycle's peer); what they call of
  // the lifecycle is only called once the store runs.
  const subscriptions = new Subscriptions(hctx);
  const later = { fetch: (...a: Parameters<FetchLifecycle['fetch']>) => lifecycle.fetch(...a), shouldFetch: (...a: Parameters<FetchLifecycle['shouldFetch']>) => lifecycle.shouldFetch(...a) };
  const parts: StorePart[] = features.map((feature) => feature.build?.({ hctx, lifecycle: later, subscriptions, reducer }) ?? {});
  const part = <K extends keyof StorePart>(member: K): StorePart[K] => parts.find((p) => p[member] !== undefined)?.[member];
  const optimistic = part('layers') ?? NO_LAYERS;
  const policyParts = parts.flatMap((p) => (p.requestPolicy === undefined ? [] : [p.requestPolicy]));
  const lifecycle: FetchLifecycle = buildFetchLifecycle(hctx, optimistic, buildUnauthorizedHandler(hctx), policyParts);
  const retain = part('retain');
  const retainQuery = part('retainQuery');
  const mountRead = part('mountRead');

  const runtime: StoreRuntime & RuntimeRecords = Object.assign(
    {
      // Development only: an endpoint's own `retry` without the retries feature says so.
      fetch:
        process.env.NODE_ENV !== 'production'
          ? (endpoint: Parameters<FetchLifecycle['fetch']>[0], args: unknown[], key: string, options?: Parameters<FetchLifecycle['fetch']>[3]) => {
              checkFeatures(features, endpoint, 'fetch', rest.options);
              return lifecycle.fetch(endpoint, args, key, options);
            }
          : lifecycle.fetch,
      shouldFetch: lifecycle.shouldFetch,
      softError: (state: unknown, key: string) => tableGet(rest.slice(state).meta, key)?.errorPolicy === 'soft',
      inFlight: requests.inFlight.bind(requests),
      join: requests.join.bind(requests),
      requests,
      keyInFlight: requests.keyInFlight.bind(requests),
      retain: (key: string) => retain?.(key),
      retainQuery: (queryable: unknown, args: readonly unknown[]) => retainQuery?.(queryable, args),
      mountRead: (endpoint: Parameters<StoreRuntime['mountRead']>[0], args: unknown[], key: string) => {
        if (process.env.NODE_ENV !== 'production') checkFeatures(features, endpoint, 'mount', rest.options);
        return mountRead === undefined ? noop : mountRead(endpoint, args, key);
      },
      subscribe: (endpoint: Parameters<StoreRuntime['subscribe']>[0], args: unknown[], key: string) => {
        if (process.env.NODE_ENV !== 'production') checkFeatures(features, endpoint, 'subscribe', rest.options);
        return subscriptions.add(endpoint, args, key);
      },
      remember: keys.remember.bind(keys),
      keys,
      settled: requests.settled.bind(requests),
      reads: requests.reads,
      active: requests.active,
      argsByKey: keys.argsByKey,
      endpointsByKey: keys.endpointsByKey,
      subscriptions,
    },
    ...parts.map((p) => p.records),
  );
  const after = [buildResetHandler(hctx, optimistic), lifecycle.handle];
  for (const p of parts) if (p.after !== undefined) after.push(p.after);
  return { runtime, after, optimistic, start: () => parts.forEach((p) => p.start?.()) };
}

const noop = () => undefined;

/** A store without the optimisticUpdates feature: no layer, ever (development says why, once per endpoint). */
const NO_LAYERS: OptimisticPart = {
  active: false,
  start(endpoint) {
    if (process.env.NODE_ENV !== 'production' && endpoint.sideEffect && typeof endpoint.getOptimisticResponse === 'function') warnMissingFeature(endpoint, 'getOptimisticResponse', 'optimisticUpdates');
    return undefined;
  },
  settled: noop,
  clear: noop,
  enrich: (action) => action,
};
