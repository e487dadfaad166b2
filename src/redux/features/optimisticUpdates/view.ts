import { applyEntityWrite } from '../../store/layout';
import { tableSet } from '../../store/tables';
import type { OptimisticLayer, RestState, WritePayload } from '../../types';

// The view (see docs/internals.md#terms): the base state with the optimistic layers applied. Part
// of the optimisticUpdates feature (optimistic.ts computes the layers): a store without it never
// has a layer (the store's creation drops a preloaded slice's), so its view is its base and it
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
