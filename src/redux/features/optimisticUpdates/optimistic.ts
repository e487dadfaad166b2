import { jsonEqual } from '../../../internal/json';
import { getOwn, setOwn } from '../../../internal/own';
import { AbortOptimistic } from '../../../rest';
import type { OptimisticSnapshot, RestEndpoint, StoreEndpoint } from '../../../rest';
import type { RestActions } from '../../store/actions';
import { carriedChanges, EVERY_ENTITY } from '../../store/entityChanges';
import type { ChangedEntities } from '../../store/entityChanges';
import { inherit } from '../../store/lineage';
import type { FeatureImpl, RestFeature, SliceReducer } from '../../instance/feature';
import type { HandlerContext } from '../../instance/handlerContext';
import { normalizeLayer } from '../../requests/normalizeResponse';
import type { RequestPolicyPart } from '../../requests/policies';
import type { UnknownAction } from '../../rtk';
import type { Selectors } from '../../read/selectors';
import type { OptimisticLayer, RestState, WritePayload } from '../../types';
import { applyLayer, viewOf } from './view';
import type { Tables } from '../../store/tables';

/**
 * What the reducer needs to recompute a request's layer (see docs/concepts.md#optimistic-updates):
 * never in the state, which stays JSON; held from the request's start until its outcome.
 */
interface LayerRequest {
  readonly requestId: string;
  readonly key: string;
  readonly endpoint: StoreEndpoint;
  readonly args: readonly unknown[];
  readonly fetchedAt: number;
  /** The store whose request it is (`middlewareAPI`): a reset of that store drops it. */
  readonly store: object;
  /** The optimistic value as a write against a given view (the store's known keys go with it). */
  normalize(value: unknown, view: RestState): WritePayload;
}

/** Calls `getOptimisticResponse` against `view` and normalizes its value into a layer, or `undefined` (aborted, threw). */
function computeLayer(request: LayerRequest, view: RestState, selectors: Selectors): OptimisticLayer | undefined {
  const { endpoint, args, fetchedAt } = request;
  const abort = new AbortOptimistic();
  const snapshot: OptimisticSnapshot = {
    get: (queryable, ...queryArgs) => selectors.queryOf(view, queryable, queryArgs),
    getResponse: (target, ...targetArgs) => selectors.responseOf(view, target as RestEndpoint, targetArgs),
    getError: (target, ...targetArgs) => selectors.responseOf(view, target as RestEndpoint, targetArgs).error,
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
    write = request.normalize(value, view);
  } catch (error) {
    if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${endpoint.name}: the optimistic response could not be normalized, so it is not shown.`, error);
    return undefined;
  }
  return { requestId: request.requestId, key: request.key, endpoint: endpoint.name, fetchedAt, write };
}

/** The actions that change the base beneath the layers: each recomputes them. */
function changesBase(action: UnknownAction, actions: RestActions): boolean {
  const { fetchFulfilled, fetchRejected, setResponse, setError, set, invalidate, expireAll, gc } = actions;
  return [fetchFulfilled, fetchRejected, setResponse, setError, set, invalidate, expireAll, gc].some((creator) => creator.match(action));
}

/**
 * The reducer's layer step, the one place layers are computed after their start (see
 * docs/concepts.md#optimistic-updates): `fetch/pending` adds the layer it carries; a request's
 * outcome removes its own; every change of the base recomputes the remaining layers against it,
 * in start order, so no subscriber sees a layer computed against an older base. A layer whose
 * request is gone (a reset, another process's state) goes.
 */
function layerStep(next: SliceReducer, actions: RestActions, requests: ReadonlyMap<string, LayerRequest>, selectors: Selectors, tables: Tables): SliceReducer {
  return (state, action) => {
    const base = next(state, action);
    if (actions.fetchPending.match(action)) {
      const layer = action.payload.layer;
      return layer === undefined ? base : { ...base, optimistic: [...base.optimistic, layer] };
    }
    // A restore (of whatever action type an app's persistence uses) shows as new entity tables.
    if (base.optimistic.length === 0 || (!changesBase(action, actions) && base.entities === state?.entities)) return base;
    const settled = actions.fetchFulfilled.match(action) || actions.fetchRejected.match(action) ? action.meta.requestId : undefined;
    // The views the layers are computed against are of this store's states (what the snapshots read is kept with them).
    inherit(base, state);
    let view: RestState = { ...base, optimistic: [] };
    inherit(view, base);
    const optimistic: OptimisticLayer[] = [];
    for (const layer of base.optimistic) {
      const request = layer.requestId === settled ? undefined : requests.get(layer.requestId);
      if (request === undefined) continue;
      const recomputed = computeLayer(request, view, selectors);
      if (recomputed === undefined) continue;
      optimistic.push(recomputed);
      const before = view;
      view = applyLayer(tables, view, recomputed);
      inherit(view, before);
    }
    return { ...base, optimistic };
  };
}

/** At a mutation's start: its layer for `fetch/pending` (computed against the view), remembered for the reducer's recomputes. */
function layerPolicy(hctx: HandlerContext, requests: Map<string, LayerRequest>, selectors: Selectors): RequestPolicyPart {
  const { rest, keys, api } = hctx;
  return ({ endpoint, args, key, requestId, fetchedAt, read, slice }) => {
    if (read || !endpoint.sideEffect || typeof endpoint.getOptimisticResponse !== 'function') return undefined;
    const info = { requestId, key, fetchedAt };
    const request: LayerRequest = {
      ...info,
      endpoint,
      args,
      store: api,
      normalize: (value, view) => normalizeLayer(endpoint, value, args, info, view, rest.tables, rest.reader(view), rest.options.dataExpiryLength, keys, hctx.deleteByParams),
    };
    const layer = computeLayer(request, rest.view(slice), selectors);
    // Only a request with a layer needs recomputing later.
    if (layer === undefined) return undefined;
    requests.set(requestId, request);
    return { layer, settled: () => layerCellsOf(hctx, requestId) };
  };
}

/**
 * The cells of the request's optimistic layer as the slice holds it now, which its outcome removes:
 * the outcome carries them, so that it says which entities it changes (see docs/concepts.md#the-store).
 */
function layerCellsOf(hctx: HandlerContext, requestId: string): { layerCells?: ChangedEntities } {
  const layer = hctx.slice().optimistic.find((candidate) => candidate.requestId === requestId);
  const entities = (layer?.write as WritePayload | undefined)?.entities;
  if (entities === undefined) return {};
  const layerCells: ChangedEntities = {};
  for (const key of Object.keys(entities)) setOwn(layerCells, key, Object.keys(entities[key]!));
  return Object.keys(layerCells).length === 0 ? {} : { layerCells };
}

/** Each cell the layers write, with the value the last layer writing it gives it. */
function layerCells(layers: readonly OptimisticLayer[]): Map<string, Map<string, unknown>> {
  const cells = new Map<string, Map<string, unknown>>();
  for (const layer of layers) {
    const entities = (layer.write as WritePayload | undefined)?.entities ?? {};
    for (const key of Object.keys(entities)) {
      let table = cells.get(key);
      if (table === undefined) cells.set(key, (table = new Map()));
      for (const pk of Object.keys(entities[key]!)) table.set(pk, entities[key]![pk]);
    }
  }
  return cells;
}

/**
 * The cells that read differently in the view because the reducer recomputed or removed layers
 * (written by one side only, or differently), less those the action itself says it changes: what
 * `layersChanged` announces (see docs/concepts.md#optimistic-updates).
 */
function layerChanges(before: readonly OptimisticLayer[], after: readonly OptimisticLayer[], carried: ReturnType<typeof carriedChanges>): ChangedEntities | undefined {
  if (carried === EVERY_ENTITY) return undefined;
  const old = layerCells(before);
  const now = layerCells(after);
  const out: ChangedEntities = {};
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const said = new Set(carried === undefined ? [] : (getOwn(carried, key) ?? []));
    const oldTable = old.get(key) ?? new Map<string, unknown>();
    const nowTable = now.get(key) ?? new Map<string, unknown>();
    const pks = [...new Set([...oldTable.keys(), ...nowTable.keys()])].filter(
      (pk) => !said.has(pk) && (oldTable.has(pk) !== nowTable.has(pk) || !jsonEqual(oldTable.get(pk), nowTable.get(pk))),
    );
    if (pks.length > 0) setOwn(out, key, pks);
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** The feature's parts: the view, the reducer's layer step, the layer at a mutation's start, and the handler that forgets settled requests. */
const feature: FeatureImpl = {
  feature: 'optimisticUpdates',
  view: viewOf,
  build({ ctx, selectors }) {
    const requests = new Map<string, LayerRequest>();
    const { fetchPending, fetchFulfilled, fetchRejected, resetEntireStore, middlewareRegistered, layersChanged } = ctx.actions;
    return {
      reducer: (next, { actions, tables }) => layerStep(next, actions, requests, selectors, tables),
      policy: (hctx) => layerPolicy(hctx, requests, selectors),
      store: ({ api, slice }) => ({
        // A request's layer leaves with the action that committed its outcome; a reset (or the
        // store's start) drops every layer of the store, and so every request behind one.
        handler: (action, _api, before) => {
          if (fetchFulfilled.match(action) || fetchRejected.match(action)) requests.delete(action.meta.requestId);
          else if (resetEntireStore.match(action) || middlewareRegistered.match(action)) for (const [id, request] of requests) if (request.store === api) requests.delete(id);
          const after = slice().optimistic;
          if (after === before.optimistic || fetchPending.match(action) || resetEntireStore.match(action)) return;
          const entities = layerChanges(before.optimistic, after, carriedChanges(action, ctx.actions));
          if (entities !== undefined) api.dispatch(layersChanged({ entities }));
        },
      }),
    };
  },
};

/**
 * Optimistic updates (see docs/concepts.md#optimistic-updates): a mutation with
 * `getOptimisticResponse` (or a resource created with `optimistic: true`) shows its effect at once
 * as a layer, recomputed with every change of the base and removed when its request settles.
 * In `createRest`; give it to `buildCreateRest` to keep it.
 */
export const optimisticUpdates: RestFeature = feature;
