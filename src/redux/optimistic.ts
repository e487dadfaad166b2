import { AbortOptimistic } from '../rest';
import type { OptimisticSnapshot, RestEndpoint, StoreEndpoint } from '../rest';
import type { RestContext } from './context';
import type { FeatureImpl, OptimisticPart, RestFeature } from './feature';
import { normalizeLayer } from './normalizeResponse';
import type { UnknownAction } from './rtk';
import type { OptimisticLayer, RestState, WritePayload } from './types';
import { applyLayer, viewOf, withLayers } from './view';

/** What the middleware keeps to recompute a layer (see docs/concepts.md#optimistic-updates): never in the state. */
interface LayerRequest {
  readonly requestId: string;
  readonly key: string;
  readonly endpoint: StoreEndpoint;
  readonly args: readonly unknown[];
  readonly fetchedAt: number;
}

/** How a store request turns an optimistic value into a write, against a given view. */
export interface LayerNormalizer {
  normalizeLayer(endpoint: StoreEndpoint, value: unknown, args: readonly unknown[], request: LayerRequest, view: RestState): WritePayload;
}

/** The read side a snapshot offers, over a given slice (the selectors' semantics, see docs/concepts.md#optimistic-updates). */
export interface SliceReads {
  query(slice: RestState, queryable: unknown, args: readonly unknown[]): unknown;
  response(slice: RestState, endpoint: RestEndpoint, args: readonly unknown[]): { error?: unknown };
}

/**
 * A store's optimistic layers (see docs/concepts.md#optimistic-updates): computes a layer when an optimistic mutation
 * starts, and recomputes the remaining layers inside every action that changes the base, so that
 * no subscriber sees a layer computed against an older base.
 */
export class OptimisticLayers implements OptimisticPart {
  private readonly requests = new Map<string, LayerRequest>();

  constructor(
    private readonly ctx: RestContext,
    private readonly normalizer: LayerNormalizer,
    private readonly reads: SliceReads,
    private readonly reducer: (state: RestState, action: UnknownAction) => RestState,
  ) {}

  /** At request start: the layer for `fetch/pending`, or `undefined` (not optimistic, aborted, failed). */
  start(endpoint: StoreEndpoint, args: readonly unknown[], requestId: string, key: string, fetchedAt: number, base: RestState): OptimisticLayer | undefined {
    if (!endpoint.sideEffect || typeof endpoint.getOptimisticResponse !== 'function') return undefined;
    const request: LayerRequest = { requestId, key, endpoint, args, fetchedAt };
    const layer = this.compute(request, viewOf(base));
    // Only a request with a layer needs recomputing later.
    if (layer !== undefined) this.requests.set(requestId, request);
    return layer;
  }

  /** Whether any request of this store has a layer. */
  get active(): boolean {
    return this.requests.size > 0;
  }

  /** The request settled: its layer leaves with the action that committed the outcome (see docs/concepts.md#optimistic-updates). */
  settled(requestId: string): void {
    this.requests.delete(requestId);
  }

  /** Every request dropped (reset, see docs/concepts.md#optimistic-updates). */
  clear(): void {
    this.requests.clear();
  }

  /**
   * The action with the recomputed remaining layers (`payload.layers`), when layers exist and
   * the action changes the base (see docs/concepts.md#optimistic-updates); otherwise the action itself.
   */
  enrich(action: UnknownAction, before: RestState): UnknownAction {
    if (before.optimistic.length === 0 || !this.changesBase(action)) return action;
    const base = this.reducer(before, action);
    let view: RestState = { ...base, optimistic: [] };
    const layers: OptimisticLayer[] = [];
    for (const layer of base.optimistic) {
      const request = this.requests.get(layer.requestId);
      // A layer never outlives its request (see docs/concepts.md#optimistic-updates).
      if (request === undefined) continue;
      const next = this.compute(request, view);
      if (next === undefined) continue;
      layers.push(next);
      view = applyLayer(view, next);
    }
    const payload = (action as { payload?: object }).payload;
    return { ...action, payload: { ...payload, layers } };
  }

  private changesBase(action: UnknownAction): boolean {
    const { fetchFulfilled, fetchRejected, setResponse, setError, set, invalidate, expireAll, gc } = this.ctx.actions;
    return [fetchFulfilled, fetchRejected, setResponse, setError, set, invalidate, expireAll, gc].some((creator) => creator.match(action));
  }

  /** Calls `getOptimisticResponse` against `view` and normalizes its value into a layer (see docs/concepts.md#optimistic-updates). */
  private compute(request: LayerRequest, view: RestState): OptimisticLayer | undefined {
    const { endpoint, args, fetchedAt } = request;
    const abort = new AbortOptimistic();
    const snapshot: OptimisticSnapshot = {
      get: (queryable, ...queryArgs) => this.reads.query(view, queryable, queryArgs),
      getResponse: (target, ...targetArgs) => this.reads.response(view, target as RestEndpoint, targetArgs),
      getError: (target, ...targetArgs) => this.reads.response(view, target as RestEndpoint, targetArgs).error,
      fetchedAt,
      abort,
    };
    let value: unknown;
    try {
      value = endpoint.getOptimisticResponse!.call(endpoint, snapshot, ...args);
    } catch (error) {
      if (process.env.NODE_ENV !== 'production' && !(error === abort || error instanceof AbortOptimistic)) {
        console.error(`[rtk-rest] ${endpoint.name}: getOptimisticResponse threw, so this request shows no optimistic update (it is still sent).`, error);
      }
      return undefined;
    }
    let write: WritePayload;
    try {
      write = this.normalizer.normalizeLayer(endpoint, value, args, request, view);
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${endpoint.name}: the optimistic response could not be normalized, so it is not shown.`, error);
      return undefined;
    }
    return { requestId: request.requestId, key: request.key, endpoint: endpoint.name, fetchedAt, write };
  }
}

/** The feature's parts of the instance and of each store. */
const feature: FeatureImpl = {
  feature: 'optimisticUpdates',
  rank: 0,
  // The reducer's layer step and the view: a store without this feature has no layers.
  instance: ({ ctx }) => ({ layers: { reduce: (state, action) => withLayers(state, action, ctx.actions), view: viewOf } }),
  build({ hctx, reducer }) {
    const { rest, selectors } = hctx;
    const normalizer: LayerNormalizer = {
      normalizeLayer: (endpoint, value, args, request, view) => normalizeLayer(endpoint, value, args, request, view, rest.reader(view), rest.options.dataExpiryLength, hctx.keys),
    };
    return { layers: new OptimisticLayers(rest, normalizer, { query: selectors.queryOf, response: selectors.responseOf }, reducer) };
  },
};

/**
 * Optimistic updates (see docs/concepts.md#optimistic-updates): a mutation with
 * `getOptimisticResponse` (or a resource created with `optimistic: true`) shows its effect at once
 * as a layer, recomputed with every change of the base and removed when its request settles.
 * In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const optimisticUpdates: RestFeature = feature;
