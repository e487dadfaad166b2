import { AbortOptimistic } from '../rest';
import type { OptimisticSnapshot, RestEndpoint, StoreEndpoint } from '../rest';
import type { RestContext } from './context';
import { applyEntityWrite } from './layout';
import type { UnknownAction } from './rtk';
import { tableSet } from './tables';
import type { OptimisticLayer, RestState, WritePayload } from './types';

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

const views = new WeakMap<RestState, RestState>();

/** One layer applied over a slice: its entity writes, its result and its `update` results. */
export function applyLayer(slice: RestState, layer: OptimisticLayer): RestState {
  const write = layer.write as WritePayload;
  const next = applyEntityWrite(slice, write);
  let endpoints = next.endpoints;
  if ('result' in write) endpoints = tableSet(endpoints, layer.key, write.result === undefined ? null : write.result);
  for (const [key, result] of Object.entries(write.updates ?? {})) endpoints = tableSet(endpoints, key, result);
  return endpoints === next.endpoints ? next : { ...next, endpoints };
}

/** The view (see docs/internals.md#terms, docs/concepts.md#optimistic-updates): the base state with every layer applied in start order. Cached per slice. */
export function viewOf(slice: RestState): RestState {
  if (slice.optimistic.length === 0) return slice;
  let view = views.get(slice);
  if (view === undefined) {
    view = slice;
    for (const layer of slice.optimistic) view = applyLayer(view, layer);
    views.set(slice, view);
  }
  return view;
}

/**
 * A store's optimistic layers (see docs/concepts.md#optimistic-updates): computes a layer when an optimistic mutation
 * starts, and recomputes the remaining layers inside every action that changes the base, so that
 * no subscriber sees a layer computed against an older base.
 */
export class OptimisticLayers {
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
