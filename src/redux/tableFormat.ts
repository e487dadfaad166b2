import { getOwn, hasOwn, setOwn } from '../internal/own';
import { canShard, TABLE_FORMAT, TABLE_VERSION } from './tables';
import type { ShardedTable, Table } from './tables';
import type { RestState } from './types';

/**
 * The table format check of hydration (issue 17.1): a slice restored from storage or preloaded
 * may have been saved by another version of rtk-rest, and a sharded table of another format
 * would be misread silently. Plain tables need nothing; sharded ones must carry this version;
 * format 1 (the bare trie root array `[child 0 … child 31, order, size]` of earlier versions,
 * the same trie) is moved into today's wrapper; anything else is a clear error. O(number of
 * tables): no cell is visited.
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

function fromVersion1(root: unknown[], where: Where): ShardedTable {
  const order = root[32];
  const size = root[33];
  if (root.length !== 34 || typeof size !== 'number' || !(order === null || Array.isArray(order))) fail(where, 'is an array, not a table');
  return { [TABLE_FORMAT]: TABLE_VERSION, size, order: order as string[][] | null, shards: root.slice(0, 32) };
}

/** A sharded table reached a bundle without the shardedTables feature: it could not be read. */
function cannotShard(where: Where): never {
  throw new Error(
    `[rtk-rest] state.${where.path} (${where.source}) is a sharded table, which only the shardedTables feature reads.${process.env.NODE_ENV !== 'production' ? ' Add it: buildCreateRest(shardedTables, …), or use createRest.' : ''}`,
  );
}

/** One table, checked (and moved from format 1); the same object when it needs nothing. */
function checked(table: unknown, where: Where): Table {
  if (Array.isArray(table)) {
    if (!canShard()) cannotShard(where);
    return fromVersion1(table, where);
  }
  if (typeof table !== 'object' || table === null) fail(where, `is ${table === null ? 'null' : typeof table}, not a table`);
  if (!hasOwn(table, TABLE_FORMAT)) return table as Table;
  if (!canShard()) cannotShard(where);
  const sharded = table as ShardedTable;
  const version = sharded[TABLE_FORMAT];
  if (version !== TABLE_VERSION) fail(where, `is a sharded table of format ${JSON.stringify(version)}`);
  if (typeof sharded.size !== 'number' || !Array.isArray(sharded.shards) || sharded.shards.length !== 32 || !(sharded.order === null || Array.isArray(sharded.order))) {
    fail(where, `is marked as a sharded table of format ${TABLE_VERSION} but is malformed`);
  }
  return sharded;
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
