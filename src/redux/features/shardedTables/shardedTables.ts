import { setOwn } from '../../../internal/own';
import { pksOf } from '../../../schema';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import { completeState } from '../../store/slice';
import { assertPk, DEFAULT_SHARD_ABOVE, isSharded, knownSize, plainSizeAfter, plainTables, plainWrite, TABLE_FORMAT, TABLE_VERSION } from '../../store/tables';
import type { ShardedTable, Table, TableLimits, Tables } from '../../store/tables';
import type { RestState } from '../../types';

// The sharded form of a table (the layout is described at the top of tables.ts): a persistent
// 32-way hash trie of plain arrays, and for ordered tables a chunked insertion log. Only the
// `shardedTables` feature brings it into a bundle.

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
  return fmix(h);
}

function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The trailing characters of a pk that do not choose its subtree at the top three levels (`routeOf`). */
const GROUP_SUFFIX = 2;
/** The bits of a route taken from the pk's group: the slots at depths 0 to 2. */
const GROUP_BITS = 0x7fff;

/**
 * Where a pk goes in the trie: at depths 0 to 2 (bits 0…14) by the hash of the pk without its last
 * GROUP_SUFFIX characters (its group), below that by the hash of the whole pk. Pks that differ
 * only at the end (`post-1200` … `post-1299`, the pages of one list) share a leaf, so that one
 * answer of sequential pks writes a few leaves instead of a leaf per pk: a write copies what it
 * touches, and 1,000 new posts into a table of 100,000 touched about 630 of its ~1,000 leaves
 * when every pk was routed by its own hash. Groups that meet at depth 1 part at depth 2 (a group
 * split below that by the pks' own hashes left many near-empty leaves: +5% state). Pks with
 * nothing in common (random ids) spread as before: the group hash is as uniform as the pk's.
 */
export function routeOf(pk: string): number {
  let h = 0x811c9dc5;
  let group = h;
  const cut = pk.length - GROUP_SUFFIX;
  for (let i = 0; i < pk.length; i++) {
    if (i === cut) group = h;
    h = Math.imul(h ^ pk.charCodeAt(i), 0x01000193);
  }
  return ((fmix(group) & GROUP_BITS) | (fmix(h) & ~GROUP_BITS)) >>> 0;
}

/** Whether objects enumerate this key first, ascending (a canonical array index: objects enumerate those first, ascending). */
export function isIndexLike(pk: string): boolean {
  const c = pk.charCodeAt(0);
  if (!(c >= 48 && c <= 57) || pk.length > 10) return false;
  const n = Number(pk);
  return Number.isInteger(n) && n < 4294967295 && String(n) === pk;
}

const isLeaf = (node: Node) => node.length === 0 || typeof node[0] === 'string';

function leafOf(shards: Node, h: number): Node | null {
  let node: Node | null = shards;
  let depth = 0;
  while (node !== null && (depth === 0 || !isLeaf(node))) {
    node = (node[(h >>> (5 * depth)) & 31] as Node | null) ?? null;
    depth++;
  }
  return node;
}

/**
 * Where `pk` is in a leaf, whose pairs are sorted by pk (UTF-16 code unit order, as `<` compares
 * strings): its index, else `~` the index its pair would be inserted at. A binary search: a leaf
 * holds up to LEAF_MAX pairs, and a linear scan of them was most of a sharded read or write.
 */
function search(leaf: Node, pk: string): number {
  let lo = 0;
  let hi = leaf.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = leaf[2 * mid] as string;
    if (at === pk) return 2 * mid;
    if (at < pk) lo = mid + 1;
    else hi = mid;
  }
  return ~(2 * lo);
}

/** One write: `value` for `pk`, `undefined` meaning "remove". */
interface Entry {
  pk: string;
  /** Its route (`routeOf`): the slot at depth d is bits 5d…5d+4. */
  h: number;
  value: unknown;
  /** Whether the write added this pk (for the insertion log, collected in input order). */
  added: boolean;
}

function toSharded(base: Record<string, unknown>, ordered: boolean): ShardedTable {
  const keys = Object.keys(base);
  const written: Record<string, unknown> = {};
  for (const pk of keys) setOwn(written, pk, base[pk]);
  const empty: ShardedTable = { [TABLE_FORMAT]: TABLE_VERSION, size: 0, order: ordered ? [] : null, shards: new Array<unknown>(32).fill(null) };
  return shardedWrite(empty, written, keys, ordered);
}

// `added` is in the literal so that setting it later does not grow the object.
const entry = (pk: string, value: unknown): Entry => ({ pk, h: routeOf(pk), value, added: false });
const byPk = (a: Entry, b: Entry) => (a.pk < b.pk ? -1 : 1);

/**
 * A branch at `depth` holding `entries` (sorted by pk, distinct): a leaf that outgrew LEAF_MAX,
 * or a whole trie rebuilt.
 */
function branchOf(entries: readonly Entry[], depth: number): Node {
  return insert(new Array<unknown>(32).fill(null), entries, depth, { size: 0 });
}

function shardedWrite(table: ShardedTable, written: Record<string, unknown>, pks: readonly string[], ordered: boolean): ShardedTable {
  const entries: Entry[] = new Array(pks.length);
  for (let i = 0; i < pks.length; i++) {
    assertPk(pks[i]!);
    entries[i] = entry(pks[i]!, written[pks[i]!]);
  }
  const counter = { size: table.size };
  // Sorted by pk once, the order of every leaf: each node's share keeps it (`insert`), so no leaf
  // sorts. An answer's pks often come in order already, which the sort checks in one pass.
  const shards = insert(table.shards, entries.length > 1 ? entries.slice().sort(byPk) : entries, 0, counter);
  if (shards === table.shards) return table;
  let order = table.order;
  if (ordered) {
    const added: string[] = [];
    for (const e of entries) if (e.added && !isIndexLike(e.pk)) added.push(e.pk);
    order = appendLog(order ?? [], added, shards, counter.size);
  }
  return { [TABLE_FORMAT]: TABLE_VERSION, size: counter.size, order, shards };
}

/**
 * Inserts `entries` (sorted by pk) below `node` (at `depth`); returns `node` when nothing changed.
 * A branch deals them out to its slots in order, so each child's share is sorted too.
 */
function insert(node: Node, entries: readonly Entry[], depth: number, counter: { size: number }): Node {
  if (depth > 0 && isLeaf(node)) return leafWrite(node, entries, depth, counter);
  if (entries.length === 0) return node;
  const shift = 5 * depth;
  const first = (entries[0]!.h >>> shift) & 31;
  let i = 1;
  while (i < entries.length && ((entries[i]!.h >>> shift) & 31) === first) i++;
  // All in one slot (below the top levels, one answer's pks mostly are): passed on as they are.
  if (i === entries.length) return childWrite(node, undefined, first, entries, depth, counter) ?? node;
  const shares: Entry[][] = [];
  for (const e of entries) {
    const slot = (e.h >>> shift) & 31;
    (shares[slot] ??= []).push(e);
  }
  let copy: Node | undefined;
  for (let slot = 0; slot < 32; slot++) if (shares[slot] !== undefined) copy = childWrite(node, copy, slot, shares[slot]!, depth, counter);
  return copy ?? node;
}

/** Writes `entries` into the child at `slot` of `node`; returns the copy of `node` (`copy`, or a new one) when that child changed. */
function childWrite(node: Node, copy: Node | undefined, slot: number, entries: readonly Entry[], depth: number, counter: { size: number }): Node | undefined {
  const child = (node[slot] as Node | null) ?? null;
  const next = child === null ? leafWrite(EMPTY, entries, depth + 1, counter) : insert(child, entries, depth + 1, counter);
  if (next === child || (child === null && next.length === 0)) return copy;
  (copy ??= node.slice())[slot] = next.length === 0 ? null : next;
  return copy;
}

const EMPTY: Node = [];

/**
 * Writes `entries` (sorted by pk) into one leaf: the leaf's pairs and the entries merged in one
 * pass into a new leaf (a write's pks are distinct), or the leaf itself when nothing changes. The
 * new leaf is made at its largest size and cut to its length once: most leaves live long after
 * the write that made them, and a `push` would grow V8's backing store by half.
 */
function leafWrite(leaf: Node, entries: readonly Entry[], depth: number, counter: { size: number }): Node {
  const out: Node = new Array(leaf.length + 2 * entries.length);
  let n = 0;
  let at = 0;
  let changed = false;
  for (const e of entries) {
    while (at < leaf.length && (leaf[at] as string) < e.pk) {
      out[n++] = leaf[at];
      out[n++] = leaf[at + 1];
      at += 2;
    }
    const found = at < leaf.length && leaf[at] === e.pk;
    if (e.value === undefined) {
      // A removal: the pair is left out, if there is one.
      if (found) {
        at += 2;
        counter.size--;
        changed = true;
      }
      continue;
    }
    out[n++] = e.pk;
    out[n++] = e.value;
    if (found) {
      if (leaf[at + 1] !== e.value) changed = true;
      at += 2;
    } else {
      counter.size++;
      e.added = true;
      changed = true;
    }
  }
  if (!changed) return leaf;
  while (at < leaf.length) out[n++] = leaf[at++];
  out.length = n;
  if (n <= 2 * LEAF_MAX || depth >= MAX_DEPTH) return out;
  // Outgrown: the pairs, in order, dealt out to a branch in this leaf's place.
  const all: Entry[] = new Array(n / 2);
  for (let i = 0; i < n; i += 2) all[i / 2] = entry(out[i] as string, out[i + 1]);
  return branchOf(all, depth);
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
  const leaf = leafOf(shards, routeOf(pk));
  return leaf !== null && search(leaf, pk) >= 0;
}

const keysCache = new WeakMap<object, readonly string[]>();

/** Every key of a sharded table; ordered tables (with a log) in enumeration order. Cached per table object. */
function shardedKeys(table: ShardedTable): readonly string[] {
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
  for (const pk of shardedKeys(table)) setOwn(out, pk, shardedGet(table, pk));
  return out;
}

function shardedGet(table: ShardedTable, pk: string): unknown {
  const leaf = leafOf(table.shards, routeOf(pk));
  if (leaf === null) return undefined;
  const i = search(leaf, pk);
  return i < 0 ? undefined : leaf[i + 1];
}

/** Format 1 (earlier versions): the bare trie root array `[child 0 … child 31, order, size]`, the same trie. */
function fromVersion1(root: unknown[], fail: (what: string) => never): ShardedTable {
  const order = root[32];
  const size = root[33];
  if (root.length !== 34 || typeof size !== 'number' || !(order === null || Array.isArray(order))) fail('is an array, not a table');
  return { [TABLE_FORMAT]: 2, size, order: order as Log | null, shards: root.slice(0, 32) };
}

/** Hydration's check of a table that is not plain (tableFormat.ts): this format, or formats 1 to 3 moved into it. */
function check(table: object, fail: (what: string) => never): ShardedTable {
  const sharded = Array.isArray(table) ? fromVersion1(table, fail) : (table as ShardedTable);
  const version = sharded[TABLE_FORMAT];
  if (version !== TABLE_VERSION && version !== 2 && version !== 3) fail(`is a sharded table of format ${JSON.stringify(version)}`);
  if (typeof sharded.size !== 'number' || !Array.isArray(sharded.shards) || sharded.shards.length !== 32 || !(sharded.order === null || Array.isArray(sharded.order))) {
    fail(`is marked as a sharded table of format ${String(version)} but is malformed`);
  }
  if (version === TABLE_VERSION) return sharded;
  // Formats 1 and 2 kept a leaf's pairs in the order they came, and formats 1 to 3 routed every pk
  // by its own hash: the trie is rebuilt, sorted and routed as this format does (the input stays as it was).
  const entries: Entry[] = [];
  forEachEntry(sharded.shards, 0, (pk, value) => entries.push(entry(pk, value)));
  return { [TABLE_FORMAT]: TABLE_VERSION, size: sharded.size, order: sharded.order, shards: branchOf(entries.sort(byPk), 0) };
}

/** The slice with every table as a plain object (sharded ones rebuilt), for DevTools' state sanitizer. */
function logicalSlice(slice: RestState): RestState {
  const mapTables = <T>(tables: Record<string, Table<T>>) => {
    const out: Record<string, Record<string, T>> = {};
    for (const key of Object.keys(tables)) setOwn(out, key, objectOf(tables[key]));
    return out;
  };
  const indexes: Record<string, Record<string, Record<string, string>>> = {};
  for (const key of Object.keys(slice.indexes)) setOwn(indexes, key, mapTables(slice.indexes[key]!));
  return {
    ...slice,
    entities: mapTables(slice.entities),
    entitiesMeta: mapTables(slice.entitiesMeta),
    indexes,
    endpoints: objectOf(slice.endpoints),
    meta: objectOf(slice.meta),
  };
}

/** Logical slices by slice object: DevTools asks for the same state many times. */
const logicalSlices = new WeakMap<object, RestState>();

/** `rest.devTools.stateSanitizer`: the slice at `reducerPath` in its logical layout (cached per slice object). */
function devToolsState<S>(state: S, reducerPath: string): S {
  const slice = (state as Record<string, unknown> | undefined)?.[reducerPath];
  if (typeof slice !== 'object' || slice === null) return state;
  let logical = logicalSlices.get(slice);
  if (logical === undefined) logicalSlices.set(slice, (logical = logicalSlice(completeState(slice as Partial<RestState>))));
  return { ...state, [reducerPath]: logical };
}

const logicalTables = new WeakMap<object, Record<string, unknown>>();

/** A table as a plain object (DevTools' view): itself when plain, else rebuilt once per table object. */
export function objectOf<T>(table: Table<T> | undefined): Record<string, T> {
  if (table === undefined) return {};
  if (!isSharded(table)) return table;
  let out = logicalTables.get(table);
  if (out === undefined) logicalTables.set(table, (out = toPlain(table)));
  return out as Record<string, T>;
}

/**
 * The tables of an instance with this feature: plain objects up to `limits`, sharded above them,
 * and back to plain objects when removals leave a sharded table at half its threshold (no
 * flip-flopping around the threshold).
 */
export function shardedTablesWith(limits: TableLimits): Tables {
  return {
    limits,
    get: <T>(table: Table<T> | undefined, pk: string) => (isSharded(table) ? (shardedGet(table, pk) as T | undefined) : plainTables.get(table, pk)),
    has: (table, pk) => (isSharded(table) ? leafHas(table.shards, pk) : plainTables.has(table, pk)),
    size: (table) => (isSharded(table) ? table.size : plainTables.size(table)),
    keys: (table) => (isSharded(table) ? shardedKeys(table) : plainTables.keys(table)),
    write<T>(table: Table<T> | undefined, written: Record<string, T | undefined>, ordered: boolean, max: number): Table<T> {
      const pks = pksOf(written);
      if (!isSharded(table)) {
        const base = table ?? {};
        const size = plainSizeAfter(base, written, pks);
        if (size <= max) return plainWrite(base, written, pks, size);
        return shardedWrite(toSharded(base, ordered), written, pks, ordered) as unknown as Table<T>;
      }
      const out = shardedWrite(table, written, pks, ordered);
      if (out === table || out.size > max / 2) return out as unknown as Table<T>;
      return knownSize(toPlain(out), out.size) as Table<T>;
    },
    check,
    devToolsState,
  };
}

function checkCount(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new RangeError(`createRest: ${option} must be a number of entries ≥ 0 (Infinity allowed), got ${String(value)}`);
  }
  return value;
}

/** `createRest`'s `shardTablesAbove` option, checked, with the defaults. */
function resolveLimits(option: number | { entities?: number; keys?: number } | undefined): TableLimits {
  if (typeof option !== 'object' || option === null) {
    return { entities: checkCount('shardTablesAbove', option, DEFAULT_SHARD_ABOVE.entities), keys: checkCount('shardTablesAbove', option, DEFAULT_SHARD_ABOVE.keys) };
  }
  return {
    entities: checkCount('shardTablesAbove.entities', option.entities, DEFAULT_SHARD_ABOVE.entities),
    keys: checkCount('shardTablesAbove.keys', option.keys, DEFAULT_SHARD_ABOVE.keys),
  };
}

/** The feature: the instance's tables, both forms, with the thresholds of its options. */
const feature: FeatureImpl = {
  feature: 'shardedTables',
  tables: (options) => shardedTablesWith(resolveLimits(options.shardTablesAbove)),
  build: () => ({}),
};

/**
 * Tables above `shardTablesAbove` entries are sharded, so a write copies a few short arrays
 * instead of the whole table (see docs/internals.md#table-format); without it tables stay plain
 * objects at every size (each write copies the table). In `createRest`; give it to
 * `buildCreateRest` for caches past a few thousand entities per type.
 */
export const shardedTables: RestFeature = feature;
