import { getOwn, hasOwnProperty } from '../internal/own';
import type { EntityMeta, EntityReader, NormalizedTables } from './types';

const EMPTY: never[] = [];

/** An EntityReader over plain logical tables (see docs/internals.md#the-state). */
export function tablesReader(tables: Partial<NormalizedTables>): EntityReader {
  const entities = tables.entities ?? {};
  const entitiesMeta = tables.entitiesMeta ?? {};
  const indexes = tables.indexes ?? {};
  return {
    entity: (key, pk) => {
      const table = hasOwnProperty.call(entities, key) ? entities[key] : undefined;
      return table !== undefined && hasOwnProperty.call(table, pk) ? table[pk] : undefined;
    },
    meta: (key, pk): EntityMeta | undefined => getOwn(getOwn(entitiesMeta, key), pk),
    index: (key, field, value) => getOwn(getOwn(getOwn(indexes, key), field), value),
    token: (key) => getOwn(entities, key),
    table: (key) => (hasOwnProperty.call(entities, key) ? entities[key] : undefined),
    pks: (key) => {
      const table = getOwn(entities, key);
      return table === undefined ? EMPTY : Object.keys(table);
    },
  };
}
