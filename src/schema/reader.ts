import { getOwn } from '../internal/own';
import type { EntityMeta, EntityReader, NormalizedTables } from './types';

const EMPTY: never[] = [];

/** An EntityReader over plain logical tables (SPEC 5.1). */
export function tablesReader(tables: Partial<NormalizedTables>): EntityReader {
  const entities = tables.entities ?? {};
  const entitiesMeta = tables.entitiesMeta ?? {};
  const indexes = tables.indexes ?? {};
  return {
    entity: (key, pk) => getOwn(getOwn(entities, key), pk),
    meta: (key, pk): EntityMeta | undefined => getOwn(getOwn(entitiesMeta, key), pk),
    index: (key, field, value) => getOwn(getOwn(getOwn(indexes, key), field), value),
    token: (key) => getOwn(entities, key),
    pks: (key) => {
      const table = getOwn(entities, key);
      return table === undefined ? EMPTY : Object.keys(table);
    },
  };
}
