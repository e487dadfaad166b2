import type { RestContext } from './context';
import type { FeatureParts, FeatureThunks, Retention, StorePart } from './feature';
import { buildFetchLifecycle } from '../requests/fetchLifecycle';
import type { FetchLifecycle } from '../requests/fetchLifecycle';
import type { Handler, HandlerContext, StoreRuntime } from './handlerContext';
import { KeyRecord } from '../requests/keyRecord';
import { InFlightRequests } from '../requests/requests';
import { buildResetHandler } from '../requests/reset';
import type { MiddlewareAPI } from '../rtk';
import type { Selectors } from '../read/selectors';
import { Subscriptions } from '../requests/subscriptions';
import { buildUnauthorizedHandler } from '../requests/unauthorized';
import { checkFeatures, warnMissingLinks, warnMissingOptimistic } from './missingFeature';

/** One store's wiring: what the middleware composes. */
export interface StoreHandlers {
  /** What the runtime probe answers with: the thunks' and hooks' way into this store. */
  readonly runtime: StoreRuntime;
  /** Steps before the reducer, in the features' order. */
  readonly prepare: readonly NonNullable<StorePart['prepare']>[];
  /** Every handler, in order: the core's (reset, fetch lifecycle), then the features'. */
  readonly handlers: readonly Handler[];
  /**
   * Development only (`undefined` in production): what the test suite's leak and invariant checks
   * read, answered by the records probe (middleware.ts); not API.
   */
  readonly records: Record<string, unknown> | undefined;
}

/**
 * Builds one store's handlers: the core's records of the store (requests in flight, keys,
 * subscriptions), the fetch lifecycle with the features' request policies, then each feature's
 * store part (handler, retention), each from the same typed input.
 */
export function buildStoreHandlers(rest: RestContext, api: MiddlewareAPI, selectors: Selectors, thunks: FeatureThunks, features: readonly { readonly feature: string; readonly parts: FeatureParts }[]): StoreHandlers {
  const requests = new InFlightRequests();
  const keys = new KeyRecord((key) => selectors.forget(key, rest.slice(api.getState())));
  // A request in flight keeps its key (see docs/concepts.md#garbage-collection).
  keys.retainedBy((key) => requests.keyInFlight(key));
  const hctx: HandlerContext = {
    rest,
    api,
    selectors,
    requests,
    keys,
    slice: () => rest.slice(api.getState()),
    deleteByParams: features.find(({ parts }) => parts.deleteByParams !== undefined)?.parts.deleteByParams,
  };
  const subscriptions = new Subscriptions(hctx);
  const policies = features.flatMap(({ parts }) => (parts.policy === undefined ? [] : [parts.policy(hctx)]));
  if (process.env.NODE_ENV !== 'production' && !features.some(({ feature }) => feature === 'optimisticUpdates')) policies.push(warnMissingOptimistic);
  if (process.env.NODE_ENV !== 'production' && !features.some(({ feature }) => feature === 'linkPagination')) policies.push(warnMissingLinks);
  const lifecycle: FetchLifecycle = buildFetchLifecycle(hctx, buildUnauthorizedHandler(hctx), policies);
  const records: Record<string, unknown> | undefined =
    process.env.NODE_ENV !== 'production' ? { reads: requests.reads, active: requests.active, argsByKey: keys.argsByKey, endpointsByKey: keys.endpointsByKey, subscriptions } : undefined;
  const input = { ...hctx, lifecycle, subscriptions, thunks, records };
  const parts = features.flatMap(({ parts }) => (parts.store === undefined ? [] : [parts.store(input)]));
  const retention = combineRetention(parts.map((part) => part.retention ?? {}));
  // Read by the development checks only; `undefined` in production, where a bundler drops the map.
  const names = process.env.NODE_ENV !== 'production' ? features.map(({ feature }) => feature) : undefined;

  const runtime: StoreRuntime = {
    // Development only: an endpoint's own `retry` without the retries feature says so.
    fetch:
      process.env.NODE_ENV !== 'production'
        ? (endpoint, args, key, options) => {
            checkFeatures(names!, endpoint, 'fetch', rest.options);
            return lifecycle.fetch(endpoint, args, key, options);
          }
        : lifecycle.fetch,
    shouldFetch: lifecycle.shouldFetch,
    softError: (state, key) => rest.tables.get(rest.slice(state).meta, key)?.errorPolicy === 'soft',
    tables: rest.tables,
    inFlight: requests.inFlight.bind(requests),
    join: requests.join.bind(requests),
    requests,
    keyInFlight: requests.keyInFlight.bind(requests),
    retain: retention.retain,
    retainQuery: retention.retainQuery,
    mountRead: (endpoint, args, key) => {
      if (process.env.NODE_ENV !== 'production') checkFeatures(names!, endpoint, 'mount', rest.options);
      return retention.mountRead(endpoint, args, key) ?? noop;
    },
    subscribe: (endpoint, args, key) => {
      if (process.env.NODE_ENV !== 'production') checkFeatures(names!, endpoint, 'subscribe', rest.options);
      return subscriptions.add(endpoint, args, key);
    },
    remember: keys.remember.bind(keys),
    keys,
    settled: requests.settled.bind(requests),
  };
  const handlers: Handler[] = [buildResetHandler(hctx), lifecycle.handle];
  for (const part of parts) if (part.handler !== undefined) handlers.push(part.handler);
  const prepare = parts.flatMap((part) => (part.prepare === undefined ? [] : [part.prepare]));
  return { runtime, prepare, handlers, records };
}

const noop = () => undefined;

/**
 * The retention of every feature that keeps something for mounted hooks, as one: each call reaches
 * every feature that has the member, and the returned function releases them all; `undefined`
 * when no feature has it (a store without GC retains nothing, since nothing collects).
 */
function combineRetention(parts: readonly Partial<Retention>[]): { [K in keyof Retention]: (...args: Parameters<Retention[K]>) => (() => void) | undefined } {
  const combine =
    <K extends keyof Retention>(member: K) =>
    (...args: Parameters<Retention[K]>): (() => void) | undefined => {
      const releases: (() => void)[] = [];
      for (const part of parts) {
        const method = part[member] as ((...a: Parameters<Retention[K]>) => () => void) | undefined;
        if (method !== undefined) releases.push(method(...args));
      }
      if (releases.length === 0) return undefined;
      return releases.length === 1 ? releases[0] : () => releases.forEach((release) => release());
    };
  return { retain: combine('retain'), retainQuery: combine('retainQuery'), mountRead: combine('mountRead') };
}
