import type { QueryContext, Resolve } from './node';
import type { EntityReader } from './types';

/** Marker in a dependency triple meaning "the whole table" (see docs/concepts.md#schemas). */
export const TABLE = '\u0000table';

/**
 * How many entities deep one read descends by recursion. A read of entities linked thousands deep
 * (a `next` chain) would overflow the JavaScript stack, so deeper cells are read first, each as a
 * read of its own, and the outer read then finds them cached (see `readSplitting`); validation
 * walks deeper entries with an explicit stack.
 */
export const SPLIT_DEPTH = 200;

/**
 * What a memoized value depends on: its own direct cells and the entries of the entity
 * instances it holds. Validation walks this tree once per reader state (`validAt`), so a parent
 * never copies its children's dependencies.
 */
export interface MemoEntry {
  /** Triples `[key, pk, cell, …]`: cells read directly (missing or deleted references,
   * collections, `TABLE` tokens); an entity entry's own cell comes first. */
  readonly cells: readonly unknown[];
  /** Entries of the entity instances held directly. */
  readonly children: readonly CachedEntry[];
  /** The reader state this entry was last found valid in. */
  validAt: unknown;
}

/** An entry cached for reuse by later reads (an instance's). */
export interface CachedEntry extends MemoEntry {
  /**
   * The distinct entity keys of every cell of this entry's tree (`keysOf`): made with the entry
   * from its own cells and its children's keys, so no table it depends on is left out. An entry
   * without children makes them from its cells when first asked (most are folded into their
   * parent and never are).
   */
  keys?: KeySet;
}

/**
 * A set of entity keys, interned: one object per sequence of keys, like hidden classes, so that
 * entries that read the same tables (rows of a list) share one, and adding a key to a set is one
 * lookup. Bounded by the sequences an app's schemas read.
 */
export interface KeySet {
  readonly list: readonly string[];
  /** The sets with one more key, by that key. */
  readonly next: Map<string, KeySet>;
}

const keySet = (list: readonly string[]): KeySet => ({ list, next: new Map() });
const NO_KEYS = keySet([]);

function adding(keys: KeySet, key: string): KeySet {
  if (keys.list.includes(key)) return keys;
  let out = keys.next.get(key);
  if (out === undefined) keys.next.set(key, (out = keySet(keys.list.concat(key))));
  return out;
}

/** The distinct entity keys of `cells` and of every child's `keys`: what an entry made of them depends on. */
export function keysOf(cells: readonly unknown[], children: readonly CachedEntry[]): KeySet {
  let out = NO_KEYS;
  for (let i = 0; i < cells.length; i += 3) out = adding(out, cells[i] as string);
  let last: KeySet | undefined;
  for (const child of children) {
    const keys = (child.keys ??= keysOf(child.cells, child.children));
    // Rows of a list mostly share one set: each distinct set in a run is added once.
    if (keys === last) continue;
    last = keys;
    for (const key of keys.list) out = adding(out, key);
  }
  return out;
}

/**
 * An entity instance (or a collection's list) built by a memoized read, cached under its stored
 * object. Entries of one stored object are chained by cell reader (`by`): entity classes that
 * share a `static key` read one stored object as different classes.
 */
export interface InstanceEntry extends CachedEntry {
  readonly instance: object;
  readonly by: object;
  next: InstanceEntry | undefined;
}

/** An instance being built by the current read, found again by its stored object and reader (cycles, see docs/internals.md#cycles). */
export interface Building {
  readonly instance: object;
  readonly by: object;
  /** Depth of the frame that will cache it: its own while it is filled, its cycle root's once it is done inside a cycle. */
  depth: number;
  next: Building | undefined;
}

interface Chained<T> {
  readonly by: object;
  next: T | undefined;
}

/** A Map or WeakMap keyed by stored objects. */
interface ObjectMap<T> {
  get(key: object): T | undefined;
  set(key: object, value: T): unknown;
  delete(key: object): boolean;
}

/**
 * The value `by` keeps for `stored`. Values are chained per stored object so that the common case
 * (one reader per stored object) costs one lookup and one comparison.
 */
export function chainGet<T extends Chained<T>>(map: ObjectMap<T>, stored: object, by: object): T | undefined {
  let value = map.get(stored);
  while (value !== undefined && value.by !== by) value = value.next;
  return value;
}

/** Sets `value` as the value of `value.by` for `stored`, replacing that reader's previous one. */
export function chainSet<T extends Chained<T>>(map: ObjectMap<T>, stored: object, value: T): void {
  const first = map.get(stored);
  if (first === undefined || first.by === value.by) {
    value.next = first?.next;
    map.set(stored, value);
    return;
  }
  let at = first;
  while (at.next !== undefined && at.next.by !== value.by) at = at.next;
  value.next = at.next?.next;
  at.next = value;
}

/** Removes the value of `by` for `stored`. */
export function chainDelete<T extends Chained<T>>(map: ObjectMap<T>, stored: object, by: object): void {
  const first = map.get(stored);
  if (first === undefined) return;
  if (first.by === by) {
    if (first.next === undefined) map.delete(stored);
    else map.set(stored, first.next);
    return;
  }
  for (let at = first; at.next !== undefined; at = at.next) {
    if (at.next.by === by) {
      at.next = at.next.next;
      return;
    }
  }
}

const NO_ENTRIES: readonly CachedEntry[] = [];

/**
 * State a MemoCache keeps across reads.
 *
 * Instances are cached by the identity of the stored object they were read from (a `WeakMap`):
 * a write that replaces a cell drops the old stored object from the state, and with it its
 * instance and entry, with nothing else to clean up.
 */
export interface MemoState {
  /** By stored object: its instances, chained by cell reader (see `InstanceEntry`). */
  readonly instances: WeakMap<object, InstanceEntry>;
  /** `Query` reads: query node → (args key, result) → the inner value and the output made from it. */
  readonly queries: WeakMap<object, Map<string, { inner: unknown; output: unknown }>>;
}

/**
 * One read. With a MemoState it records dependencies into the current frame (`cells`,
 * `children`) and reuses instances whose entries still hold (see docs/internals.md#memoized-reads); without one it builds
 * everything fresh.
 */
export class DenormalizeContext implements QueryContext {
  cells: unknown[] = [];
  children: CachedEntry[] = [];
  /**
   * Stored objects whose instance this read is building, or built inside a cycle that is not
   * done yet (see docs/internals.md#cycles): reached again, they give the same instance.
   */
  readonly inProgress = new Map<object, Building>();
  depth = 0;
  /** Entity depth at which this read stops and has the deeper cell read first (`SPLIT_DEPTH`; never, once splitting cannot help). */
  splitAt = SPLIT_DEPTH;
  /** Smallest depth of an in-progress instance referenced below the current frame. */
  low = Infinity;
  /** Instances inside a cycle, cached with their cycle root's entry once the root is done. */
  readonly deferred: { key: string; pk: string; stored: object; building: Building; depth: number }[] = [];

  constructor(
    readonly reader: EntityReader,
    readonly args: readonly unknown[],
    readonly memo: MemoState | undefined,
    /** Identity of the reader's state, for `MemoEntry.validAt`. */
    readonly token: unknown,
    /** Resolves member definitions (see `Resolve`). */
    readonly resolve: Resolve,
    /** The entries of the answer this read rebuilds, in the order its frame read them (see `reusedAt`). */
    readonly reuse: readonly CachedEntry[] = NO_ENTRIES,
  ) {}

  dep(key: string, pk: string, cell: unknown): void {
    if (this.memo !== undefined) this.cells.push(key, pk, cell);
  }
}

/**
 * Whether an entry still holds in `reader`: its cells (from index `from`) and, recursively, its
 * children. A child already found valid in this reader state is not checked again. Past
 * `SPLIT_DEPTH` levels the walk goes on with an explicit stack, so a long chain cannot overflow it.
 * `changed`, when given, are the only tables whose cells can differ (tables are copied on write,
 * see `MemoCache`): the others are not looked at.
 *
 * Every child is checked, even once the entry is known not to hold: an entry that does not hold
 * is rebuilt, and the rebuild reads its children again, so each child found valid is stamped now
 * and then taken as it is (`reusedAt`, `readCell`) instead of being checked twice.
 */
export function entryHolds(entry: MemoEntry, reader: EntityReader, token: unknown, from = 0, depth = 0, changed?: readonly unknown[]): boolean {
  let holds = cellsHold(entry.cells, reader, from, changed);
  const children = entry.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.validAt !== token && !(depth < SPLIT_DEPTH ? entryHolds(child, reader, token, 0, depth + 1, changed) : holdsDeep(child, reader, token, changed))) holds = false;
  }
  if (holds) entry.validAt = token;
  return holds;
}

/**
 * Whether the triples of `cells` (from index `from`) are still what `reader` stores, leaving out
 * the tables not in `changed` (when given). Over plain tables (`reader.table`) each cell is one
 * property load. A load that finds an inherited value (a pk such as "constructor" that is not
 * stored) can never equal a stored entity object, so it can only make the check fail, which just
 * rebuilds: never a stale answer.
 */
function cellsHold(cells: readonly unknown[], reader: EntityReader, from: number, changed: readonly unknown[] | undefined): boolean {
  const tableOf = reader.table;
  // Cells of one table come in runs (an entity's list of items): its table is looked up once per run.
  let key: unknown;
  let table: Record<string, unknown> | undefined;
  let skip = false;
  for (let i = from; i < cells.length; i += 3) {
    if (cells[i] !== key) {
      key = cells[i];
      skip = changed !== undefined && !changed.includes(key);
      if (tableOf !== undefined && !skip) table = tableOf(key as string);
    }
    if (skip) continue;
    const pk = cells[i + 1] as string;
    let current: unknown;
    if (pk === TABLE) current = reader.token(key as string);
    else if (tableOf === undefined) current = reader.entity(key as string, pk);
    else current = table === undefined ? undefined : table[pk];
    if (current !== cells[i + 2]) return false;
  }
  return true;
}

/**
 * `entryHolds` without recursion: every cell reachable through entries not yet valid must hold.
 * Entries seen by this walk carry its own mark until all are found valid (a failed walk leaves
 * them to be checked again).
 */
function holdsDeep(root: MemoEntry, reader: EntityReader, token: unknown, changed: readonly unknown[] | undefined): boolean {
  const mark = {};
  const entries = [root];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (!cellsHold(entry.cells, reader, 0, changed)) return false;
    for (const child of entry.children) {
      if (child.validAt !== token && child.validAt !== mark) {
        child.validAt = mark;
        entries.push(child);
      }
    }
  }
  for (const entry of entries) entry.validAt = token;
  return true;
}
