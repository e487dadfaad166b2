import { getOwn, hasOwn, setOwn } from '../../internal/own';
import { TABLE_FORMAT, TABLE_VERSION } from './tables';
import type { Table, Tables } from './tables';
import type { RestState } from '../types';

/**
 * The table format check of hydration: a slice restored from storage or preloaded
 * may have been saved by another version of rtk-rest, and a sharded table of another format
 * would be misread silently. Plain tables need nothing; sharded ones must carry this version
 * (formats 1, the bare trie array of earlier versions, and 2, unsorted leaves, are moved into
 * today's: the shardedTables feature's `check`); anything else is a clear error. O(number of
 * tables) for tables of this format: no cell is visited.
 */

/** Where a table sits (`rest.entities["Post"]`) and where the slice came from (`preloaded`). */
interface Where {
  readonly path: string;
  readonly source: string;
}

const at = (where: Where, key: string): Where => ({ path: `${where.path}[${JSON.stringify(key)}]`, source: where.source });

/**
 * Throws what is wrong with the table and where, then `end`: how to fix it in development, a
 * full stop in production (each caller tests the environment, so production bundles drop the advice).
 */
function fail(where: Where, what: string, end: string): never {
  throw new Error(`[rtk-rest] state.${where.path} (${where.source}) ${what}${end}`);
}

/** A table of no format this version reads: it was saved by another version. */
function otherVersion(where: Where, what: string): never {
  return fail(
    where,
    `${what}. It was saved by another version of rtk-rest (this one reads table format ${TABLE_VERSION} and migrates formats 1 to 3)`,
    process.env.NODE_ENV !== 'production' ? ": clear the saved state (e.g. redux-persist's purge()) or restore it with the version that wrote it." : '.',
  );
}

/**
 * One table, checked; the same object when it needs nothing. A plain object is a table as it is;
 * anything sharded (marked, or format 1's bare array) is the instance's tables' to check and
 * migrate (the shardedTables feature's; plain tables refuse it), so a bundle without the feature
 * carries none of that code.
 */
function checked(tables: Tables, table: unknown, where: Where): Table {
  if (typeof table !== 'object' || table === null) otherVersion(where, `is ${table === null ? 'null' : typeof table}, not a table`);
  if (!Array.isArray(table) && !hasOwn(table, TABLE_FORMAT)) return table as Table;
  return tables.check(table, (what, end) => (end === undefined ? otherVersion(where, what) : fail(where, what, end)));
}

/** Each table of a map of tables checked; the same map when none changed. */
function checkedMap(tables: Tables, map: unknown, where: Where, depth: 1 | 2): Record<string, unknown> | undefined {
  if (map === undefined) return undefined;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) otherVersion(where, 'is not an object of tables');
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(map)) {
    const table = getOwn(map as Record<string, unknown>, key);
    const next = depth === 1 ? checked(tables, table, at(where, key)) : checkedMap(tables, table, at(where, key), 1);
    if (next !== table) setOwn((out ??= { ...(map as Record<string, unknown>) }), key, next);
  }
  return out ?? (map as Record<string, unknown>);
}

/**
 * The slice with every table checked: the same object when all are plain or of this format.
 * Throws an `[rtk-rest]` error naming the table when one is of an unknown format.
 */
export function checkTableFormat<S extends Partial<RestState>>(tables: Tables, slice: S, reducerPath: string, source: string): S {
  let out: Record<string, unknown> | undefined;
  // Each part the slice has, with its depth of tables: a partial preloaded slice is completed later (docs/concepts.md#the-store).
  for (const [name, depth] of PARTS) {
    const part = slice[name];
    if (part === undefined) continue;
    const where: Where = { path: `${reducerPath}.${name}`, source };
    const next = depth === 0 ? checked(tables, part, where) : checkedMap(tables, part, where, depth);
    if (next !== part) (out ??= { ...slice })[name] = next;
  }
  return (out ?? slice) as S;
}

/** The slice's parts that hold tables: a table (0), a map of tables (1), a map of maps (2, the indexes). */
const PARTS = [
  ['entities', 1],
  ['entitiesMeta', 1],
  ['indexes', 2],
  ['endpoints', 0],
  ['meta', 0],
] as const;
