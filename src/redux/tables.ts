import { hasOwn, setOwn } from '../internal/own';

/**
 * The store's table layout (SPEC 5.1 allows sharding; bench/README.md "Store layout" has the
 * measurements behind it). A table of the slice (`entities[key]`, `entitiesMeta[key]`,
 * `indexes[key][field]`, `endpoints`, `meta`) is one of:
 *
 * - a plain object `{ [pk]: value }` while it holds at most FLAT_MAX entries (what small apps
 *   and DevTools see);
 * - once a write takes it above that, a persistent 32-way hash trie of plain arrays (a *root*):
 *   `[child 0 … child 31, log, size]`. A child is `null`, a *branch* (an array of 32 children)
 *   or a *leaf* `[pk, value, pk, value, …]` (at most LEAF_MAX pairs, except at MAX_DEPTH). The
 *   child of a pk at depth d is bits 5d…5d+4 of `hash(pk)`. `log` is, for ordered tables, the
 *   insertion log of non-integer pks in chunks of CHUNK (SPEC 4.39 order), `null` otherwise;
 *   `size` counts the entries.
 *
 * A trie stays a trie when removals shrink it (no flip-flopping around the threshold).
 * A write copies the path from the root to each touched leaf (arrays only, which V8 copies as
 * a block), so it costs O(cells written × depth), never O(table). Everything is plain JSON:
 * the hash is a pure function of the pk, so a server-rendered state hydrates unchanged as long
 * as server and client run the same LAYOUT_VERSION.
 */
export type Table<T = unknown> = Record<string, T> | TrieRoot;
export type TrieRoot = unknown[] & { readonly __trie?: never };

/** Part of the serialized format: bump when the hash, widths or slots change. */
export const LAYOUT_VERSION = 1;
export const FLAT_MAX = 64;
const LEAF_MAX = 32;
const MAX_DEPTH = 6;
const CHUNK = 256;
const LOG = 32;
const SIZE = 33;

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

/** Whether objects enumerate this key first, ascending (a canonical array index, SPEC 4.39). */
export function isIndexLike(pk: string): boolean {
  const c = pk.charCodeAt(0);
  if (!(c >= 48 && c <= 57) || pk.length > 10) return false;
  const n = Number(pk);
  return Number.isInteger(n) && n < 4294967295 && String(n) === pk;
}

const isLeaf = (node: Node) => node.length === 0 || typeof node[0] === 'string';
export const isTrie = (table: unknown): table is TrieRoot => Array.isArray(table);

function leafOf(root: Node, h: number): Node | null {
  let node: Node | null = root;
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
  if (!isTrie(table)) return hasOwn(table, pk) ? table[pk] : undefined;
  const leaf = leafOf(table, hashPk(pk));
  if (leaf === null) return undefined;
  const i = pairIndex(leaf, pk);
  return i < 0 ? undefined : (leaf[i + 1] as T);
}

export function tableHas(table: Table | undefined, pk: string): boolean {
  if (table === undefined) return false;
  if (!isTrie(table)) return hasOwn(table, pk);
  const leaf = leafOf(table, hashPk(pk));
  return leaf !== null && pairIndex(leaf, pk) >= 0;
}

export function tableSize(table: Table | undefined): number {
  if (table === undefined) return 0;
  return isTrie(table) ? (table[SIZE] as number) : Object.keys(table).length;
}

/** One write: `values[i]` for `pks[i]`, `undefined` meaning "remove". */
interface Entry {
  pk: string;
  h: number;
  value: unknown;
  /** Set when the write added this pk (for the insertion log, collected in input order). */
  added?: boolean;
}

/**
 * Copy-on-write of `written` (`undefined` values remove) into `table`; `ordered` keeps the
 * 4.39 insertion order of entity tables. Returns `table` itself when nothing changes.
 */
export function tableWrite<T>(table: Table<T> | undefined, written: Record<string, T | undefined>, ordered: boolean): Table<T> {
  const pks = Object.keys(written);
  if (pks.length === 0) return table ?? {};
  if (table === undefined || !isTrie(table)) {
    const base = table ?? {};
    let size = Object.keys(base).length;
    for (const pk of pks) {
      const present = hasOwn(base, pk);
      if (written[pk] === undefined) size -= present ? 1 : 0;
      else size += present ? 0 : 1;
    }
    if (size <= FLAT_MAX) return flatWrite(base, written, pks);
    return trieWrite(fromFlat(base, ordered), written, pks, ordered) as Table<T>;
  }
  return trieWrite(table, written, pks, ordered) as Table<T>;
}

/** One entry: `tableWrite(table, { [pk]: value })` without building the object. */
export function tableSet<T>(table: Table<T> | undefined, pk: string, value: T | undefined, ordered = false): Table<T> {
  const written: Record<string, T | undefined> = {};
  setOwn(written, pk, value);
  return tableWrite(table, written, ordered);
}

function flatWrite<T>(base: Record<string, T>, written: Record<string, T | undefined>, pks: readonly string[]): Record<string, T> {
  let out: Record<string, T> | undefined;
  for (const pk of pks) {
    const value = written[pk];
    if (value === undefined) {
      if (!hasOwn(base, pk)) continue;
      out ??= { ...base };
      delete out[pk];
    } else if (!(hasOwn(base, pk) && base[pk] === value)) {
      setOwn((out ??= { ...base }), pk, value);
    }
  }
  return out ?? base;
}

function emptyRoot(ordered: boolean): Node {
  const root: Node = new Array<unknown>(34).fill(null);
  root[LOG] = ordered ? [] : null;
  root[SIZE] = 0;
  return root;
}

function fromFlat(base: Record<string, unknown>, ordered: boolean): Node {
  const keys = Object.keys(base);
  const written: Record<string, unknown> = {};
  for (const pk of keys) setOwn(written, pk, base[pk]);
  return trieWrite(emptyRoot(ordered), written, keys, ordered);
}

function trieWrite(root: Node, written: Record<string, unknown>, pks: readonly string[], ordered: boolean): Node {
  const entries: Entry[] = new Array(pks.length);
  for (let i = 0; i < pks.length; i++) entries[i] = { pk: pks[i]!, h: hashPk(pks[i]!), value: written[pks[i]!] };
  const counter = { size: root[SIZE] as number };
  const out = insert(root, entries, 0, counter);
  if (out === root) return root;
  out[SIZE] = counter.size;
  if (ordered) {
    const added: string[] = [];
    for (const e of entries) if (e.added === true && !isIndexLike(e.pk)) added.push(e.pk);
    out[LOG] = appendLog((root[LOG] as Log | null) ?? [], added, out, counter.size);
  }
  return out;
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

function leafWrite(leaf: Node, entries: readonly Entry[], depth: number, counter: { size: number }): Node {
  let out: Node | undefined;
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
      (out ??= leaf.slice()).push(e.pk, e.value);
      counter.size++;
      (e as Entry).added = true;
    }
  }
  if (out === undefined) return leaf;
  if (out.length <= 2 * LEAF_MAX || depth >= MAX_DEPTH) return out;
  // Split: the leaf becomes a branch one level down.
  const split: Entry[] = [];
  for (let i = 0; i < out.length; i += 2) split.push({ pk: out[i] as string, h: hashPk(out[i] as string), value: out[i + 1] });
  const quiet = { size: 0 };
  return insert(new Array<unknown>(32).fill(null), split, depth, quiet);
}

/** Appends new non-integer pks to the chunked log; compacts it when removals left it twice too long. */
/** `added` appended to a list of chunks of at most CHUNK items, copying only the last chunk. */
export function appendChunked(chunks: readonly string[][], added: readonly string[]): string[][] {
  if (added.length === 0) return chunks as string[][];
  const out = chunks.slice();
  let chunk = out.length > 0 && out[out.length - 1]!.length < CHUNK ? out.pop()!.slice() : [];
  for (const pk of added) {
    if (chunk.length === CHUNK) {
      out.push(chunk);
      chunk = [];
    }
    chunk.push(pk);
  }
  out.push(chunk);
  return out;
}

function appendLog(log: Log, added: readonly string[], root: Node, size: number): Log {
  const out = appendChunked(log, added);
  let length = 0;
  for (const chunk of out) length += chunk.length;
  return length > 2 * size + CHUNK ? chunked(orderedPks(root, out).filter((pk) => !isIndexLike(pk))) : out;
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

/** Pks in 4.39 order: integer-like ascending, then the others by (last) insertion. */
function orderedPks(root: Node, log: Log): string[] {
  const out: string[] = [];
  forEachEntry(root, 0, (pk) => {
    if (isIndexLike(pk)) out.push(pk);
  });
  out.sort((a, b) => Number(a) - Number(b));
  const others = (root[SIZE] as number) - out.length;
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
      if (!seen.has(pk) && tableHas(root, pk)) tail.push(pk);
      seen.add(pk);
    }
  }
  for (let i = tail.length - 1; i >= 0; i--) out.push(tail[i]!);
  return out;
}

const keysCache = new WeakMap<object, readonly string[]>();

/** Every key of a table; entity tables (with a log) in SPEC 4.39 order. Cached per table object. */
export function tableKeys(table: Table | undefined): readonly string[] {
  if (table === undefined) return [];
  if (!isTrie(table)) return Object.keys(table);
  let keys = keysCache.get(table);
  if (keys === undefined) {
    const log = table[LOG] as Log | null;
    if (log !== null) keys = orderedPks(table, log);
    else {
      const all: string[] = [];
      forEachEntry(table, 0, (pk) => all.push(pk));
      keys = all;
    }
    keysCache.set(table, keys);
  }
  return keys;
}

const logicalCache = new WeakMap<object, Record<string, unknown>>();

/** The table as a plain object (DevTools, tests, `entities` exports). Cached per table object. */
export function tableObject<T>(table: Table<T> | undefined): Record<string, T> {
  if (table === undefined) return {};
  if (!isTrie(table)) return table;
  let out = logicalCache.get(table);
  if (out === undefined) {
    out = {};
    for (const pk of tableKeys(table)) setOwn(out, pk, tableGet(table, pk));
    logicalCache.set(table, out);
  }
  return out as Record<string, T>;
}
