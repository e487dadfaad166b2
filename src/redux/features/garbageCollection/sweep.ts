import { getOwn, setOwn } from '../../../internal/own';
import type { Writer } from '../../instance/feature';
import type { Tables } from '../../store/tables';
import type { EntityWrite, RestState } from '../../types';

// The reducer of the `gc` action (see docs/concepts.md#garbage-collection): part of the
// garbageCollection feature, since nothing else dispatches that action.

/** A GC sweep's removals (see docs/concepts.md#garbage-collection): keys with their meta, entities with their meta and index entries. */
export function collect(w: Writer, state: RestState, keys: readonly string[], entities: readonly { key: string; pk: string }[]): RestState {
  const gone: Record<string, undefined> = {};
  for (const key of keys) setOwn(gone, key, undefined);
  const endpoints = w.keys(state.endpoints, gone);
  const metas = w.keys(state.meta, gone);
  const byTable = new Map<string, string[]>();
  for (const { key, pk } of entities) {
    const pks = byTable.get(key);
    if (pks === undefined) byTable.set(key, [pk]);
    else pks.push(pk);
  }
  const next = w.entities({ ...state, endpoints, meta: metas }, removals(w.tables, state, byTable));
  return endpoints === state.endpoints && metas === state.meta && next.entities === state.entities ? state : next;
}

/**
 * The write set that removes cells from the slice with their meta and the index entries that
 * point at them (GC, see docs/concepts.md#garbage-collection): its `undefined` values remove.
 */
function removals(tables: Tables, state: RestState, cells: ReadonlyMap<string, readonly string[]>): EntityWrite {
  const entities: Record<string, Record<string, undefined>> = {};
  const indexes: Record<string, Record<string, Record<string, null>>> = {};
  for (const [key, pks] of cells) {
    const gone: Record<string, undefined> = {};
    for (const pk of pks) setOwn(gone, pk, undefined);
    setOwn(entities, key, gone);
    const fields = getOwn(state.indexes, key);
    if (fields === undefined) continue;
    const changes: Record<string, Record<string, null>> = {};
    for (const field of Object.keys(fields)) {
      const removed: Record<string, null> = {};
      for (const pk of pks) {
        const cell = tables.get(getOwn(state.entities, key), pk) as Record<string, unknown> | null | undefined;
        const value = cell == null ? undefined : getOwn(cell, field);
        if (value !== undefined && value !== null && tables.get(fields[field], String(value)) === pk) setOwn(removed, String(value), null);
      }
      if (Object.keys(removed).length > 0) setOwn(changes, field, removed);
    }
    if (Object.keys(changes).length > 0) setOwn(indexes, key, changes);
  }
  // `undefined` cells and metas remove (Tables.write); the JSON types of EntityWrite do not say so.
  return { entities, entitiesMeta: entities, indexes } as unknown as EntityWrite;
}
