import { hasOwn, setOwn } from '../../internal/own';
import { pksOf } from '../../schema';

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
 * type-checks where users read it. Code reads and writes tables through the `Tables` of the
 * instance that owns them (`RestContext.tables`), which knows the forms that instance can hold.
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

/** Thresholds that never shard. */
export const NO_SHARDING: TableLimits = { entities: Infinity, keys: Infinity };

/** Whether a table is in the sharded form (a plain table is never marked: see `assertPk`). */
export function isSharded(table: unknown): table is ShardedTable {
  return typeof table === 'object' && table !== null && hasOwn(table, TABLE_FORMAT);
}

/**
 * How one instance reads and writes its tables. An instance built without the `shardedTables`
 * feature has `plainTables`: every table is a plain object at every size, and a sharded one is
 * refused on hydration (`check`). With the feature it has the feature's, which reads and writes
 * both forms. The instance's context carries it (`RestContext.tables`), so whatever reads a table
 * is handed the operations of the instance that wrote it, and a bundle without the feature holds
 * none of the sharded code.
 */
export interface Tables {
  /** Sizes above which `write` shards a table: the instance's `shardTablesAbove`. */
  readonly limits: TableLimits;
  /** The value stored under `pk`, or `undefined`. */
  get<T>(table: Table<T> | undefined, pk: string): T | undefined;
  has(table: Table | undefined, pk: string): boolean;
  size(table: Table | undefined): number;
  /** Every key; entity tables (ordered writes) in enumeration order. */
  keys(table: Table | undefined): readonly string[];
  /**
   * Copy-on-write of `written` (`undefined` values remove) into `table`; `ordered` keeps the
   * enumeration order of entity tables; `max` is the size above which the table is sharded.
   * Returns `table` itself when nothing changes.
   */
  write<T>(table: Table<T> | undefined, written: Record<string, T | undefined>, ordered: boolean, max: number): Table<T>;
  /**
   * A table met on hydration that is not a plain object (a sharded table of some format, or
   * format 1's bare array) checked, and moved to this format (formats 1 to 3: the trie rebuilt, leaves sorted and routed by `routeOf`); `fail` throws what is wrong with it.
   */
  check(table: object, fail: (what: string, advice?: string) => never): Table;
  /**
   * DevTools' copy of the root state with the slice at `reducerPath` replaced by its logical
   * layout (every table a plain object); absent where every table is plain anyway.
   */
  readonly devToolsState?: <S>(state: S, reducerPath: string) => S;
}

/** The tables of an instance without the shardedTables feature: plain objects at every size. */
export const plainTables: Tables = {
  limits: NO_SHARDING,
  get: <T>(table: Table<T> | undefined, pk: string) => (table !== undefined && hasOwn(table, pk) ? table[pk] : undefined),
  has: (table, pk) => table !== undefined && hasOwn(table, pk),
  size: (table) => (table === undefined ? 0 : plainSize(table)),
  keys: (table) => (table === undefined ? [] : Object.keys(table)),
  write: (table, written) => plainWrite(table ?? {}, written, pksOf(written)),
  check: (_table, fail) => fail('is a sharded table, which only the shardedTables feature reads', process.env.NODE_ENV !== 'production' ? '. Add it: buildCreateRest(shardedTables, …), or use createRest.' : '.'),
};

/** A pk that would make a plain table read as a sharded one is refused, loudly. */
export function assertPk(pk: string): void {
  if (pk === TABLE_FORMAT) {
    throw new Error(`[rtk-rest] "${TABLE_FORMAT}" cannot be a pk or a key: the store uses it to mark sharded tables.${process.env.NODE_ENV !== 'production' ? ' Give that entity another pk().' : ''}`);
  }
}

/** How many entries a plain table holds once `written` (`undefined` removing) is applied to it. */
export function plainSizeAfter(base: Record<string, unknown>, written: Record<string, unknown>, pks: readonly string[]): number {
  let size = plainSize(base);
  for (const pk of pks) {
    const present = hasOwn(base, pk);
    if (written[pk] === undefined) size -= present ? 1 : 0;
    else size += present ? 0 : 1;
  }
  return size;
}

/** Copy-on-write of `written` (`undefined` values remove) into a plain table, which stays plain; `size` is its size after. */
export function plainWrite<T>(base: Record<string, T>, written: Record<string, T | undefined>, pks: readonly string[], size = plainSizeAfter(base, written, pks)): Record<string, T> {
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

/** A plain table made elsewhere (a sharded one made plain again), with its size known. */
export function knownSize<T extends object>(table: T, size: number): T {
  plainSizes.set(table, size);
  return table;
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
