import { hasOwn, setOwn } from '../internal/own';

/**
 * The store's table layout (docs/internals.md, "The state format"; bench/README.md "Store
 * layout" has the measurements behind it). A table of the slice (`entities[key]`,
 * `entitiesMeta[key]`, `indexes[key][field]`, `endpoints`, `meta`) is one of:
 *
 * - a plain object `{ [pk]: value }` while it holds at most a size threshold of entries (the
 *   `shardTablesAbove` option of `createRest`): what apps, selectors and DevTools see;
 * - once a write takes it above that threshold, a *sharded* table that says what it is:
 *   `{ "@@rtk-rest/table": 2, size, order, shards }`. `shards` is a persistent 32-way hash trie
 *   of plain arrays: a child is `null`, a *branch* (an array of 32 children) or a *leaf*
 *   `[pk, value, pk, value, …]` (at most LEAF_MAX pairs, except at MAX_DEPTH). The child of a pk
 *   at depth d is bits 5d…5d+4 of `hash(pk)`. `order` is, for ordered tables, the insertion log
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
 * (`checkTableFormat`, run on hydration, reads the older array format 1 and rejects others).
 *
 * Typed as the plain object it is up to the threshold, so that `state.rest.entities.Post['5']`
 * type-checks where users read it; code here tells the forms apart with `isSharded`.
 */
export type Table<T = unknown> = Record<string, T>;

/** The key that marks a sharded table, and the format version it holds. */
export const TABLE_FORMAT = '@@rtk-rest/table';
/** Part of the serialized format: bump when the hash, widths or fields change. */
export const TABLE_VERSION = 2;

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
 * already twice that, so key tables shard above 128.
 */
export const DEFAULT_SHARD_ABOVE: TableLimits = { entities: 2000, keys: 128 };

/** Size thresholds: above `entities` an entity, meta or index table is sharded, above `keys` `endpoints` and `meta`. */
export interface TableLimits {
  readonly entities: number;
  readonly keys: number;
}
/**
 * Pairs a leaf holds before it splits into a 32-way branch. A split leaves 32 leaves of about
 * LEAF_MAX / 32 pairs, and each leaf costs its array headers: with 32, the leaves of a 100,000-entry
 * table averaged 3 pairs and the state of the store workload was 1.35x its raw JSON; with 128 it is
 * 0.95x (bench/README.md, "Memory (bench E)"), at the price of scanning up to 128 pairs per lookup
 * in sharded tables (the store path measured the same).
 */
const LEAF_MAX = 128;
const MAX_DEPTH = 6;
const CHUNK = 256;

type Node = unknown[];
type Log = string[][];

/** FNV-1a with murmur3's finalizer over UTF-16 units: cheap, and the same in every process. */
export function hashPk(pk: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < pk.length; i++) h = Math.imul(h ^ pk.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Whether objects enumerate this key first, ascending (a canonical array index: objects enumerate those first, ascending). */
export function isIndexLike(pk: string): boolean {
  const c = pk.charCodeAt(0);
  if (!(c >= 48 && c <= 57) || pk.length > 10) return false;
  const n = Number(pk);
  return Number.isInteger(n) && n < 4294967295 && String(n) === pk;
}

const isLeaf = (node: Node) => node.length === 0 || typeof node[0] === 'string';

/** Whether a table is in the sharded form (a plain table is never marked: see `assertPk`). */
export function isSharded(table: unknown): table is ShardedTable {
  return typeof table === 'object' && table !== null && hasOwn(table, TABLE_FORMAT);
}

function leafOf(shards: Node, h: number): Node | null {
  let node: Node | null = shards;
  let depth = 0;
  while (node !== null && (depth === 0 || !isLeaf(node))) {
    node = (node[(h >>> (5 * depth)) & 31] as Node | null) ?? null;
    depth++;
  }
  return node;
}

function pairIndex(leaf: Node, pk: string): number {
  for (let i = 0; i < leaf.length; i += 2) if (leaf[i] === pk) return i;
  return -1;
}

/** The value stored under `pk`, or `undefined`. */
export function tableGet<T>(table: Table<T> | undefined, pk: string): T | undefined {
  if (table === undefined) return undefined;
  if (!isSharded(table)) return hasOwn(table, pk) ? table[pk] : undefined;
  const leaf = leafOf(table.shards, hashPk(pk));
  if (leaf === null) return undefined;
  const i = pairIndex(leaf, pk);
  return i < 0 ? undefined : (leaf[i + 1] as T);
}

export function tableHas(table: Table | undefined, pk: string): boolean {
  if (table === undefined) return false;
  if (!isSharded(table)) return hasOwn(table, pk);
  const leaf = leafOf(table.shards, hashPk(pk));
  return leaf !== null && pairIndex(leaf, pk) >= 0;
}

export function tableSize(table: Table | undefined): number {
  if (table === undefined) return 0;
  return isSharded(table) ? table.size : plainSize(table);
}

/** One write: `values[i]` for `pks[i]`, `undefined` meaning "remove". */
interface Entry {
  pk: string;
  h: number;
  value: unknown;
  /** Set when the write added this pk (for the insertion log, collected in input order). */
  added?: boolean;
}

/** A pk that would make a plain table read as a sharded one is refused, loudly. */
function assertPk(pk: string): void {
  if (pk === TABLE_FORMAT) {
    throw new Error(`[rtk-rest] "${TABLE_FORMAT}" cannot be a pk or a key: the store uses it to mark sharded tables. Give that entity another pk().`);
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
    if (size <= max) return flatWrite(base, written, pks, size);
    return shardedWrite(toSharded(base, ordered), written, pks, ordered) as unknown as Table<T>;
  }
  const out = shardedWrite(table, written, pks, ordered);
  // Back to a plain object at half the threshold: small tables stay readable.
  return (out !== table && out.size <= max / 2 ? toPlain(out) : out) as unknown as Table<T>;
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

function toSharded(base: Record<string, unknown>, ordered: boolean): ShardedTable {
  const keys = Object.keys(base);
  const written: Record<string, unknown> = {};
  for (const pk of keys) setOwn(written, pk, base[pk]);
  const empty: ShardedTable = { [TABLE_FORMAT]: TABLE_VERSION, size: 0, order: ordered ? [] : null, shards: new Array<unknown>(32).fill(null) };
  return shardedWrite(empty, written, keys, ordered);
}

function shardedWrite(table: ShardedTable, written: Record<string, unknown>, pks: readonly string[], ordered: boolean): ShardedTable {
  const entries: Entry[] = new Array(pks.length);
  for (let i = 0; i < pks.length; i++) {
    assertPk(pks[i]!);
    entries[i] = { pk: pks[i]!, h: hashPk(pks[i]!), value: written[pks[i]!] };
  }
  const counter = { size: table.size };
  const shards = insert(table.shards, entries, 0, counter);
  if (shards === table.shards) return table;
  let order = table.order;
  if (ordered) {
    const added: string[] = [];
    for (const e of entries) if (e.added === true && !isIndexLike(e.pk)) added.push(e.pk);
    order = appendLog(order ?? [], added, shards, counter.size);
  }
  return { [TABLE_FORMAT]: TABLE_VERSION, size: counter.size, order, shards };
}

/** Inserts the entries below `node` (at `depth`); returns `node` when nothing changed. */
function insert(node: Node, entries: Entry[], depth: number, counter: { size: number }): Node {
  if (depth === 0 || !isLeaf(node)) {
    const groups = new Map<number, Entry[]>();
    for (const e of entries) {
      const slot = (e.h >>> (5 * depth)) & 31;
      const group = groups.get(slot);
      if (group === undefined) groups.set(slot, [e]);
      else group.push(e);
    }
    let copy: Node | undefined;
    for (const [slot, group] of groups) {
      const child = (node[slot] as Node | null) ?? null;
      const next = child === null ? leafWrite([], group, depth + 1, counter) : insert(child, group, depth + 1, counter);
      if (next !== child && !(child === null && next.length === 0)) (copy ??= node.slice())[slot] = next.length === 0 ? null : next;
    }
    return copy ?? node;
  }
  return leafWrite(node, entries, depth, counter);
}

/**
 * Writes into one leaf. Copies are exact-size (`slice`, `concat`): a `push` onto a copy would
 * grow V8's backing store by half, and most leaves live long after the write that made them.
 */
function leafWrite(leaf: Node, entries: readonly Entry[], depth: number, counter: { size: number }): Node {
  let out: Node | undefined;
  let added: unknown[] | undefined;
  for (const e of entries) {
    const current = out ?? leaf;
    const i = pairIndex(current, e.pk);
    if (e.value === undefined) {
      if (i < 0) continue;
      out = current.slice(0, i).concat(current.slice(i + 2));
      counter.size--;
    } else if (i >= 0) {
      if (current[i + 1] === e.value) continue;
      (out ??= leaf.slice())[i + 1] = e.value;
    } else {
      // A write's pks are distinct, so an added pk is never met again in this loop.
      (added ??= []).push(e.pk, e.value);
      counter.size++;
      e.added = true;
    }
  }
  if (added !== undefined) out = (out ?? leaf).concat(added);
  if (out === undefined) return leaf;
  if (out.length <= 2 * LEAF_MAX || depth >= MAX_DEPTH) return out;
  // Split: the leaf becomes a branch one level down.
  const split: Entry[] = [];
  for (let i = 0; i < out.length; i += 2) split.push({ pk: out[i] as string, h: hashPk(out[i] as string), value: out[i + 1] });
  const quiet = { size: 0 };
  return insert(new Array<unknown>(32).fill(null), split, depth, quiet);
}

/** `added` appended to a list of chunks of at most CHUNK items, copying only the last chunk (exact-size). */
export function appendChunked(chunks: readonly string[][], added: readonly string[]): string[][] {
  if (added.length === 0) return chunks as string[][];
  const out = chunks.slice();
  let from = 0;
  const last = out[out.length - 1];
  if (last !== undefined && last.length < CHUNK) {
    from = Math.min(CHUNK - last.length, added.length);
    out[out.length - 1] = last.concat(added.slice(0, from));
  }
  for (; from < added.length; from += CHUNK) out.push(added.slice(from, from + CHUNK));
  return out;
}

/** Appends new non-integer pks to the chunked log; compacts it when removals left it twice too long. */
function appendLog(log: Log, added: readonly string[], shards: Node, size: number): Log {
  const out = appendChunked(log, added);
  let length = 0;
  for (const chunk of out) length += chunk.length;
  return length > 2 * size + CHUNK ? chunked(orderedPks(shards, out, size).filter((pk) => !isIndexLike(pk))) : out;
}

function chunked(pks: readonly string[]): Log {
  const out: Log = [];
  for (let i = 0; i < pks.length; i += CHUNK) out.push(pks.slice(i, i + CHUNK));
  return out;
}

/** Calls `visit(pk, value)` for every entry of a trie, in hash order. */
function forEachEntry(node: Node, depth: number, visit: (pk: string, value: unknown) => void): void {
  if (depth > 0 && isLeaf(node)) {
    for (let i = 0; i < node.length; i += 2) visit(node[i] as string, node[i + 1]);
    return;
  }
  for (let slot = 0; slot < 32; slot++) {
    const child = node[slot] as Node | null;
    if (child !== null && child !== undefined) forEachEntry(child, depth + 1, visit);
  }
}

/** Pks in enumeration order: integer-like ascending, then the others by (last) insertion. */
function orderedPks(shards: Node, log: Log, size: number): string[] {
  const out: string[] = [];
  forEachEntry(shards, 0, (pk) => {
    if (isIndexLike(pk)) out.push(pk);
  });
  out.sort((a, b) => Number(a) - Number(b));
  const others = size - out.length;
  let length = 0;
  for (const chunk of log) length += chunk.length;
  if (length === others) {
    for (const chunk of log) for (const pk of chunk) out.push(pk);
    return out;
  }
  // Removals (or removals and re-adds) happened: a pk counts at its last, live occurrence.
  const seen = new Set<string>();
  const tail: string[] = [];
  for (let c = log.length - 1; c >= 0; c--) {
    const chunk = log[c]!;
    for (let i = chunk.length - 1; i >= 0; i--) {
      const pk = chunk[i]!;
      if (!seen.has(pk) && leafHas(shards, pk)) tail.push(pk);
      seen.add(pk);
    }
  }
  for (let i = tail.length - 1; i >= 0; i--) out.push(tail[i]!);
  return out;
}

function leafHas(shards: Node, pk: string): boolean {
  const leaf = leafOf(shards, hashPk(pk));
  return leaf !== null && pairIndex(leaf, pk) >= 0;
}

const keysCache = new WeakMap<object, readonly string[]>();

/** Every key of a table; entity tables (with a log) in enumeration order. Cached per table object. */
export function tableKeys(table: Table | undefined): readonly string[] {
  if (table === undefined) return [];
  if (!isSharded(table)) return Object.keys(table);
  let keys = keysCache.get(table);
  if (keys === undefined) {
    if (table.order !== null) keys = orderedPks(table.shards, table.order, table.size);
    else {
      const all: string[] = [];
      forEachEntry(table.shards, 0, (pk) => all.push(pk));
      keys = all;
    }
    keysCache.set(table, keys);
  }
  return keys;
}

function toPlain(table: ShardedTable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pk of tableKeys(table)) setOwn(out, pk, tableGet(table, pk));
  plainSizes.set(out, table.size);
  return out;
}

const logicalCache = new WeakMap<object, Record<string, unknown>>();

/** The table as a plain object (DevTools, tests, `entities` exports). Cached per table object. */
export function tableObject<T>(table: Table<T> | undefined): Record<string, T> {
  if (table === undefined) return {};
  if (!isSharded(table)) return table as Record<string, T>;
  let out = logicalCache.get(table);
  if (out === undefined) logicalCache.set(table, (out = toPlain(table)));
  return out as Record<string, T>;
}
