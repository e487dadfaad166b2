import fc from 'fast-check';
import { DEFAULT_SHARD_ABOVE, TABLE_FORMAT, TABLE_VERSION, isSharded } from '../../src/redux/store/tables';
import { hashPk, objectOf as tableObject, routeOf, shardedTablesWith } from '../../src/redux/features/shardedTables/shardedTables';

// These tests write tables directly, outside any store, through the tables an instance built with
// the shardedTables feature (and the default thresholds) reads and writes with.
const tables = shardedTablesWith(DEFAULT_SHARD_ABOVE);
const tableGet = <T>(table: Table<T> | undefined, pk: string) => tables.get(table, pk);
const tableHas = (table: Table | undefined, pk: string) => tables.has(table, pk);
const tableKeys = (table: Table | undefined) => tables.keys(table);
const tableSize = (table: Table | undefined) => tables.size(table);
const tableWrite = <T>(table: Table<T> | undefined, written: Record<string, T | undefined>, ordered: boolean, max = DEFAULT_SHARD_ABOVE.entities) => tables.write(table, written, ordered, max);
const tableSet = <T>(table: Table<T> | undefined, pk: string, value: T | undefined, ordered = false, max?: number) => {
  const written: Record<string, T | undefined> = {};
  Object.defineProperty(written, pk, { value, writable: true, enumerable: true, configurable: true });
  return tableWrite(table, written, ordered, max);
};
import type { ShardedTable, Table } from '../../src/redux/store/tables';
import { objectPrototypeSnapshot } from '../support/json';

// The store's table layout (src/redux/store/tables.ts: sharding, table order, plain JSON),
// checked against a model: a plain JS object written with own-property definitions, whose
// Object.keys order is the table order by definition.

// A fixed seed keeps runs reproducible; fast-check prints it (and the shrunk counterexample) on
// failure. Set FC_SEED to explore other runs.
const seed = Number(process.env.FC_SEED ?? 43901);
/** A failing property stops shrinking after a few seconds (it still fails, with the smallest counterexample found so far). */
const shrinkBudget = { interruptAfterTimeLimit: 6000, markInterruptAsFailure: false };

/**
 * The threshold these tests shard at (the `max` of tableWrite; createRest's default is
 * DEFAULT_SHARD_ABOVE): small, so that random sequences cross it both ways.
 */
const MAX = 64;
const write = <T>(table: Table<T> | undefined, written: Record<string, T | undefined>, ordered: boolean) => tableWrite(table, written, ordered, MAX);
const set = <T>(table: Table<T> | undefined, pk: string, value: T | undefined, ordered = false) => tableSet(table, pk, value, ordered, MAX);
const shardsOf = (table: Table) => (table as ShardedTable).shards;
const orderOf = (table: Table) => (table as ShardedTable).order;

// ---------------------------------------------------------------------------------------------
// The model

const hasOwnProperty = Object.prototype.hasOwnProperty;
const own = (obj: object, key: string) => hasOwnProperty.call(obj, key);

/** Defines an own, enumerable data property (so `__proto__` is a key like any other). */
function define(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** `{ [pk]: value }` with own properties only, `undefined` meaning "remove". */
function record(pairs: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [pk, value] of pairs) define(out, pk, value);
  return out;
}

class Model {
  readonly obj: Record<string, unknown> = {};

  apply(written: Record<string, unknown>): boolean {
    let changed = false;
    for (const pk of Object.keys(written)) {
      const value = written[pk];
      if (value === undefined) {
        if (own(this.obj, pk)) {
          delete this.obj[pk];
          changed = true;
        }
      } else if (!(own(this.obj, pk) && this.obj[pk] === value)) {
        define(this.obj, pk, value);
        changed = true;
      }
    }
    return changed;
  }

  get(pk: string): unknown {
    return own(this.obj, pk) ? this.obj[pk] : undefined;
  }

  keys(): string[] {
    return Object.keys(this.obj);
  }
}

/** The first pk whose get/has differ between the table and the model, with both answers. */
function firstMismatch(table: Table | undefined, model: Model, pks: Iterable<string>, same = (a: unknown, b: unknown) => a === b) {
  for (const pk of pks) {
    const got = tableGet(table, pk);
    const want = model.get(pk);
    if (!same(got, want) || tableHas(table, pk) !== own(model.obj, pk)) return { pk, got, want, has: tableHas(table, pk) };
  }
  return undefined;
}

const jsonEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks every read of `table` against the model. */
function expectMatches(table: Table | undefined, model: Model, probes: Iterable<string>, ordered = true): void {
  const keys = model.keys();
  expect(tableSize(table)).toBe(keys.length);
  if (ordered) expect(tableKeys(table)).toEqual(keys);
  else expect([...tableKeys(table)].sort()).toEqual([...keys].sort());
  expect(firstMismatch(table, model, [...probes, ...keys])).toBeUndefined();
  const object = tableObject(table);
  expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
  if (ordered) expect(Object.keys(object)).toEqual(keys);
  else expect(Object.keys(object).sort()).toEqual([...keys].sort());
  expect(keys.find((pk) => !own(object, pk) || object[pk] !== model.obj[pk])).toBeUndefined();
}

/** A trie of the documented layout: a branch is 32 children, a leaf `[pk, value, …]`. */
const isBranch = (node: unknown): node is unknown[] => Array.isArray(node) && node.length === 32 && typeof node[0] !== 'string';

/**
 * Copy-on-write sharing: every child of `prev` that no written pk routes to (by `routeOf`, five
 * bits per level) is the very same node in `next`. Returns the path of the first copied one.
 */
function unsharedPath(prev: unknown[], next: unknown[], hashes: readonly number[], depth = 0, path = 'root'): string | undefined {
  for (let slot = 0; slot < 32; slot++) {
    const routed = hashes.filter((h) => ((h >>> (5 * depth)) & 31) === slot);
    if (routed.length === 0) {
      if (next[slot] !== prev[slot]) return `${path}[${slot}]`;
    } else if (isBranch(prev[slot]) && isBranch(next[slot])) {
      const deeper = unsharedPath(prev[slot] as unknown[], next[slot] as unknown[], routed, depth + 1, `${path}[${slot}]`);
      if (deeper !== undefined) return deeper;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Pks and write sequences

const INTEGER_LIKE = ['0', '1', '2', '7', '10', '31', '32', '64', '100', '65535', '4294967294'];
const NON_CANONICAL = ['01', '-1', '1.5', '00', '-0', '+1', ' 1', '1e3', '0x10', '4294967295', '10000000000', 'NaN', 'Infinity'];
const HOSTILE = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', '', '__defineGetter__'];
const SPECIAL = [...INTEGER_LIKE, ...NON_CANONICAL, ...HOSTILE];
const FILLER = Array.from({ length: 90 }, (_, i) => (i % 3 === 0 ? String(200 + i) : `k${i}`));
const PROBES = [...SPECIAL, ...FILLER, 'absent', '999', 'k-none'];

const pkArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 5, arbitrary: fc.constantFrom(...FILLER) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
  { weight: 1, arbitrary: fc.nat({ max: 400 }).map(String) },
);

/** `set` a new value, `null` (a tombstone), `same` (rewrite the current value: no change), or `remove`. */
type Op = readonly [pk: string, kind: 'set' | 'null' | 'same' | 'remove'];
const opArb: fc.Arbitrary<Op> = fc.tuple(pkArb, fc.constantFrom('set', 'set', 'set', 'null', 'same', 'remove', 'remove'));
const batchArb = fc.array(opArb, { maxLength: 40 });

let serial = 0;
/** A fresh value of one of the JSON shapes a table holds (entity objects, pk arrays, scalars). */
function freshValue(): unknown {
  const n = ++serial;
  switch (n % 4) {
    case 0:
      return [String(n)];
    case 1:
      return `s${n}`;
    case 2:
      return n;
    default:
      return { id: n, title: `t${n}` };
  }
}

/** The written record of a batch (later ops on the same pk win, as in an object literal). */
function batchRecord(batch: readonly Op[], model: Model): Record<string, unknown> {
  return record(batch.map(([pk, kind]) => [pk, kind === 'remove' ? undefined : kind === 'null' ? null : kind === 'same' && own(model.obj, pk) ? model.obj[pk] : freshValue()]));
}

/** A prefilled table of `n` entries (integer-like and other pks interleaved), written in one batch. */
function prefill(n: number): Array<[string, unknown]> {
  return Array.from({ length: n }, (_, i) => [i % 2 === 0 ? String(1000 + i) : `p${i}`, freshValue()]);
}

interface Version {
  table: Table;
  json: string;
  keys: string[];
}

/** Runs a write sequence through tableWrite and the model, checking every step and, at the end, every version. */
function runSequence(initial: number, batches: readonly (readonly Op[])[], ordered: boolean): void {
  const protoBefore = objectPrototypeSnapshot();
  const model = new Model();
  // Start from no table, an empty one, or a prefilled one.
  let table: Table | undefined = batches.length % 2 === 0 ? {} : undefined;
  if (initial > 0) {
    const written = record(prefill(initial));
    model.apply(written);
    table = write(undefined, written, ordered);
  }
  const history: Version[] = [];
  /** The JSON round trip of the previous version (as hydrated from a server-rendered state). */
  let hydrated: Table | undefined = table === undefined ? undefined : (JSON.parse(JSON.stringify(table)) as Table);
  for (const batch of batches) {
    const written = batchRecord(batch, model);
    const prev = table;
    const prevJson = JSON.stringify(prev);
    const prevWasSharded = prev !== undefined && isSharded(prev);
    const changed = model.apply(written);
    const next = write(prev, written, ordered);

    // Copy-on-write: the previous version is untouched, and a write that changes nothing is no write.
    expect(JSON.stringify(prev)).toBe(prevJson);
    if (prev !== undefined && !changed) expect(next).toBe(prev);
    if (prev !== undefined && changed) expect(next).not.toBe(prev);
    if (prevWasSharded && isSharded(next)) {
      const hashes = Object.keys(written).map(routeOf);
      expect(unsharedPath(shardsOf(prev), shardsOf(next), hashes)).toBeUndefined();
    }

    expectMatches(next, model, PROBES, ordered);

    // Layout: above MAX always sharded; a plain table that only grows stays plain up to MAX.
    const size = tableSize(next);
    if (size > MAX) expect(isSharded(next)).toBe(true);
    const onlyGrew = !Object.keys(written).some((pk) => written[pk] === undefined);
    if (!prevWasSharded && onlyGrew && size <= MAX) expect(isSharded(next)).toBe(false);
    // A sharded table that shrinks to half the threshold becomes a plain object again.
    if (isSharded(next)) expect(size).toBeGreaterThan(MAX / 2);
    if (isSharded(next)) expect(next).toMatchObject({ [TABLE_FORMAT]: TABLE_VERSION, size });
    if (ordered && isSharded(next)) expect(Array.isArray(orderOf(next))).toBe(true);
    if (!ordered && isSharded(next)) expect(orderOf(next)).toBeNull();

    // Plain JSON: the round trip reads the same and has the same layout; the round trip of the
    // previous version takes this write to the same JSON (the layout is a pure function of the writes).
    const clone = JSON.parse(JSON.stringify(next)) as Table;
    expect(isSharded(clone)).toBe(isSharded(next));
    expect(tableSize(clone)).toBe(size);
    if (ordered) expect(tableKeys(clone)).toEqual(model.keys());
    expect(firstMismatch(clone, model, [...model.keys(), ...SPECIAL], jsonEqual)).toBeUndefined();
    if (hydrated !== undefined) expect(JSON.stringify(write(hydrated, written, ordered))).toBe(JSON.stringify(next));
    hydrated = clone;

    history.push({ table: next, json: JSON.stringify(next), keys: model.keys() });
    table = next;
  }
  // Persistence: every earlier version still holds exactly what it held.
  for (const version of history) {
    expect(JSON.stringify(version.table)).toBe(version.json);
    if (ordered) expect(tableKeys(version.table)).toEqual(version.keys);
    expect(tableSize(version.table)).toBe(version.keys.length);
  }
  expect(objectPrototypeSnapshot()).toEqual(protoBefore);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

// ---------------------------------------------------------------------------------------------

describe('tables: plain objects', () => {
  it('an absent table reads as empty', () => {
    expect(tableGet(undefined, 'a')).toBeUndefined();
    expect(tableHas(undefined, 'a')).toBe(false);
    expect(tableSize(undefined)).toBe(0);
    expect(tableKeys(undefined)).toEqual([]);
    expect(tableObject(undefined)).toEqual({});
  });

  it('a small table is the plain object { [pk]: value }, in table order', () => {
    const post = { id: 5 };
    const table = write(undefined, record([['b', 1], ['5', post], ['a', null], ['1', 'x']]), true);
    expect(isSharded(table)).toBe(false);
    expect(table).toStrictEqual({ '1': 'x', '5': post, b: 1, a: null });
    expect(tableKeys(table)).toEqual(['1', '5', 'b', 'a']);
    expect(tableGet(table, '5')).toBe(post);
    expect(tableGet(table, 'a')).toBeNull();
    expect(tableHas(table, 'a')).toBe(true);
    expect(tableObject(table)).toBe(table);
  });

  it('a write that changes nothing returns the same table; a change copies it', () => {
    const post = { id: 5 };
    const table = write(undefined, record([['5', post], ['6', null]]), true);
    expect(write(table, {}, true)).toBe(table);
    expect(write(table, record([['5', post]]), true)).toBe(table);
    expect(write(table, record([['6', null], ['7', undefined]]), true)).toBe(table);
    expect(set(table, '5', post)).toBe(table);
    const next = set(table, '5', { id: 5 });
    expect(next).not.toBe(table);
    expect(tableGet(table, '5')).toBe(post);
  });

  it('hostile pks are own properties; no prototype is modified', () => {
    const before = objectPrototypeSnapshot();
    const values = HOSTILE.map((pk, i) => [pk, { i }] as [string, unknown]);
    const table = write(undefined, record(values), true);
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    for (const [pk, value] of values) {
      expect(own(table as object, pk)).toBe(true);
      expect(tableGet(table, pk)).toBe(value);
    }
    expect(tableKeys(table)).toEqual(HOSTILE);
    expect(tableGet(undefined, 'constructor')).toBeUndefined();
    expect(tableGet({}, 'constructor')).toBeUndefined();
    expect(tableHas({}, 'toString')).toBe(false);
    const removed = set(table, '__proto__', undefined);
    expect(tableHas(removed, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(removed)).toBe(Object.prototype);
    const clone = JSON.parse(JSON.stringify(table)) as Table;
    expect(tableKeys(clone)).toEqual(HOSTILE);
    expect(tableGet(clone, '__proto__')).toEqual({ i: 0 });
    expect(objectPrototypeSnapshot()).toEqual(before);
  });
});

describe('tables: sharded above the threshold', () => {
  it('the default thresholds: entity tables stay plain up to 2,000 entries, key tables up to 128', () => {
    expect(DEFAULT_SHARD_ABOVE).toEqual({ entities: 2000, keys: 128 });
    expect(isSharded(tableWrite(undefined, record(prefill(2000)), true))).toBe(false);
    expect(isSharded(tableWrite(undefined, record(prefill(2001)), true))).toBe(true);
    expect(isSharded(tableWrite(undefined, record(prefill(128)), false, DEFAULT_SHARD_ABOVE.keys))).toBe(false);
    expect(isSharded(tableWrite(undefined, record(prefill(129)), false, DEFAULT_SHARD_ABOVE.keys))).toBe(true);
  });

  it('a large plain table (copied key by key) keeps its order, its prototype and hostile pks', () => {
    const model = new Model();
    let table: Table | undefined;
    const pairs = [...prefill(400), ...HOSTILE.map((pk, i) => [pk, { i }] as [string, unknown])];
    for (let b = 0; b < pairs.length; b += 50) {
      const written = record(pairs.slice(b, b + 50));
      model.apply(written);
      table = tableWrite(table, written, true, Infinity);
    }
    for (const written of [record([['p3', undefined], ['1000', 'changed'], ['late', 1]]), record([['__proto__', undefined], ['p5', { again: true }]])]) {
      model.apply(written);
      const before = JSON.stringify(table);
      const next = tableWrite(table, written, true, Infinity);
      expect(JSON.stringify(table)).toBe(before);
      table = next;
      expect(isSharded(table)).toBe(false);
      expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
      expectMatches(table, model, PROBES);
    }
  });

  it('a sharded table says what it is: { "@@rtk-rest/table": 4, size, order, shards }', () => {
    const table = write(undefined, record(prefill(65)), true) as ShardedTable;
    expect(Object.keys(table)).toEqual([TABLE_FORMAT, 'size', 'order', 'shards']);
    expect(table[TABLE_FORMAT]).toBe(4);
    expect(table.size).toBe(65);
    expect(table.shards).toHaveLength(32);
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
  });

  it('a sharded table that shrinks to half the threshold is a plain object again (no flip-flop at the threshold)', () => {
    const pairs = prefill(70);
    let table = write(undefined, record(pairs), true);
    const model = new Model();
    model.apply(record(pairs.map(([pk]) => [pk, tableGet(table, pk)])));
    for (let n = 70; n > 32; n--) {
      const written = record([[pairs[n - 1]![0], undefined]]);
      model.apply(written);
      table = write(table, written, true);
      expect(isSharded(table)).toBe(n - 1 > MAX / 2);
    }
    expectMatches(table, model, PROBES);
    expect(Object.keys(table)).toEqual(model.keys());
  });

  it('"@@rtk-rest/table" is refused as a pk with a clear error (it would make a plain table read as sharded)', () => {
    expect(() => write(undefined, record([['@@rtk-rest/table', 1]]), true)).toThrow(/\[rtk-rest\] "@@rtk-rest\/table" cannot be a pk/);
    const sharded = write(undefined, record(prefill(80)), true);
    expect(() => write(sharded, record([['@@rtk-rest/table', 1]]), true)).toThrow(/cannot be a pk/);
    expect(tableSize(sharded)).toBe(80);
  });

  it('MAX entries stay a plain object; one more makes a sharded table that reads the same', () => {
    const model = new Model();
    let table: Table | undefined;
    for (let i = 0; i < MAX; i++) {
      const written = record([[i % 2 ? `x${i}` : String(i), { i }]]);
      model.apply(written);
      table = write(table, written, true);
      expect(isSharded(table)).toBe(false);
    }
    const flat = table!;
    const written = record([['last', { i: 64 }]]);
    model.apply(written);
    const trie = write(flat, written, true);
    expect(isSharded(trie)).toBe(true);
    expect(Object.keys(flat)).toHaveLength(64);
    expectMatches(trie, model, PROBES);
    expectMatches(flat, (() => {
      const m = new Model();
      m.apply(record(Object.keys(flat).map((pk) => [pk, (flat as Record<string, unknown>)[pk]])));
      return m;
    })(), PROBES);
  });

  it('a plain table written in one batch past MAX becomes a trie; below it stays plain', () => {
    expect(isSharded(write(undefined, record(prefill(64)), true))).toBe(false);
    expect(isSharded(write(undefined, record(prefill(65)), true))).toBe(true);
    expect(isSharded(write(undefined, record(prefill(65)), false))).toBe(true);
  });

  it('a plain table of MAX entries that gains one pk and loses another in one write holds MAX entries: it stays a plain object', () => {
    const full = write(undefined, record(prefill(64)), true);
    const model = new Model();
    model.apply(record(prefill(64).map(([pk]) => [pk, tableGet(full, pk)])));
    const written = record([
      ['p1', undefined],
      ['new', { id: 'new' }],
    ]);
    model.apply(written);
    const next = write(full, written, true);
    expectMatches(next, model, PROBES);
    expect(tableSize(next)).toBe(64);
    expect(isSharded(next)).toBe(false);
  });

  it('a trie write copies only the path to the touched leaf; the rest is shared', () => {
    const base = write(undefined, record(Array.from({ length: 5000 }, (_, i) => [`u${i}`, { i }])), true);
    expect(isSharded(base)).toBe(true);
    const pk = 'u1234';
    const next = set(base, pk, { i: -1 }, true);
    expect(unsharedPath(shardsOf(base), shardsOf(next), [routeOf(pk)])).toBeUndefined();
    const slot = routeOf(pk) & 31;
    expect(shardsOf(next).filter((child, i) => child !== shardsOf(base)[i])).toEqual([shardsOf(next)[slot]]);
    expect(orderOf(next)).toBe(orderOf(base));
    expect(set(next, pk, tableGet(next, pk), true)).toBe(next);
    expect(set(next, 'never-there', undefined, true)).toBe(next);
    expect(tableGet(base, pk)).toEqual({ i: 1234 });
  });

  it('unordered tables (meta, indexes, endpoints) read the same, without an insertion log', () => {
    const model = new Model();
    const written = record(prefill(100));
    model.apply(written);
    const table = write(undefined, written, false);
    expect(isSharded(table)).toBe(true);
    expect(orderOf(table)).toBeNull();
    expectMatches(table, model, PROBES, false);
  });

  it('a sharded table is plain JSON: an object of arrays, null, numbers and the stored values', () => {
    const table = write(undefined, record([...prefill(80), ['__proto__', { id: 'p' }], ['', 'empty']]), true);
    expect(isSharded(table)).toBe(true);
    const text = JSON.stringify(table);
    const clone = JSON.parse(text) as Table;
    expect(clone).toEqual(table);
    expect(JSON.stringify(clone)).toBe(text);
    expect(tableKeys(clone)).toEqual(tableKeys(table));
    expect(tableGet(clone, '__proto__')).toEqual({ id: 'p' });
    expect(tableGet(clone, '')).toBe('empty');
    expect(tableObject(clone)).toEqual(tableObject(table));
  });

  it('the layout is a pure function of the writes: same writes, same JSON; a hydrated table takes writes alike', () => {
    const pairs = prefill(150);
    const a = write(write(undefined, record(pairs), true), record([['p3', undefined], ['z', 1]]), true);
    const b = write(write(undefined, record(pairs.map(([pk, value]) => [pk, structuredClone(value)])), true), record([['p3', undefined], ['z', 1]]), true);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const hydrated = JSON.parse(JSON.stringify(a)) as Table;
    const later = record([['p5', undefined], ['1000', 'x'], ['y', 2]]);
    expect(JSON.stringify(write(hydrated, later, true))).toBe(JSON.stringify(write(a, later, true)));
  });

  it('hashPk is a pure 32-bit hash pinned by TABLE_VERSION (the serialized format)', () => {
    expect(TABLE_VERSION).toBe(4);
    const pinned = ['', '0', '1', 'a', '__proto__', 'User', '{"group":"react"}', 'é😀'].map(hashPk);
    expect(pinned).toEqual(PINNED_HASHES);
    for (const h of pinned) expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    const slots = new Set(Array.from({ length: 2000 }, (_, i) => hashPk(String(i)) & 31));
    expect(slots.size).toBe(32);
  });

  it('routeOf, the route through the trie (format 4), takes bits 0…14 from the hash of the pk without its last two characters and the others from its own hash', () => {
    const pks = ['', '0', '1', 'a', '__proto__', 'User', '{"group":"react"}', 'é😀', 'post-12345'];
    for (const pk of pks) expect(routeOf(pk)).toBe(((hashPk(pk.slice(0, Math.max(0, pk.length - 2))) & 0x7fff) | (hashPk(pk) & ~0x7fff)) >>> 0);
    // Pks that differ in their last two characters share their slots at depths 0 to 2, and only those.
    const group = Array.from({ length: 100 }, (_, i) => routeOf(`post-123${String(i).padStart(2, '0')}`));
    expect(new Set(group.map((h) => h & 0x7fff)).size).toBe(1);
    expect(new Set(group.map((h) => (h >>> 15) & 31)).size).toBeGreaterThan(25);
    // Groups still spread over every slot.
    expect(new Set(Array.from({ length: 2000 }, (_, i) => routeOf(`post-${i * 100}`) & 31)).size).toBe(32);
  });

  it('a write of 1,000 sequential pks into a table of 20,000 copies a few subtrees, not a leaf per pk', () => {
    const table = write(undefined, record(Array.from({ length: 20_000 }, (_, i) => [`post-${i}`, { i }])), true);
    const next = write(table, record(Array.from({ length: 1000 }, (_, i) => [`post-${20_000 + i}`, { i }])), true);
    // Nodes of `next` that are not in `table`: what the write allocated.
    const old = new Set<unknown>();
    const collect = (node: unknown, into: (n: unknown[]) => void) => {
      if (!Array.isArray(node)) return;
      into(node);
      if (isBranch(node)) for (const child of node) collect(child, into);
    };
    collect(shardsOf(table), (n) => old.add(n));
    let copied = 0;
    collect(shardsOf(next), (n) => {
      if (!old.has(n)) copied++;
    });
    // 1,000 pks in 10 groups of 100; routed by their own hash they copied 671 nodes.
    expect(copied).toBeLessThan(150);
    for (let i = 0; i < 21_000; i += 97) expect(tableGet(next, `post-${i}`)).toEqual({ i: i < 20_000 ? i : i - 20_000 });
  });
});

/** hashPk of the pks in the pinning test above, for table formats 1 to 3 (FNV-1a over UTF-16 units, murmur3 fmix32; checked against an independent implementation). */
const PINNED_HASHES = [2872998923, 1693486945, 1428125071, 444641715, 3182021803, 1812800169, 724428024, 4159213040];

describe('tables: big tables', () => {
  it('20,000 entries in one write: every read matches, in table order', () => {
    const pairs: Array<[string, unknown]> = [];
    for (let i = 0; i < 20_000; i++) pairs.push([i % 4 === 0 ? `s${19_999 - i}` : String((i * 7919) % 100_003), { i }]);
    const model = new Model();
    const written = record(pairs);
    model.apply(written);
    const table = write(undefined, written, true);
    expect(isSharded(table)).toBe(true);
    expect(tableSize(table)).toBe(model.keys().length);
    expect(tableKeys(table)).toEqual(model.keys());
    expect(firstMismatch(table, model, model.keys())).toBeUndefined();
    expect(Object.keys(tableObject(table))).toEqual(model.keys());
  });

  it('20,000 entries written in 200 batches match the model; an old version is unchanged', () => {
    const model = new Model();
    let table: Table | undefined;
    let early: { table: Table; json: string } | undefined;
    for (let b = 0; b < 200; b++) {
      const pairs: Array<[string, unknown]> = [];
      for (let i = 0; i < 100; i++) {
        const n = b * 100 + i;
        pairs.push([n % 3 === 0 ? `id-${n}` : String(n * 13), { n }]);
      }
      const written = record(pairs);
      model.apply(written);
      table = write(table, written, true);
      if (b === 10) early = { table, json: JSON.stringify(table) };
    }
    expect(tableSize(table)).toBe(20_000);
    expect(tableKeys(table)).toEqual(model.keys());
    expect(firstMismatch(table, model, [...model.keys(), 'id-0x', '-5'])).toBeUndefined();
    expect(JSON.stringify(early!.table)).toBe(early!.json);
    expect(tableSize(early!.table)).toBe(1100);
  });

  it('writes that insert and replace several pairs of one leaf at once (no removals) match the model; the old version is unchanged', () => {
    const model = new Model();
    let table: Table | undefined;
    for (let b = 0; b < 30; b++) {
      const pairs: Array<[string, unknown]> = [];
      // Each batch adds 100 pks and replaces 100 written before (about six changes per leaf of a 32-leaf trie).
      for (let i = 0; i < 100; i++) pairs.push([`p${b * 100 + i}`, { b, i }]);
      for (let i = 0; i < 100 && b > 0; i++) pairs.push([`p${(i * 37) % (b * 100)}`, { b, replaced: i }]);
      const written = record(pairs);
      const before = table === undefined ? undefined : { table, json: JSON.stringify(table) };
      model.apply(written);
      table = write(table, written, true);
      expect(firstMismatch(table, model, model.keys())).toBeUndefined();
      if (before !== undefined) expect(JSON.stringify(before.table)).toBe(before.json);
    }
    expect(tableSize(table)).toBe(3000);
    expect(tableKeys(table)).toEqual(model.keys());
  });

  it('after many removals and re-adds the order stays right, and the insertion log stays bounded (compaction)', () => {
    const model = new Model();
    const initial = record(Array.from({ length: 1000 }, (_, i) => [i % 5 === 0 ? String(i) : `k${i}`, { i }]));
    model.apply(initial);
    let table = write(undefined, initial, true);
    let maxLog = 0;
    for (let round = 0; round < 60; round++) {
      // Remove a stripe, then re-add half of it (re-added pks go to the end) and add new pks.
      const stripe = Array.from({ length: 40 }, (_, j) => `k${(round * 37 + j * 17) % 1000}`).filter((pk) => pk !== 'k0');
      const removal = record(stripe.map((pk) => [pk, undefined]));
      model.apply(removal);
      table = write(table, removal, true);
      const readd = record([...stripe.filter((_, j) => j % 2 === 0).map((pk) => [pk, { round }] as [string, unknown]), [`n${round}`, { round }]]);
      model.apply(readd);
      table = write(table, readd, true);
      if (round % 10 === 9) expect(tableKeys(table)).toEqual(model.keys());
      const log = orderOf(table)!;
      const length = log.reduce((sum, chunk) => sum + chunk.length, 0);
      maxLog = Math.max(maxLog, length);
    }
    expect(tableKeys(table)).toEqual(model.keys());
    expect(firstMismatch(table, model, [...model.keys(), 'k1', 'k18', 'n0'])).toBeUndefined();
    // The log only holds non-integer pks: about 800 live ones; removals alone would have grown it by ~1,200.
    expect(maxLog).toBeLessThanOrEqual(2 * tableSize(table) + 256 + 40);
    const clone = JSON.parse(JSON.stringify(table)) as Table;
    expect(tableKeys(clone)).toEqual(model.keys());
  });

  it('only canonical array indexes sort first: decimal, signed and padded pks keep insertion order in a trie, as in an object', () => {
    const pks = ['b', '1.5', '2', '0.25', '-1', '01', '4294967295', '4294967294', '3.0', 'a', '10', '1e3', '7.75'];
    const pairs = [...prefill(70), ...pks.map((pk) => [pk, { pk }] as [string, unknown])];
    const model = new Model();
    model.apply(record(pairs));
    expect(model.keys().slice(0, 4)).toEqual(['2', '10', '1000', '1002']);
    const inOneWrite = write(undefined, record(pairs), true);
    expect(isSharded(inOneWrite)).toBe(true);
    expect(tableKeys(inOneWrite)).toEqual(model.keys());
    let oneByOne: Table | undefined;
    for (const [pk, value] of pairs) oneByOne = set(oneByOne, pk, value, true);
    expect(tableKeys(oneByOne)).toEqual(model.keys());
    expect(Object.keys(tableObject(oneByOne))).toEqual(model.keys());
  });

  it('removing every entry of a big table, then adding some back, orders by the new insertion', () => {
    const pks = Array.from({ length: 300 }, (_, i) => `q${i}`);
    let table = write(undefined, record(pks.map((pk) => [pk, 1])), true);
    table = write(table, record(pks.map((pk) => [pk, undefined])), true);
    expect(tableSize(table)).toBe(0);
    expect(tableKeys(table)).toEqual([]);
    expect(tableObject(table)).toEqual({});
    table = write(table, record([['q5', 2], ['7', 3], ['q1', 4]]), true);
    expect(tableKeys(table)).toEqual(['7', 'q5', 'q1']);
    expect(tableGet(table, 'q2')).toBeUndefined();
  });
});

describe('tables: property tests against the model', () => {
  it('random write sequences (ordered): reads, order, copy-on-write, sharing and JSON match the model', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(0), fc.nat({ max: 130 })), fc.array(batchArb, { minLength: 1, maxLength: 10 }), (initial, batches) => {
        runSequence(initial, batches, true);
      }),
      { seed, numRuns: 300, ...shrinkBudget },
    );
  });

  it('random write sequences (unordered tables): reads and JSON match the model', () => {
    fc.assert(
      fc.property(fc.nat({ max: 130 }), fc.array(batchArb, { minLength: 1, maxLength: 8 }), (initial, batches) => {
        runSequence(initial, batches, false);
      }),
      { seed, numRuns: 100, ...shrinkBudget },
    );
  });

  it('one-pk writes through tableSet match the model (integer-like, non-canonical and hostile pks)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 200 }), (ops) => {
        const model = new Model();
        let table: Table | undefined;
        for (const op of ops) {
          const written = batchRecord([op], model);
          const before = table;
          const changed = model.apply(written);
          table = set(table, op[0], written[op[0]], true);
          if (before !== undefined && !changed) expect(table).toBe(before);
        }
        expectMatches(table, model, PROBES);
      }),
      { seed, numRuns: 150, ...shrinkBudget },
    );
  });
});
