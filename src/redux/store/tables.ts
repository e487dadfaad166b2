import { hasOwn, setOwn } from '../../internal/own';

/**
 * The store's table layout (docs/internals.md, "The state format"; bench/README.md "Store
 * layout" has the measurements behind it). A table of the slice (`entities[key]`,
 * `entitiesMeta[key]`, `indexes[key][field]`, `endpoints`, `meta`) is one of:
 *
 * - a plain object `{ [pk]: value }` while it holds at most a size threshold of entries (the
 *   `shardTablesAbove` option of `createRest`): what apps, selectors and DevTools see;
 * - once a write takes it above that threshold, a *sharded* table that says what it is:
 *   `{ "@@rtk-rest/table": 4, size, order, shards }`. `shards` is a persistent 32-way hash trie
 *   of plain arrays: a child is `null`, a *branch* (an array of 32 children) or a *leaf*
 *   `[pk, value, pk, value, …]` sorted by pk (at most LEAF_MAX pairs, except at MAX_DEPTH), so
 *   that a lookup is a binary search. The child of a pk
 *   at depth d is bits 5d…5d+4 of `routeOf(pk)` (at depths 0 to 2 the hash of the pk without
 *   its last two characters, below that of the whole pk: sequential pks share a leaf). `order` is, for ordered tables, the insertion log
 *   of non-integer pks in chunks of CHUNK (the enumeration order of entity tables), `null`
 *   otherwise; `size` counts the entries.
 *
 * Why two forms: a plain object must be copied whole on every write (V8 copies a large
 * string-keyed object at about 0.1–0.25 µs per key), while a sharded write copies only the path
 * from the root to each touched leaf (arrays, which V8 copies as a block): O(cells written ×
 * depth), never O(table). A sharded table goes back to a plain object when removals leave it at
 * half the threshold (no flip-flopping around the threshold).
 *
 * Everything is plain JSON: the hash is a pure function of the pk, so a persisted or
 * server-rendered state hydrates unchanged as long as the format version matches
 * (`checkTableFormat`, run on hydration, moves the older formats 1 to 3 into it and rejects others).
 *
 * Typed as the plain object it is up to the threshold, so that `state.rest.entities.Post['5']`
 * type-checks where users read it; code here tells the forms apart with `isSharded`.
 */
export type Table<T = unknown> = Record<string, T>;

/** The key that marks a sharded table, and the format version it holds. */
export const TABLE_FORMAT = '@@rtk-rest/table';
/** Part of the serialized format: bump when the hash, widths or fields change. */
export const TABLE_VERSION = 4;

export interface ShardedTable {
  readonly '@@rtk-rest/table': number;
  readonly size: number;
  readonly order: string[][] | null;
  readonly shards: unknown[];
  /** A plain JSON object like any table (no pk is read from it directly). */
  readonly [field: string]: unknown;
}

/**
 * Default thresholds (bench/README.md, "Plain tables up to a threshold", has the measurements).
 * Entity tables (and their meta and index tables) are written when their type is; 2,000 (the
 * issue's floor) keeps one `rest.set` at about 0.3 ms against 10 µs sharded. Key tables
 * (`endpoints`, `meta`) are written by every request, twice: up to 128 keys V8 keeps a table in
 * fast mode and a request costs about what it costs with sharded tables (+15%); at 256 it is
 * already twice that, so key tables shard above 128. A collection's table (one list per argument
 * set, written by every list request) takes the key threshold too (`limitOf`, layout.ts).
 */
export const DEFAULT_SHARD_ABOVE: TableLimits = { entities: 2000, keys: 128 };

/** Size thresholds: above `entities` an entity, meta or index table is sharded, above `keys` `endpoints` and `meta`. */
export interface TableLimits {
  readonly entities: number;
  readonly keys: number;
}
/** Whether a table is in the sharded form (a plain table is never marked: see `assertPk`). */
export function isSharded(table: unknown): table is ShardedTable {
  return typeof table === 'object' && table !== null && hasOwn(table, TABLE_FORMAT);
}

/**
 * The sharded form's operations (shardedTables.ts), installed by the `shardedTables` feature when
 * an instance is built with it: an app whose store has no such instance never bundles them, and
 * its tables stay plain (a sharded table reaching it is refused on hydration, tableFormat.ts).
 */
export interface ShardedOps {
  get(table: ShardedTable, pk: string): unknown;
  has(table: ShardedTable, pk: string): boolean;
  keys(table: ShardedTable): readonly string[];
  /** Writes into a sharded table, or shards a plain one (`base`) first. */
  write(table: ShardedTable | Record<string, unknown>, written: Record<string, unknown>, pks: readonly string[], ordered: boolean): ShardedTable;
  toPlain(table: ShardedTable): Record<string, unknown>;
  /**
   * A table met on hydration that is not a plain object (a sharded table of some format, or
   * format 1's bare array) checked, and moved to this format (formats 1 to 3: the trie rebuilt, leaves sorted and routed by `routeOf`); `fail` throws with what is wrong.
   */
  check(table: object, fail: (what: string) => never): ShardedTable;
  /**
   * DevTools' copy of the root state with the slice at `reducerPath` replaced by its logical
   * layout (every table a plain object, sharded ones rebuilt); the state itself without a slice.
   */
  devToolsState<S>(state: S, reducerPath: string): S;
}

let sharding: ShardedOps | undefined;

/** Installs the sharded form (once per process is enough: the operations are pure). */
export function installSharding(ops: ShardedOps): void {
  sharding = ops;
}

/** The sharded form's operations when this bundle has them (hydration's check, tableFormat.ts). */
export function installedSharding(): ShardedOps | undefined {
  return sharding;
}

/** The sharded form's operations; only reached for a sharded table, which exists only once they are installed. */
function shardedOps(): ShardedOps {
  // Unreachable through a store: hydration refuses sharded tables without the feature (tableFormat.ts).
  if (sharding === undefined) throw new Error('[rtk-rest] no shardedTables feature to read a sharded table');
  return sharding;
}

/** The value stored under `pk`, or `undefined`. */
export function tableGet<T>(table: Table<T> | undefined, pk: string): T | undefined {
  if (table === undefined) return undefined;
  if (!isSharded(table)) return hasOwn(table, pk) ? table[pk] : undefined;
  return shardedOps().get(table, pk) as T | undefined;
}

export function tableHas(table: Table | undefined, pk: string): boolean {
  if (table === undefined) return false;
  if (!isSharded(table)) return hasOwn(table, pk);
  return shardedOps().has(table, pk);
}

export function tableSize(table: Table | undefined): number {
  if (table === undefined) return 0;
  return isSharded(table) ? table.size : plainSize(table);
}

/** A pk that would make a plain table read as a sharded one is refused, loudly. */
function assertPk(pk: string): void {
  if (pk === TABLE_FORMAT) {
    throw new Error(`[rtk-rest] "${TABLE_FORMAT}" cannot be a pk or a key: the store uses it to mark sharded tables.${process.env.NODE_ENV !== 'production' ? ' Give that entity another pk().' : ''}`);
  }
}

/**
 * Copy-on-write of `written` (`undefined` values remove) into `table`; `ordered` keeps the
 * enumeration order of entity tables; `max` is the threshold above which the table is sharded.
 * Returns `table` itself when nothing changes.
 */
export function tableWrite<T>(table: Table<T> | undefined, written: Record<string, T | undefined>, ordered: boolean, max: number = DEFAULT_SHARD_ABOVE.entities): Table<T> {
  const pks = Object.keys(written);
  if (pks.length === 0) return table ?? {};
  if (table === undefined || !isSharded(table)) {
    const base = table ?? {};
    let size = plainSize(base);
    for (const pk of pks) {
      const present = hasOwn(base, pk);
      if (written[pk] === undefined) size -= present ? 1 : 0;
      else size += present ? 0 : 1;
    }
    // Without the shardedTables feature a table stays plain whatever its size.
    if (size <= max || sharding === undefined) return flatWrite(base, written, pks, size);
    return sharding.write(base, written, pks, ordered) as unknown as Table<T>;
  }
  const ops = shardedOps();
  const out = ops.write(table, written, pks, ordered);
  // Back to a plain object at half the threshold: small tables stay readable.
  if (out === table || out.size > max / 2) return out as unknown as Table<T>;
  const plain = ops.toPlain(out);
  plainSizes.set(plain, out.size);
  return plain as Table<T>;
}

/** One entry: `tableWrite(table, { [pk]: value })` without building the object by hand. */
export function tableSet<T>(table: Table<T> | undefined, pk: string, value: T | undefined, ordered = false, max?: number): Table<T> {
  const written: Record<string, T | undefined> = {};
  setOwn(written, pk, value);
  return tableWrite(table, written, ordered, max);
}

/** Sizes of the plain tables this module made (Object.keys of a large table is itself O(table)). */
const plainSizes = new WeakMap<object, number>();

function plainSize(table: object): number {
  let size = plainSizes.get(table);
  if (size === undefined) plainSizes.set(table, (size = Object.keys(table).length));
  return size;
}

/** Above this many keys a copy goes straight into a hash table (see `copyPlain`). */
const DICTIONARY_COPY = 128;

/**
 * A copy of a plain table. V8 copies a small object by its hidden class, but a large one (a
 * dictionary-mode object) key by key, and `{ ...table }` first builds hidden classes for the keys
 * before giving up on them; inserting into an object already in dictionary mode measured about
 * twice as fast at 1,000–4,000 keys (bench/README.md, "Plain tables up to a threshold").
 */
function copyPlain<T>(base: Record<string, T>, size: number): Record<string, T> {
  if (size <= DICTIONARY_COPY) return { ...base };
  const out: Record<string, T> = { '@@dictionary': undefined as T };
  delete out['@@dictionary'];
  const keys = Object.keys(base);
  for (let i = 0; i < keys.length; i++) setOwn(out, keys[i]!, base[keys[i]!]);
  return out;
}

function flatWrite<T>(base: Record<string, T>, written: Record<string, T | undefined>, pks: readonly string[], size: number): Record<string, T> {
  let out: Record<string, T> | undefined;
  for (const pk of pks) {
    const value = written[pk];
    if (value === undefined) {
      if (!hasOwn(base, pk)) continue;
      out ??= copyPlain(base, size);
      delete out[pk];
    } else if (!(hasOwn(base, pk) && base[pk] === value)) {
      assertPk(pk);
      setOwn((out ??= copyPlain(base, size)), pk, value);
    }
  }
  if (out !== undefined) plainSizes.set(out, size);
  return out ?? base;
}

/** Every key of a table; entity tables (with a log) in enumeration order (cached per sharded table). */
export function tableKeys(table: Table | undefined): readonly string[] {
  if (table === undefined) return [];
  return isSharded(table) ? shardedOps().keys(table) : Object.keys(table);
}

const logicalCache = new WeakMap<object, Record<string, unknown>>();

/** The table as a plain object (DevTools, tests, `entities` exports). Cached per table object. */
export function tableObject<T>(table: Table<T> | undefined): Record<string, T> {
  if (table === undefined) return {};
  if (!isSharded(table)) return table as Record<string, T>;
  let out = logicalCache.get(table);
  if (out === undefined) logicalCache.set(table, (out = shardedOps().toPlain(table)));
  return out as Record<string, T>;
}
