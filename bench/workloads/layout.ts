import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { findNonSerializableValue } from '@reduxjs/toolkit';
import { Entity, MemoCache } from '../../src';
import { getOwn, hasOwn, setOwn } from '../../src/internal/own';
import { normalizeWrites } from '../../src/schema/normalize';
import { tablesReader } from '../../src/schema/reader';
import { toNode } from '../../src/schema/toNode';
import { appendChunked, hashPk, isIndexLike } from '../../src/redux/features/shardedTables/shardedTables';

/** Entries grouped by their child slot at `depth` (bits 5·depth…5·depth+4 of their hash), in input order. */
function bySlot<E extends { readonly h: number }>(entries: readonly E[], depth: number): Map<number, E[]> {
  const groups = new Map<number, E[]>();
  for (const e of entries) {
    const slot = (e.h >>> (5 * depth)) & 31;
    const group = groups.get(slot);
    if (group === undefined) groups.set(slot, [e]);
    else group.push(e);
  }
  return groups;
}
import type { EntityMeta, EntityMetaTables, EntityReader, EntityTables } from '../../src/schema/types';
import { formatNs, optionsFor, readConfig } from '../harness';
import type { BenchOptions } from '../harness';

/**
 * Workload "layout": which plain-JSON layout the slice should give its entity tables,
 * measured before the store is written. Prototypes live in this file only (one long file, past
 * the usual file size, so that the candidates sit side by side; once the chosen layout lives in
 * src/redux, this study shrinks to flat against it):
 * A flat tables, `{ ...table, ...written }` per write; B fixed buckets `table[hash(pk) % B][pk]`;
 * C a 32-way hash trie whose leaves split as they grow; D log-structured segments (newest wins,
 * merged when the newer one reaches half the older); E = B and C with `[pk, cell, …]` arrays in
 * place of bucket and leaf objects. B–D keep tables of at most 128 cells flat; E shards all.
 * Write sets come from rtk-rest's own normalization of each response against a reader over the
 * current state. Sharded entity tables keep table order (integer-like pks ascending, then insertion order) with an append-only log of their
 * non-integer pks. See bench/README.md, "Store layout".
 */

type Cells = Record<string, unknown>;
/**
 * A sharded form of a table. Every sharded table is a JSON array and every flat table an
 * object, so the two are told apart by `Array.isArray`; tables of at most `flatMax` cells stay flat.
 */
interface Sharding {
  /** Copy-on-write of `written` into `table`; `undefined`: build it from a flat table in table order. */
  write(table: unknown[] | undefined, written: Cells, ordered: boolean): unknown[];
  /** The cell, `undefined` when absent (a tombstone is `null`). */
  get(table: unknown[], pk: string): unknown;
  /** Every pk; when `ordered`, in table order (integer-like ascending, then insertion order). */
  pks(table: unknown[], ordered: boolean): string[];
  /** The layout's own objects (not cells), to count what a write copied. */
  containers(table: unknown[]): object[];
  /** Array indices from the table to the object that holds `pk` (changed-bucket checks). */
  path?(table: unknown[], pk: string): number[];
}
interface Layout {
  readonly name: string;
  readonly sharding?: Sharding;
  readonly flatMax: number;
}
interface SliceState {
  entities: Record<string, unknown>;
  entitiesMeta: Record<string, unknown>;
  endpoints: unknown;
  meta: unknown;
}
interface WriteSet {
  entities: Record<string, Cells>;
  entitiesMeta: Record<string, Cells>;
  key: string;
  result: unknown;
  meta: EntityMeta;
}

// ------------------------------------------------------------------ helpers

// The hash and the index test are the store's own (src/redux/store/tables.ts), so the study measures
// exactly what the store ships.
const hash = hashPk;

type Order = string[][];
/** The insertion order as chunks of 256 pks: the same append as the store's log (tables.ts). */
const appendOrder = (order: Order, added: readonly string[]): Order => appendChunked(order, added);

/** All pks of some buckets: in table order when an insertion log is given, otherwise bucket order. */
function bucketPks(buckets: readonly Cells[], order: Order | null): string[] {
  const out: string[] = [];
  for (const bucket of buckets) for (const pk of Object.keys(bucket)) if (order === null || isIndexLike(pk)) out.push(pk);
  if (order === null) return out;
  out.sort((a, b) => Number(a) - Number(b));
  for (const chunk of order) for (const pk of chunk) out.push(pk);
  return out;
}

// ------------------------------------------------------------------ B: fixed buckets

/** `[bucket 0 … bucket B-1, order]`: bucket `hash(pk) % B` (null while empty), then the log (null if unordered). */
function buckets(count: number): Sharding {
  const mask = count - 1;
  const get = (table: unknown[], pk: string) => {
    const bucket = table[hash(pk) & mask] as Cells | null;
    return bucket === null ? undefined : getOwn(bucket, pk);
  };
  const filled = (table: unknown[]) => table.slice(0, count).filter((b): b is Cells => b !== null);
  return {
    write(table, written, ordered) {
      const out = table === undefined ? [...new Array<null>(count).fill(null), ordered ? [] : null] : table.slice();
      const copied = new Set<number>();
      const added: string[] = [];
      for (const pk of Object.keys(written)) {
        const i = hash(pk) & mask;
        if (!copied.has(i)) {
          copied.add(i);
          out[i] = { ...(out[i] as Cells | null) };
        }
        const bucket = out[i] as Cells;
        if (ordered && !isIndexLike(pk) && !hasOwn(bucket, pk)) added.push(pk);
        setOwn(bucket, pk, written[pk]);
      }
      if (ordered) out[count] = appendOrder(out[count] as Order, added);
      return out;
    },
    get,
    pks: (table, ordered) => bucketPks(filled(table), ordered ? (table[count] as Order) : null),
    containers: (table) => [table, ...((table[count] as Order | null) ?? []), ...filled(table)],
    path: (_, pk) => [hash(pk) & mask],
  };
}

// ------------------------------------------------------------------ C: 32-way hash trie

/**
 * A branch is an array of 32 slots, indexed by the next 5 bits of the pk's hash; a leaf is
 * `{ [pk]: cell }` and splits into a branch when it exceeds `leafMax` cells. The root branch has
 * a 33rd element: the insertion log (null if unordered).
 */
type TrieNode = Cells | (TrieNode | null)[];
interface Entry {
  pk: string;
  h: number;
  value: unknown;
}
const MAX_DEPTH = 6;

function trieInsert(node: TrieNode | null, entries: Entry[], depth: number, leafMax: number): TrieNode {
  if (Array.isArray(node)) {
    const copy = node.slice();
    const groups = bySlot(entries, depth);
    for (const [slot, group] of groups) copy[slot] = trieInsert(copy[slot] ?? null, group, depth + 1, leafMax);
    return copy;
  }
  const leaf: Cells = { ...node };
  for (const e of entries) setOwn(leaf, e.pk, e.value);
  const keys = Object.keys(leaf);
  if (keys.length <= leafMax || depth >= MAX_DEPTH) return leaf;
  const split = keys.map((pk): Entry => ({ pk, h: hash(pk), value: leaf[pk] }));
  return trieInsert(new Array<TrieNode | null>(32).fill(null), split, depth, leafMax);
}

function trieWalk(node: TrieNode | null, leaves: Cells[], branches?: object[]): Cells[] {
  if (node === null) return leaves;
  if (!Array.isArray(node)) leaves.push(node);
  else {
    branches?.push(node);
    for (let i = 0; i < 32; i++) trieWalk(node[i] ?? null, leaves, branches);
  }
  return leaves;
}

function trie(leafMax: number): Sharding {
  const get = (table: unknown[], pk: string): unknown => {
    let node = table as TrieNode | null | undefined;
    let h = hash(pk);
    while (Array.isArray(node)) {
      node = node[h & 31];
      h >>>= 5;
    }
    return node == null ? undefined : getOwn(node, pk);
  };
  return {
    write(table, written, ordered) {
      const added: string[] = [];
      const entries = Object.keys(written).map((pk): Entry => {
        if (ordered && !isIndexLike(pk) && (table === undefined || get(table, pk) === undefined)) added.push(pk);
        return { pk, h: hash(pk), value: written[pk] };
      });
      const root = (table ?? new Array<null>(32).fill(null)) as TrieNode[];
      const out = trieInsert(root, entries, 0, leafMax) as unknown[];
      out[32] = ordered ? appendOrder((table?.[32] as Order | undefined) ?? [], added) : null;
      return out;
    },
    get,
    pks: (table, ordered) => bucketPks(trieWalk(table as TrieNode, []), ordered ? (table[32] as Order) : null),
    containers: (table) => {
      const branches: object[] = [];
      const leaves = trieWalk(table as TrieNode, [], branches);
      return [...branches, ...((table[32] as Order | null) ?? []), ...leaves];
    },
    path: (table, pk) => {
      const path: number[] = [];
      let node = table as TrieNode | null | undefined;
      let h = hash(pk);
      while (Array.isArray(node)) {
        path.push(h & 31);
        node = node[h & 31];
        h >>>= 5;
      }
      return path;
    },
  };
}

// ------------------------------------------------------------------ E: pair-array holders

/**
 * B and C with each bucket or leaf a flat array `[pk, cell, pk, cell, …]` in insertion order
 * instead of an object: copying an array is a memcpy, while copying a small object and adding a
 * new key makes V8 build a new hidden class (about a microsecond per new key).
 */
type Pairs = unknown[];
function pairsGet(pairs: Pairs, pk: string): unknown {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === pk) return pairs[i + 1];
  return undefined;
}
/** Copy-on-write of `entries` into `pairs`. */
function pairsWrite(pairs: Pairs | null, entries: readonly Entry[]): Pairs {
  const out = pairs === null ? [] : pairs.slice();
  for (const e of entries) {
    let i = 0;
    while (i < out.length && out[i] !== e.pk) i += 2;
    if (i < out.length) out[i + 1] = e.value;
    else out.push(e.pk, e.value);
  }
  return out;
}
/** The new non-integer pks of a write, in write order (for the insertion log). */
function addedPks(entries: readonly Entry[], table: unknown[] | undefined, get: (table: unknown[], pk: string) => unknown): string[] {
  return entries.filter((e) => !isIndexLike(e.pk) && (table === undefined || get(table, e.pk) === undefined)).map((e) => e.pk);
}
function pairsPks(holders: readonly Pairs[], order: Order | null): string[] {
  const out: string[] = [];
  for (const pairs of holders) for (let i = 0; i < pairs.length; i += 2) if (order === null || isIndexLike(pairs[i] as string)) out.push(pairs[i] as string);
  if (order === null) return out;
  out.sort((a, b) => Number(a) - Number(b));
  for (const chunk of order) for (const pk of chunk) out.push(pk);
  return out;
}
const entriesOf = (written: Cells) => Object.keys(written).map((pk): Entry => ({ pk, h: hash(pk), value: written[pk] }));

/** `[pairs 0 … pairs B-1, order]`, bucket `hash(pk) % B`. */
function pairBuckets(count: number): Sharding {
  const mask = count - 1;
  const filled = (table: unknown[]) => table.slice(0, count).filter((b): b is Pairs => b !== null);
  const get = (table: unknown[], pk: string) => {
    const pairs = table[hash(pk) & mask] as Pairs | null;
    return pairs === null ? undefined : pairsGet(pairs, pk);
  };
  return {
    write(table, written, ordered) {
      const entries = entriesOf(written);
      const out = table === undefined ? [...new Array<null>(count).fill(null), ordered ? [] : null] : table.slice();
      if (ordered) out[count] = appendOrder(out[count] as Order, addedPks(entries, table, get));
      const groups = new Map<number, Entry[]>();
      for (const e of entries) {
        const group = groups.get(e.h & mask);
        if (group === undefined) groups.set(e.h & mask, [e]);
        else group.push(e);
      }
      for (const [i, group] of groups) out[i] = pairsWrite(out[i] as Pairs | null, group);
      return out;
    },
    get,
    pks: (table, ordered) => pairsPks(filled(table), ordered ? (table[count] as Order) : null),
    containers: (table) => [table, ...((table[count] as Order | null) ?? []), ...filled(table)],
    path: (_, pk) => [hash(pk) & mask],
  };
}

/**
 * The 32-way trie with pair-array leaves. A leaf is an array whose first element is a pk (or an
 * empty array); a branch is an array of 32 children (null, branch or leaf), plus the insertion
 * log as a 33rd element at the root.
 */
const isLeaf = (node: unknown[]) => node.length === 0 || typeof node[0] === 'string';
function pairTrieInsert(node: unknown[] | null, entries: Entry[], depth: number, leafMax: number): unknown[] {
  if (node !== null && !isLeaf(node)) {
    const copy = node.slice();
    const groups = bySlot(entries, depth);
    for (const [slot, group] of groups) copy[slot] = pairTrieInsert((copy[slot] as unknown[] | null) ?? null, group, depth + 1, leafMax);
    return copy;
  }
  const leaf = pairsWrite(node, entries);
  if (leaf.length <= 2 * leafMax || depth >= MAX_DEPTH) return leaf;
  const split: Entry[] = [];
  for (let i = 0; i < leaf.length; i += 2) split.push({ pk: leaf[i] as string, h: hash(leaf[i] as string), value: leaf[i + 1] });
  return pairTrieInsert(new Array<null>(32).fill(null), split, depth, leafMax);
}
function pairTrieWalk(node: unknown[] | null, leaves: Pairs[], branches?: object[]): Pairs[] {
  if (node === null) return leaves;
  if (isLeaf(node)) leaves.push(node);
  else {
    branches?.push(node);
    for (let i = 0; i < 32; i++) pairTrieWalk((node[i] as unknown[] | null) ?? null, leaves, branches);
  }
  return leaves;
}
function pairTrie(leafMax: number): Sharding {
  const leafPath = (table: unknown[], pk: string, path?: number[]) => {
    let node: unknown[] | null = table;
    let h = hash(pk);
    while (node !== null && !isLeaf(node)) {
      path?.push(h & 31);
      node = (node[h & 31] as unknown[] | null) ?? null;
      h >>>= 5;
    }
    return node;
  };
  const get = (table: unknown[], pk: string) => {
    const leaf = leafPath(table, pk);
    return leaf === null ? undefined : pairsGet(leaf, pk);
  };
  return {
    write(table, written, ordered) {
      const entries = entriesOf(written);
      const order = ordered ? appendOrder((table?.[32] as Order | undefined) ?? [], addedPks(entries, table, get)) : null;
      const out = pairTrieInsert(table ?? new Array<null>(32).fill(null), entries, 0, leafMax);
      out[32] = order;
      return out;
    },
    get,
    pks: (table, ordered) => pairsPks(pairTrieWalk(table, []), ordered ? (table[32] as Order) : null),
    containers: (table) => {
      const branches: object[] = [];
      const leaves = pairTrieWalk(table, [], branches);
      return [...branches, ...((table[32] as Order | null) ?? []), ...leaves];
    },
    path: (table, pk) => {
      const path: number[] = [];
      leafPath(table, pk, path);
      return path;
    },
  };
}

// ------------------------------------------------------------------ D: log-structured segments

/** Oldest first; a pk's cell is in the newest segment that has it. Sizes cached by identity. */
const segmentSizes = new WeakMap<object, number>();
function segmentSize(segment: Cells): number {
  let size = segmentSizes.get(segment);
  if (size === undefined) segmentSizes.set(segment, (size = Object.keys(segment).length));
  return size;
}
function sized(segment: Cells): Cells {
  segmentSizes.set(segment, Object.keys(segment).length);
  return segment;
}
/** The logical table: first-insertion order (`{ ...older, ...newer }` keeps it), newest cell. */
function segmentsLogical(segments: readonly Cells[]): Cells {
  const out: Cells = {};
  for (const segment of segments) for (const pk of Object.keys(segment)) setOwn(out, pk, segment[pk]);
  return out;
}

function segments(tailMax: number): Sharding {
  return {
    write(table, written) {
      const out = ((table ?? []) as Cells[]).slice();
      const tail = out[out.length - 1];
      if (tail !== undefined && segmentSize(tail) < tailMax) out[out.length - 1] = sized({ ...tail, ...written });
      else out.push(sized({ ...written }));
      // Merge while the newer segment holds at least half as many cells as the older one, so
      // that each cell is copied O(log n) times in all.
      while (out.length >= 2 && segmentSize(out[out.length - 1]!) * 2 >= segmentSize(out[out.length - 2]!)) {
        const newer = out.pop()!;
        out.push(sized({ ...out.pop()!, ...newer }));
      }
      return out;
    },
    get(table, pk) {
      for (let i = table.length - 1; i >= 0; i--) {
        const segment = table[i] as Cells;
        if (hasOwn(segment, pk)) return segment[pk];
      }
      return undefined;
    },
    pks: (table) => Object.keys(segmentsLogical(table as Cells[])),
    containers: (table) => [table, ...(table as Cells[])],
  };
}

// ------------------------------------------------------------------ the layouts

const FLAT_MAX = 128;
const flat: Layout = { name: 'A flat', flatMax: Infinity };
const LAYOUTS: Layout[] = [
  flat,
  { name: 'B buckets 64', sharding: buckets(64), flatMax: FLAT_MAX },
  { name: 'B buckets 256', sharding: buckets(256), flatMax: FLAT_MAX },
  { name: 'B buckets 1024', sharding: buckets(1024), flatMax: FLAT_MAX },
  { name: 'B 1024, no flat tables', sharding: buckets(1024), flatMax: 0 },
  { name: 'C trie, leaves ≤ 32', sharding: trie(32), flatMax: FLAT_MAX },
  { name: 'D segments, tail ≤ 64', sharding: segments(64), flatMax: FLAT_MAX },
  { name: 'E pair buckets 1024', sharding: pairBuckets(1024), flatMax: 0 },
  { name: 'E pair trie, leaves ≤ 16', sharding: pairTrie(16), flatMax: 0 },
  { name: 'E pair trie, leaves ≤ 32', sharding: pairTrie(32), flatMax: 0 },
  { name: 'E pair trie, leaves ≤ 64', sharding: pairTrie(64), flatMax: 0 },
];

function writeTable(layout: Layout, table: unknown, written: Cells, ordered: boolean): unknown {
  const sharding = layout.sharding;
  if (Array.isArray(table)) return sharding!.write(table, written, ordered);
  const merged = table === undefined ? { ...written } : { ...(table as Cells), ...written };
  return sharding === undefined || Object.keys(merged).length <= layout.flatMax ? merged : sharding.write(undefined, merged, ordered);
}
function getCell(layout: Layout, table: unknown, pk: string): unknown {
  return Array.isArray(table) ? layout.sharding!.get(table, pk) : getOwn(table as Cells, pk);
}
function tablePks(layout: Layout, table: unknown, ordered: boolean): string[] {
  return Array.isArray(table) ? layout.sharding!.pks(table, ordered) : Object.keys(table as Cells);
}
/** The logical `{ [pk]: cell }` table (what `rest.devTools`' sanitizer would show). */
function logicalTable(layout: Layout, table: unknown, ordered: boolean): Cells {
  if (!Array.isArray(table)) return table as Cells;
  if (layout.sharding!.path === undefined) return segmentsLogical(table as Cells[]);
  const out: Cells = {};
  for (const pk of tablePks(layout, table, ordered)) setOwn(out, pk, getCell(layout, table, pk));
  return out;
}
function logicalState(layout: Layout, state: SliceState) {
  const tables = (all: Record<string, unknown>, ordered: boolean) =>
    Object.fromEntries(Object.entries(all).map(([key, table]) => [key, logicalTable(layout, table, ordered)]));
  return {
    entities: tables(state.entities, true),
    entitiesMeta: tables(state.entitiesMeta, false),
    endpoints: logicalTable(layout, state.endpoints, false),
    meta: logicalTable(layout, state.meta, false),
  };
}
/** JSON of the logical state, with the tables whose order is not specified sorted by key. */
function canonical(layout: Layout, state: SliceState): string {
  const logical = logicalState(layout, state);
  const sorted = (table: Cells) => Object.fromEntries(Object.keys(table).sort().map((pk) => [pk, table[pk]]));
  const sortedAll = (all: Record<string, Cells>) => Object.fromEntries(Object.entries(all).map(([key, table]) => [key, sorted(table)]));
  return JSON.stringify({ ...logical, entitiesMeta: sortedAll(logical.entitiesMeta), endpoints: sorted(logical.endpoints), meta: sorted(logical.meta) });
}

// ------------------------------------------------------------------ the store around a layout

const EMPTY: SliceState = { entities: {}, entitiesMeta: {}, endpoints: undefined, meta: undefined };

function writeTables(layout: Layout, tables: Record<string, unknown>, written: Record<string, Cells>, ordered: boolean): Record<string, unknown> {
  const keys = Object.keys(written);
  if (keys.length === 0) return tables;
  const out = { ...tables };
  for (const key of keys) out[key] = writeTable(layout, tables[key], written[key]!, ordered);
  return out;
}

/** Entity tables keep table order (integer-like pks ascending, then insertion order); meta, endpoints and key meta need no order. */
function apply(layout: Layout, state: SliceState, ws: WriteSet): SliceState {
  return {
    entities: writeTables(layout, state.entities, ws.entities, true),
    entitiesMeta: writeTables(layout, state.entitiesMeta, ws.entitiesMeta, false),
    endpoints: writeTable(layout, state.endpoints, { [ws.key]: ws.result }, false),
    meta: writeTable(layout, state.meta, { [ws.key]: ws.meta }, false),
  };
}

function readerOf(layout: Layout, state: SliceState): EntityReader {
  if (layout === flat) return tablesReader({ entities: state.entities as EntityTables, entitiesMeta: state.entitiesMeta as EntityMetaTables });
  const { entities, entitiesMeta } = state;
  return {
    entity: (key, pk) => {
      const table = getOwn(entities, key);
      return table === undefined ? undefined : getCell(layout, table, pk);
    },
    meta: (key, pk) => {
      const table = getOwn(entitiesMeta, key);
      return table === undefined ? undefined : (getCell(layout, table, pk) as EntityMeta | undefined);
    },
    index: () => undefined,
    token: (key) => getOwn(entities, key),
    pks: (key) => {
      const table = getOwn(entities, key);
      return table === undefined ? [] : tablePks(layout, table, true);
    },
  };
}

// ------------------------------------------------------------------ the workload's data

class User extends Entity {
  id = '';
  username = '';
  bio = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}
class Post extends Entity {
  id = '';
  title = '';
  body = '';
  author = User.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: User };
}
const listNode = toNode([Post])!;
const REQUESTS = 1000;
const PER_PAGE = 20;
const AUTHORS = 100;
const CHECKPOINT = 250;

/** Response `i`: posts `post-${20i}`…, each with one of 100 authors (the same data every time). */
function response(i: number) {
  return Array.from({ length: PER_PAGE }, (_, j) => {
    const n = i * PER_PAGE + j;
    const a = (n * 37 + i) % AUTHORS;
    return { id: `post-${n}`, title: `Post number ${n}`, body: `Body of post ${n}, `.repeat(3), author: { id: `user-${a}`, username: `user${a}`, bio: `Writes about topic ${a % 13}.` } };
  });
}
const metaOf = (i: number): EntityMeta => ({ fetchedAt: 1_000_000 + 10 * i, date: 1_000_005 + 10 * i, expiresAt: 1_060_005 + 10 * i });
const keyOf = (i: number) => `GET /posts?page=${i}`;

/** Normalizes response `i` through the layout's reader: the write set the store would apply. */
function normalizeAgainst(layout: Layout, state: SliceState, input: unknown, i: number): WriteSet {
  const run = normalizeWrites(() => listNode.describe(), (ctx) => listNode.normalize(input, undefined, undefined, ctx), readerOf(layout, state), [], metaOf(i));
  return { entities: run.ctx.entities, entitiesMeta: run.ctx.entitiesMeta, key: keyOf(i), result: run.result, meta: run.ctx.meta };
}

// ------------------------------------------------------------------ measurements

const config = readConfig();
const options = optionsFor(config);
const heavyRounds = Math.min(options.rounds, 10);
const writeRounds = config.quick ? 3 : 11;
const gc = (globalThis as { gc?: () => void }).gc;
const report: Record<string, unknown> = { workload: config.workload, date: new Date().toISOString(), node: process.version, versions: config.versions, quick: config.quick };
const notes: string[] = [];
const fail = (message: string): never => {
  throw new Error(`[rtk-rest bench] layout: ${message}`);
};
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mean = (xs: ArrayLike<number>, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += xs[i]!;
  return sum / (to - from);
};

const responses = Array.from({ length: REQUESTS + 1 }, (_, i) => response(i));
// Write sets of the 1,000 responses, normalized against the flat store as it grows.
const writeSets: WriteSet[] = [];
let reference = EMPTY;
for (let i = 0; i < REQUESTS; i++) {
  const ws = normalizeAgainst(flat, reference, responses[i], i);
  writeSets.push(ws);
  reference = apply(flat, reference, ws);
}
const cellsPerWrite = mean(writeSets.map((ws) => Object.values(ws.entities).concat(Object.values(ws.entitiesMeta)).reduce((n, t) => n + Object.keys(t).length, 0)), 0, REQUESTS);
console.log(`layout: ${REQUESTS} responses of ${PER_PAGE} posts (${AUTHORS} authors); ${cellsPerWrite.toFixed(1)} entity + meta cells written per response, plus endpoints[key] and meta[key]`);

/** Times every write of one run from the empty store; `full` also normalizes through the layout. */
function runWrites(layout: Layout, full: boolean): { state: SliceState; times: Float64Array } {
  const times = new Float64Array(REQUESTS);
  let state = EMPTY;
  for (let i = 0; i < REQUESTS; i++) {
    const start = process.hrtime.bigint();
    state = apply(layout, state, full ? normalizeAgainst(layout, state, responses[i], i) : writeSets[i]!);
    times[i] = Number(process.hrtime.bigint() - start);
  }
  return { state, times };
}

interface WriteStats {
  at250: number;
  at1000: number;
  ratio: number;
  max: number;
}
function measureWrites(full: boolean): WriteStats[] {
  const perRound: WriteStats[][] = LAYOUTS.map(() => []);
  gc?.();
  for (const layout of LAYOUTS) runWrites(layout, full); // warm-up
  for (let round = 0; round < writeRounds; round++) {
    for (let k = 0; k < LAYOUTS.length; k++) {
      const l = (round + k) % LAYOUTS.length;
      // A full GC first, so that no run pays for the garbage of the one before it.
      gc?.();
      const { times } = runWrites(LAYOUTS[l]!, full);
      const at250 = mean(times, 0, CHECKPOINT);
      const at1000 = mean(times, 0, REQUESTS);
      perRound[l]!.push({ at250, at1000, ratio: at1000 / at250, max: Math.max(...times) });
    }
  }
  return perRound.map((rounds) => {
    const pick = (f: (s: WriteStats) => number) => median(rounds.map(f));
    return { at250: pick((s) => s.at250), at1000: pick((s) => s.at1000), ratio: pick((s) => s.ratio), max: pick((s) => s.max) };
  });
}

/** Median ns per call of each function: calibrated samples, rounds in rotated order. */
function compare(runs: readonly (() => unknown)[], rounds: number, opts: BenchOptions = options): number[] {
  let sink: unknown;
  const sample = (run: () => unknown, n: number) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink = run();
    return Number(process.hrtime.bigint() - start) / n;
  };
  gc?.();
  const until = Date.now() + opts.warmupMs;
  do for (const run of runs) sample(run, 1);
  while (Date.now() < until);
  const iterations = runs.map((run) => {
    let n = 1;
    while (sample(run, n) * n < opts.sampleMs * 1e6 && n < 1e8) n *= 2;
    return n;
  });
  const samples: number[][] = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < runs.length; k++) {
      const i = (round + k) % runs.length;
      samples[i]!.push(sample(runs[i]!, iterations[i]!));
    }
  }
  if (sink === compare) fail('unreachable');
  return samples.map(median);
}

/**
 * What the writes copied, per write on average: keys of the objects and slots of the arrays
 * that each write created (an array slot costs about a nanosecond to copy; a key of a large
 * dictionary-mode object a few hundred).
 */
interface Copied {
  keys250: number;
  slots250: number;
  keys1000: number;
  slots1000: number;
}
function copiedPerWrite(layout: Layout): Copied {
  const containersOf = (state: SliceState) =>
    [...Object.values(state.entities), ...Object.values(state.entitiesMeta), state.endpoints, state.meta].flatMap((t) =>
      t === undefined ? [] : Array.isArray(t) ? layout.sharding!.containers(t) : [t as object],
    );
  let state = EMPTY;
  let before = new Set<object>();
  let keys = 0;
  let slots = 0;
  const out: Copied = { keys250: 0, slots250: 0, keys1000: 0, slots1000: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    state = apply(layout, state, writeSets[i]!);
    const now = containersOf(state);
    for (const c of now) {
      if (before.has(c)) continue;
      if (Array.isArray(c)) slots += c.length;
      else keys += Object.keys(c).length;
    }
    before = new Set(now);
    if (i === CHECKPOINT - 1) Object.assign(out, { keys250: keys / CHECKPOINT, slots250: slots / CHECKPOINT });
  }
  return Object.assign(out, { keys1000: keys / REQUESTS, slots1000: slots / REQUESTS });
}

function deepWalk(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let n = 1;
  if (Array.isArray(value)) for (const item of value) n += deepWalk(item);
  else for (const key in value) n += deepWalk((value as Cells)[key]);
  return n;
}

// ---- 1. writes

console.log('writes (apply only)…');
const applyStats = measureWrites(false);
console.log('writes (normalize through the layout reader + apply)…');
const fullStats = measureWrites(true);
const copies = LAYOUTS.map(copiedPerWrite);

// ---- 2. the final states, checked against the flat one

const finals = LAYOUTS.map((layout) => runWrites(layout, false).state);

// One more write into a store that holds N responses (no growth: every sample writes into the
// same state): the marginal cost of a write at that size.
console.log('one more write into a store of N…');
const EXTRA = 64;
const extras = Array.from({ length: EXTRA }, (_, k) => response(REQUESTS + 1 + k));
const extraSets = extras.map((input, k) => normalizeAgainst(flat, finals[0]!, input, REQUESTS + 1 + k));
function stateAt(layout: Layout, n: number): SliceState {
  let state = EMPTY;
  for (let i = 0; i < n; i++) state = apply(layout, state, writeSets[i]!);
  return state;
}
const oneMore = (n: number, full: boolean) => {
  const states = LAYOUTS.map((layout) => stateAt(layout, n));
  let k = 0;
  return compare(
    LAYOUTS.map((layout, l) => () => {
      k = (k + 1) % EXTRA;
      const state = states[l]!;
      return apply(layout, state, full ? normalizeAgainst(layout, state, extras[k], REQUESTS + 1 + k) : extraSets[k]!);
    }),
    options.rounds,
  );
};
const marginal = { apply250: oneMore(CHECKPOINT, false), apply1000: oneMore(REQUESTS, false), full250: oneMore(CHECKPOINT, true), full1000: oneMore(REQUESTS, true) };
const flatFinal = finals[0]!;
const flatJson = canonical(flat, flatFinal);
LAYOUTS.forEach((layout, l) => {
  if (canonical(layout, finals[l]!) !== flatJson) fail(`${layout.name}: logical tables differ from the flat store's (values or 4.39 order)`);
  if (canonical(layout, runWrites(layout, true).state) !== flatJson) fail(`${layout.name}: normalizing through its reader gave another state`);
  if (canonical(layout, JSON.parse(JSON.stringify(finals[l])) as SliceState) !== flatJson) fail(`${layout.name}: not the same state after a JSON round trip`);
  const sharded = Object.values(finals[l]!.entities).filter(Array.isArray).length;
  notes.push(`${layout.name}: ${sharded} of ${Object.keys(finals[l]!.entities).length} entity tables sharded at N=${REQUESTS}`);
});
const postPks = Object.keys(flatFinal.entities.Post as Cells);
const lookups = Array.from({ length: 4096 }, (_, i) => (i % 4 === 3 ? (['User', `user-${(i * 31) % AUTHORS}`] as const) : (['Post', postPks[(i * 7919) % postPks.length]!] as const)));

console.log('reads and whole-state operations…');
const lookupNs = compare(
  LAYOUTS.map((layout, l) => {
    const entities = finals[l]!.entities;
    return () => {
      let found = 0;
      for (const [key, pk] of lookups) if (getCell(layout, entities[key], pk) !== undefined) found++;
      return found;
    };
  }),
  options.rounds,
).map((ns) => ns / lookups.length);
const heavy = (op: (layout: Layout, state: SliceState) => unknown) => compare(LAYOUTS.map((layout, l) => () => op(layout, finals[l]!)), heavyRounds);
const pksNs = heavy((layout, state) => tablePks(layout, state.entities.Post, true));
const logicalNs = heavy((layout, state) => logicalState(layout, state));
const jsons = finals.map((state) => JSON.stringify(state));
const stringifyNs = heavy((_, state) => JSON.stringify(state));
const parseNs = compare(jsons.map((json) => () => JSON.parse(json)), heavyRounds);
const walkNs = heavy((_, state) => deepWalk(state));
const serializableNs = heavy((_, state) => findNonSerializableValue(state));
const nodes = finals.map((state) => deepWalk(state));

// ---- 3. a memoized selector over a 500-item list, after a write that does not touch it

const LIST = postPks.slice(0, 500);
interface ValidationRow {
  memoNs: number;
  changedCells: number | undefined;
  changedBuckets: number | undefined;
  changedNs: number | undefined;
}
const validation: ValidationRow[] = [];
let journalNs = 0;
let journalCells = 0;
{
  const extra = response(REQUESTS);
  const touching: WriteSet = { ...writeSets[0]!, entities: { Post: { [LIST[3]!]: { ...(flatFinal.entities.Post as Cells)[LIST[3]!] as object, title: 'changed' } } }, entitiesMeta: {} };
  const memoReads: (() => unknown)[] = [];
  const changeChecks: ((() => boolean) | undefined)[] = [];
  LAYOUTS.forEach((layout, l) => {
    const before = finals[l]!;
    const after = apply(layout, before, normalizeAgainst(layout, before, extra, REQUESTS));
    const touched = apply(layout, before, touching);
    const memo = new MemoCache();
    const readers = [readerOf(layout, before), readerOf(layout, after)];
    const tokens = [before.entities, after.entities];
    const data = memo.read(listNode, LIST, readers[0]!, tokens[0], []).data as Post[];
    if (data.length !== 500 || !(data[0] instanceof Post) || data[0].author.username === '') fail(`${layout.name}: the selector read ${data.length} posts`);
    if (memo.read(listNode, LIST, readers[1]!, tokens[1], []).data !== data) fail(`${layout.name}: an unrelated write rebuilt the list`);
    // Alternating between the two states makes every read a full validation of the answer.
    let flip = 0;
    memoReads.push(() => {
      flip ^= 1;
      return memo.read(listNode, LIST, readers[flip]!, tokens[flip], []);
    });
    const deps = [...LIST.map((pk) => ['Post', pk] as const), ...[...new Set(data.map((p) => p.author.id))].map((pk) => ['User', pk] as const)];
    const check = changedCellsCheck(layout, before, deps);
    if (check !== undefined) {
      const counts = { buckets: 0, cells: 0 };
      if (!check(after, counts)) fail(`${layout.name}: changed-bucket check failed an untouched list`);
      if (check(touched, { buckets: 0, cells: 0 })) fail(`${layout.name}: changed-bucket check missed a changed post`);
      changeChecks.push(() => check(after, { buckets: 0, cells: 0 }));
      validation.push({ memoNs: 0, changedCells: counts.cells, changedBuckets: counts.buckets, changedNs: 0 });
    } else {
      changeChecks.push(undefined);
      validation.push({ memoNs: 0, changedCells: undefined, changedBuckets: undefined, changedNs: undefined });
    }
  });
  compare(memoReads, options.rounds).forEach((ns, l) => (validation[l]!.memoNs = ns));
  const defined = changeChecks.flatMap((c, l) => (c === undefined ? [] : [{ c, l }]));
  compare(defined.map((d) => d.c), options.rounds).forEach((ns, i) => (validation[defined[i]!.l]!.changedNs = ns));

  // A journal of the cells each write changed, kept outside the state (layout-independent):
  // the selector keeps its dependencies as a set and checks the cells written since it last ran.
  const posts = flatFinal.entities.Post as Record<string, { author: string }>;
  const deps = new Map<string, Set<string>>([
    ['Post', new Set(LIST)],
    ['User', new Set(LIST.map((pk) => posts[pk]!.author))],
  ]);
  const written = Object.entries(normalizeAgainst(flat, flatFinal, extra, REQUESTS).entities).flatMap(([key, cells]) => Object.keys(cells).map((pk) => [key, pk] as const));
  journalCells = written.length;
  const journalCheck = () => {
    for (const [key, pk] of written) if (deps.get(key)?.has(pk) === true) return false;
    return true;
  };
  if (!journalCheck()) fail('journal check failed an untouched list');
  journalNs = compare([journalCheck], options.rounds)[0]!;
}
type Counts = { buckets: number; cells: number };
interface Group {
  path: number[];
  holder: unknown;
  pks: string[];
  cells: unknown[];
}
/**
 * "Check only what changed": the selector remembers, per table, the table, and per object that
 * holds its dependencies (bucket, trie leaf; for a flat table the table itself) that object and
 * the dependencies' cells. It compares tables, then holders, and reads cells only in holders
 * that changed. D has no such check: a newer segment can shadow any older cell, so every
 * dependency needs a lookup.
 */
function changedCellsCheck(layout: Layout, state: SliceState, deps: readonly (readonly [string, string])[]): ((next: SliceState, counts: Counts) => boolean) | undefined {
  const sharding = layout.sharding;
  if (sharding !== undefined && sharding.path === undefined) return undefined;
  const byTable = new Map<string, { table: unknown; groups: Map<unknown, Group> }>();
  for (const [key, pk] of deps) {
    const table = state.entities[key];
    let plan = byTable.get(key);
    if (plan === undefined) byTable.set(key, (plan = { table, groups: new Map() }));
    const path = Array.isArray(table) ? sharding!.path!(table, pk) : [];
    const holder = follow(table, path);
    let group = plan.groups.get(holder);
    if (group === undefined) plan.groups.set(holder, (group = { path, holder, pks: [], cells: [] }));
    group.pks.push(pk);
    group.cells.push(getCell(layout, table, pk));
  }
  const plans = [...byTable].map(([key, { table, groups }]) => ({ key, table, groups: [...groups.values()] }));
  return (next, counts) => {
    for (const plan of plans) {
      const table = next.entities[plan.key];
      counts.buckets++;
      if (table === plan.table) continue;
      for (const group of plan.groups) {
        counts.buckets++;
        if (follow(table, group.path) === group.holder) continue;
        for (let i = 0; i < group.pks.length; i++) {
          counts.cells++;
          if (getCell(layout, table, group.pks[i]!) !== group.cells[i]) return false;
        }
      }
    }
    return true;
  };
}
function follow(table: unknown, path: readonly number[]): unknown {
  let node = table;
  for (let i = 0; i < path.length && Array.isArray(node); i++) node = node[path[i]!];
  return node;
}

// ------------------------------------------------------------------ report

const us = (ns: number) => (ns / 1e3).toFixed(1);
const ms = (ns: number) => (ns / 1e6).toFixed(2);
const table = (head: string[], rows: string[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const writesTable = table(
  ['layout', 'apply µs/write N=250', 'N=1000', '1000÷250', 'normalize+apply µs/write N=250', 'N=1000', '1000÷250', 'max write', 'keys + slots copied/write N=250', 'N=1000'],
  LAYOUTS.map((layout, l) => {
    const a = applyStats[l]!;
    const f = fullStats[l]!;
    return [layout.name, us(a.at250), us(a.at1000), `${a.ratio.toFixed(2)}×`, us(f.at250), us(f.at1000), `${f.ratio.toFixed(2)}×`, formatNs(a.max), `${copies[l]!.keys250.toFixed(0)} + ${copies[l]!.slots250.toFixed(0)}`, `${copies[l]!.keys1000.toFixed(0)} + ${copies[l]!.slots1000.toFixed(0)}`];
  }),
);
const marginalTable = table(
  ['layout', 'apply µs N=250', 'N=1000', '1000÷250', 'normalize+apply µs N=250', 'N=1000', '1000÷250'],
  LAYOUTS.map((layout, l) => {
    const m = (key: keyof typeof marginal) => marginal[key][l]!;
    return [layout.name, us(m('apply250')), us(m('apply1000')), `${(m('apply1000') / m('apply250')).toFixed(2)}×`, us(m('full250')), us(m('full1000')), `${(m('full1000') / m('full250')).toFixed(2)}×`];
  }),
);
const readsTable = table(
  ['layout', 'get(key, pk)', 'Post pks, 4.39 order', 'logical tables (DevTools)', 'JSON size', 'JSON.stringify', 'JSON.parse', 'deep walk', 'RTK findNonSerializableValue', 'objects + values walked'],
  LAYOUTS.map((layout, l) => [layout.name, `${lookupNs[l]!.toFixed(0)} ns`, `${ms(pksNs[l]!)} ms`, `${ms(logicalNs[l]!)} ms`, `${(jsons[l]!.length / 1e6).toFixed(2)} MB`, `${ms(stringifyNs[l]!)} ms`, `${ms(parseNs[l]!)} ms`, `${ms(walkNs[l]!)} ms`, `${ms(serializableNs[l]!)} ms`, nodes[l]!.toLocaleString('en-US')]),
);
const validationTable = table(
  ['layout', 'MemoCache validation (full walk)', 'changed-bucket check', 'buckets compared', 'cells read'],
  LAYOUTS.map((layout, l) => {
    const v = validation[l]!;
    return [layout.name, formatNs(v.memoNs), v.changedNs === undefined ? '—' : formatNs(v.changedNs), v.changedBuckets === undefined ? '—' : String(v.changedBuckets), v.changedCells === undefined ? '500 lookups' : String(v.changedCells)];
  }),
);
console.log(`\nWrites: ${REQUESTS} responses from an empty store (median of ${writeRounds} rounds)\n\n${writesTable}`);
console.log(`\nOne more write (20 new posts) into a store of N responses (median of ${options.rounds} rounds)\n\n${marginalTable}`);
console.log(`\nReads and whole-state operations on the final state (${postPks.length.toLocaleString('en-US')} posts, ${AUTHORS} users, ${REQUESTS} keys)\n\n${readsTable}`);
console.log(`\nA selector over a 500-item list, after a write of 20 other posts\n\n${validationTable}\n\njournal check (layout-independent): ${formatNs(journalNs)}, ${journalCells} written cells looked up in the selector's dependency set`);
for (const note of notes) console.log(`note: ${note}`);
Object.assign(report, { options, writeRounds, heavyRounds, cellsPerWrite, layouts: LAYOUTS.map((layout, l) => ({ name: layout.name, apply: applyStats[l], normalizeAndApply: fullStats[l], oneMore: Object.fromEntries(Object.entries(marginal).map(([key, ns]) => [key, ns[l]])), copied: copies[l], lookupNs: lookupNs[l], pksNs: pksNs[l], logicalNs: logicalNs[l], jsonBytes: jsons[l]!.length, stringifyNs: stringifyNs[l], parseNs: parseNs[l], walkNs: walkNs[l], serializableNs: serializableNs[l], nodes: nodes[l], validation: validation[l] })), journal: { ns: journalNs, cells: journalCells }, notes });
mkdirSync(dirname(config.outFile), { recursive: true });
writeFileSync(config.outFile, JSON.stringify(report, null, 2) + '\n');
console.log(`results: ${config.outFile}`);
