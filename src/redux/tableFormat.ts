import { getOwn, hasOwn, setOwn } from '../internal/own';
import { installedSharding, TABLE_FORMAT, TABLE_VERSION } from './tables';
import type { Table } from './tables';
import type { RestState } from './types';

/**
 * The table format check of hydration (issue 17.1): a slice restored from storage or preloaded
 * may have been saved by another version of rtk-rest, and a sharded table of another format
 * would be misread silently. Plain tables need nothing; sharded ones must carry this version
 * (format 1, the bare trie array of earlier versions, is moved into today's wrapper: the
 * shardedTables feature's `check`); anything else is a clear error. O(number of tables): no
 * cell is visited.
 */

/** Where a table sits (`rest.entities["Post"]`) and where the slice came from (`preloaded`). */
interface Where {
  readonly path: string;
  readonly source: string;
}

const at = (where: Where, key: string): Where => ({ path: `${where.path}[${JSON.stringify(key)}]`, source: where.source });

function fail(where: Where, what: string): never {
  throw new Error(
    `[rtk-rest] state.${where.path} (${where.source}) ${what}. It was saved by another version of rtk-rest (this one reads table format ${TABLE_VERSION} and migrates format 1): clear the saved state (e.g. redux-persist's purge()) or restore it with the version that wrote it.`,
  );
}

/** A sharded table reached a bundle without the shardedTables feature: it could not be read. */
function cannotShard(where: Where): never {
  throw new Error(
    `[rtk-rest] state.${where.path} (${where.source}) is a sharded table, which only the shardedTables feature reads.${process.env.NODE_ENV !== 'production' ? ' Add it: buildCreateRest(shardedTables, …), or use createRest.' : ''}`,
  );
}

/**
 * One table, checked; the same object when it needs nothing. A plain object is a table as it is;
 * anything sharded (marked, or format 1's bare array) is the shardedTables feature's to check
 * and migrate, so a bundle without it carries none of that code.
 */
function checked(table: unknown, where: Where): Table {
  if (typeof table !== 'object' || table === null) fail(where, `is ${table === null ? 'null' : typeof table}, not a table`);
  if (!Array.isArray(table) && !hasOwn(table, TABLE_FORMAT)) return table as Table;
  const sharding = installedSharding();
  if (sharding === undefined) cannotShard(where);
  return sharding.check(table, (what) => fail(where, what)) as unknown as Table;
}

/** Each table of a map of tables checked; the same map when none changed. */
function checkedMap(map: unknown, where: Where, depth: 1 | 2): Record<string, unknown> | undefined {
  if (map === undefined) return undefined;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) fail(where, 'is not an object of tables');
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(map)) {
    const table = getOwn(map as Record<string, unknown>, key);
    const next = depth === 1 ? checked(table, at(where, key)) : checkedMap(table, at(where, key), 1);
    if (next !== table) setOwn((out ??= { ...(map as Record<string, unknown>) }), key, next);
  }
  return out ?? (map as Record<string, unknown>);
}

/**
 * The slice with every table checked: the same object when all are plain or of this format.
 * Throws an `[rtk-rest]` error naming the table when one is of an unknown format.
 */
export function checkTableFormat<S extends Partial<RestState>>(slice: S, reducerPath: string, source: string): S {
  const part = (name: string): Where => ({ path: `${reducerPath}.${name}`, source });
  const entities = checkedMap(slice.entities, part('entities'), 1);
  const entitiesMeta = checkedMap(slice.entitiesMeta, part('entitiesMeta'), 1);
  const indexes = checkedMap(slice.indexes, part('indexes'), 2);
  const endpoints = slice.endpoints === undefined ? undefined : checked(slice.endpoints, part('endpoints'));
  const meta = slice.meta === undefined ? undefined : checked(slice.meta, part('meta'));
  if (entities === slice.entities && entitiesMeta === slice.entitiesMeta && indexes === slice.indexes && endpoints === slice.endpoints && meta === slice.meta) return slice;
  // Only the parts the slice has: a partial preloaded slice is completed later (docs/concepts.md#the-store).
  const out: Partial<RestState> = { ...slice };
  if (entities !== undefined) out.entities = entities as RestState['entities'];
  if (entitiesMeta !== undefined) out.entitiesMeta = entitiesMeta as RestState['entitiesMeta'];
  if (indexes !== undefined) out.indexes = indexes as RestState['indexes'];
  if (endpoints !== undefined) out.endpoints = endpoints;
  if (meta !== undefined) out.meta = meta as RestState['meta'];
  return out as S;
}
