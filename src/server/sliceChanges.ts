import { getOwn, setOwn } from '../internal/own';
import type { Table, Tables } from '../redux/store/tables';
import type { KeyMeta, RestState } from '../redux/types';
import type { EntityMeta } from '../schema';

/**
 * What a slice gained since an earlier state of the same store, as a partial slice that
 * `rest.actions.rehydrated` merges by freshness: the entities whose cell or meta changed, and the
 * keys whose outcome changed. The slice is copy-on-write, so a table or a cell that is the same
 * object is unchanged and is not visited. Left out: keys with only a request in flight (nothing to
 * merge yet: they come once settled), keys whose request failed (the browser asks again itself),
 * pending request ids and optimistic layers (they belong to the server store's own requests).
 * Removals are not carried: a merge by freshness only adds and replaces.
 */
export function sliceChanges(tables: Tables, before: RestState, after: RestState): Partial<RestState> | undefined {
  const entities: Record<string, Record<string, unknown>> = {};
  const entitiesMeta: Record<string, Record<string, EntityMeta>> = {};
  const indexes: Record<string, Record<string, Table<string>>> = {};
  let changed = false;
  for (const type of Object.keys(after.entities)) {
    const cells = getOwn(after.entities, type);
    const metas = getOwn(after.entitiesMeta, type);
    const cellsBefore = getOwn(before.entities, type);
    const metasBefore = getOwn(before.entitiesMeta, type);
    if (cells === cellsBefore && metas === metasBefore) continue;
    const typeCells: Record<string, unknown> = {};
    const typeMetas: Record<string, EntityMeta> = {};
    let any = false;
    for (const pk of tables.keys(cells)) {
      const cell = tables.get(cells, pk);
      const meta = tables.get(metas, pk);
      if (cell === tables.get(cellsBefore, pk) && meta === tables.get(metasBefore, pk)) continue;
      setOwn(typeCells, pk, cell);
      if (meta !== undefined) setOwn(typeMetas, pk, meta);
      any = true;
    }
    if (!any) continue;
    changed = true;
    setOwn(entities, type, typeCells);
    setOwn(entitiesMeta, type, typeMetas);
    // The merge reindexes taken cells by the index fields it is told of: their names are enough.
    const fields = Object.keys(getOwn(after.indexes, type) ?? {});
    if (fields.length > 0) setOwn(indexes, type, Object.fromEntries(fields.map((field) => [field, {}])));
  }
  const endpoints: Record<string, unknown> = {};
  const meta: Record<string, KeyMeta> = {};
  if (after.meta !== before.meta || after.endpoints !== before.endpoints) {
    for (const key of new Set([...tables.keys(after.meta), ...tables.keys(after.endpoints)])) {
      const keyMeta = tables.get(after.meta, key);
      const result = tables.get(after.endpoints, key);
      if (keyMeta === tables.get(before.meta, key) && result === tables.get(before.endpoints, key)) continue;
      if (keyMeta?.error !== undefined || (keyMeta?.fetchedAt === undefined && result === undefined)) continue;
      changed = true;
      if (result !== undefined) setOwn(endpoints, key, result);
      if (keyMeta !== undefined) {
        const { pending: _pending, ...outcome } = keyMeta;
        setOwn(meta, key, outcome);
      }
    }
  }
  return changed ? { entities, entitiesMeta, indexes, endpoints, meta } : undefined;
}
