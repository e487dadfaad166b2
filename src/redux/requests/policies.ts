import type { RequestPolicies, RequestPolicyOptions, StoreEndpoint } from '../../rest';
import type { ResolvedOptions } from '../instance/context';
import type { ChangedEntities, OptimisticLayer, RestState } from '../types';

/**
 * The request policies `createRest` sets for every endpoint that sets none; an
 * endpoint's own option wins.
 */
export interface RequestPolicyDefaults {
  /**
   * Retries of reads' failures that mean "try again" (network error, 408, 429, 503, 504), with
   * jittered exponential backoff and `Retry-After` honoured. Mutations retry only with their own
   * `retry` option; polls never (the next poll is their retry); aborts never.
   * @default true (3 retries after 1 s, 2 s and 4 s, each cut by up to half at random)
   * @example createRest({ retry: { attempts: 5 } })
   */
  retry?: RequestPolicyOptions['retry'];
  /**
   * ms to wait for each try's response; then it fails with a `NetworkError` of status 408.
   * @default undefined (no timeout)
   * @example createRest({ timeout: 10_000 })
   */
  timeout?: number;
  /**
   * Refetches of an answer that came with an `ETag` / `Last-Modified` send them back
   * (`If-None-Match` / `If-Modified-Since`); a 304 keeps the data and refreshes its expiry.
   * `false` for every endpoint that sets none (an endpoint's `conditional: true` still opts in).
   * @default true
   * @example createRest({ conditional: false })
   */
  conditional?: boolean;
  /**
   * Mounted reads refetch, when stale, as the window regains focus or the page becomes visible.
   * @default false
   * @example createRest({ refetchOnFocus: true })
   */
  refetchOnFocus?: boolean;
  /**
   * Mounted reads refetch, when stale, as the browser comes back online.
   * @default false
   * @example createRest({ refetchOnFocus: true, refetchOnReconnect: true })
   */
  refetchOnReconnect?: boolean;
}

/** What a store request of `endpoint` runs with before the features add theirs: the timeout (the endpoint's over the store's). */
export function requestPolicies(options: ResolvedOptions, endpoint: StoreEndpoint): RequestPolicies {
  return { timeout: endpoint.timeout ?? options.timeout, timers: options.timers };
}

/** A store request as the request-policy features see it, as it starts. */
export interface PolicyRequest {
  readonly endpoint: StoreEndpoint;
  readonly args: readonly unknown[];
  readonly key: string;
  readonly requestId: string;
  readonly fetchedAt: number;
  /** Not a mutation's request (a read or a poll). */
  readonly read: boolean;
  readonly poll: boolean;
  /** A page merged into a list (its answer is not the key's whole answer). */
  readonly page: boolean;
  readonly slice: RestState;
}

/**
 * What a feature adds to one request: policies, what the outcome's key meta gains (validators),
 * the optimistic layer its `fetch/pending` carries and the layer's cells its outcome carries.
 */
export interface PolicyPart {
  readonly policies?: Partial<RequestPolicies>;
  received?(): Record<string, unknown>;
  readonly layer?: OptimisticLayer;
  /** What the outcome's payload gains, read as it commits: the cells of the layer it removes. */
  settled?(): { layerCells?: ChangedEntities };
}

/** A feature's request policy (`retries`, `conditionalRequests`, `optimisticUpdates`): its part of a request, or none. */
export type RequestPolicyPart = (request: PolicyRequest) => PolicyPart | undefined;
