import { setOwn } from '../../../internal/own';
import { applyEntityWrite } from '../../store/layout';
import { inherit } from '../../store/lineage';
import type { Tables } from '../../store/tables';
import type { OptimisticLayer, RestState, WritePayload } from '../../types';

// The view (see docs/internals.md#terms): the base state with the optimistic layers applied. Part
// of the optimisticUpdates feature (optimistic.ts computes the layers): a store without it never
// has a layer (the store's creation drops a preloaded slice's), so its view is its base and it
// bundles none of this.

const views = new WeakMap<RestState, RestState>();

/** One layer applied over a slice: its entity writes, its result and its `update` results. */
export function applyLayer(tables: Tables, slice: RestState, layer: OptimisticLayer): RestState {
  const write = layer.write as WritePayload;
  const next = applyEntityWrite(tables, slice, write);
  const results: Record<string, unknown> = {};
  if ('result' in write) setOwn(results, layer.key, write.result === undefined ? null : write.result);
  for (const [key, result] of Object.entries(write.updates ?? {})) setOwn(results, key, result);
  const endpoints = tables.write(next.endpoints, results, false, tables.limits.keys);
  return endpoints === next.endpoints ? next : { ...next, endpoints };
}

/** The view (see docs/internals.md#terms, docs/concepts.md#optimistic-updates) over an instance's tables: the base state with every layer applied in start order. Cached per slice. */
export function viewOf(tables: Tables): (slice: RestState) => RestState {
  return (slice) => {
    if (slice.optimistic.length === 0) return slice;
    let view = views.get(slice);
    if (view === undefined) {
      view = slice;
      for (const layer of slice.optimistic) view = applyLayer(tables, view, layer);
      inherit(view, slice);
      views.set(slice, view);
    }
    return view;
  };
}
