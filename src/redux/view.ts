import type { RestActions } from './actions';
import { applyEntityWrite } from './layout';
import type { UnknownAction } from './rtk';
import { tableSet } from './tables';
import type { OptimisticLayer, RestState, WritePayload } from './types';

// The optimistic layers in the state: the reducer's layer step and the view (see
// docs/internals.md#terms), the base state with the layers applied. Part of the
// optimisticUpdates feature (optimistic.ts computes the layers): a store without it never has a
// layer (the store's creation drops a preloaded slice's), so its view is its base and it
// bundles none of this.

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
 * The reducer's layer step (see docs/concepts.md#optimistic-updates): `fetch/pending` adds its layer; an action carrying
 * `payload.layers` (recomputed by the middleware) replaces them; a request's outcome removes its own.
 */
export function withLayers(state: RestState, action: UnknownAction, actions: RestActions): RestState {
  const payload = (action as { payload?: { layer?: OptimisticLayer; layers?: OptimisticLayer[] } }).payload;
  if (actions.fetchPending.match(action)) {
    return payload?.layer === undefined ? state : { ...state, optimistic: [...state.optimistic, payload.layer] };
  }
  // Only this instance's actions carry recomputed layers: another slice's `payload.layers` is not ours.
  if (Array.isArray(payload?.layers) && isOwn(action, actions)) return { ...state, optimistic: payload.layers };
  if ((actions.fetchFulfilled.match(action) || actions.fetchRejected.match(action)) && state.optimistic.length > 0) {
    const { requestId } = action.meta;
    const optimistic = state.optimistic.filter((layer) => layer.requestId !== requestId);
    return optimistic.length === state.optimistic.length ? state : { ...state, optimistic };
  }
  return state;
}

/** Whether the action is one of this instance's (its type starts with `${reducerPath}/`). */
function isOwn(action: UnknownAction, actions: RestActions): boolean {
  const reset = actions.resetEntireStore.type;
  return action.type.startsWith(reset.slice(0, reset.length - 'resetEntireStore'.length));
}
