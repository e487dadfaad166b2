import { chainDelete, chainSet, entryHolds, keysOf } from './denormalizeContext';
import type { Building, CachedEntry, DenormalizeContext, InstanceEntry, KeySet } from './denormalizeContext';

/**
 * Memoized reads of stored cells (see docs/internals.md#memoized-reads): an entity object read as an instance of its class,
 * a stored collection read as its list. Each is built once per stored object and reader, in its
 * own dependency frame, so that it is one object wherever it is read (a list row and a detail
 * view, a collection at the top and nested in an entity) and is rebuilt only when something it
 * read changed. Cycles (see docs/internals.md#cycles) are built once: an instance reached again while its cycle is open
 * is the same instance, and the whole cycle is cached with one shared entry.
 */

/** How one kind of stored cell is read (an entity class, a collection's items). */
export interface CellReader {
  /** Whether the stored value reads as missing (an entity that fails `validate`). */
  rejects(stored: object): boolean;
  /** Whether filling reads other cells (through which a cycle may come back to this one). */
  opens(ctx: DenormalizeContext): boolean;
  /** The empty instance, handed out to cycles before it is filled. */
  create(stored: object): object;
  /** Fills the instance, reusing unchanged values of `previous` (the outdated instance, if any). */
  fill(pk: string, stored: object, instance: object, ctx: DenormalizeContext, previous: object | undefined): void;
}

/** The memoized read of the stored object `stored` (at `key`/`pk`) by `reader`. */
export function readCell(ctx: DenormalizeContext, reader: CellReader, key: string, pk: string, stored: object): object | undefined {
  // The hot path (an unchanged cell read again) is kept small, so that it is inlined.
  let entry = ctx.memo!.instances.get(stored);
  while (entry !== undefined && entry.by !== reader) entry = entry.next;
  if (entry !== undefined) {
    // Already valid in this state: read by several parents (one author of many posts), each of
    // which points at its entry, so that it is checked once per state rather than once per parent.
    if (entry.validAt === ctx.token) {
      ctx.children.push(entry);
      return entry.instance;
    }
    // Found by this stored object, so its own cell (every entry's first triple) holds already.
    if (entryHolds(entry, ctx.reader, ctx.token, 3)) {
      adopt(ctx, entry);
      return entry.instance;
    }
  }
  return readChanged(ctx, reader, key, pk, stored, entry?.instance);
}

/**
 * The instance the answer being rebuilt held at this place, when it is still valid: the entry its
 * frame held at the same position (`reuse`, the previous answer's entries, in read order), if that
 * entry is this reader's for the same cell and holds in this state. Taken without looking the
 * cell up nor finding the stored object's entry, so that rebuilding an answer after one change
 * costs little more, per unchanged instance, than the check that found it outdated (which
 * stamped the entries it proved). An entry that holds is this cell's instance in this state, as
 * the whole previous answer is when it holds. Positions only line up in the answer's own frame
 * (depth 0), where every instance is an entry of its own (`adopt`); a list that changed order or
 * length just misses and reads the usual way.
 */
export function reusedAt(ctx: DenormalizeContext, by: CellReader, key: string, pk: string): object | undefined {
  if (ctx.depth !== 0) return undefined;
  const entry = ctx.reuse[ctx.children.length] as InstanceEntry | undefined;
  if (entry === undefined || entry.by !== by || entry.cells[1] !== pk || entry.cells[0] !== key) return undefined;
  if (entry.validAt !== ctx.token && !entryHolds(entry, ctx.reader, ctx.token)) return undefined;
  ctx.children.push(entry);
  return entry.instance;
}

/** `readCell` when there is no valid entry: an instance this read is building (a cycle), or a new one. */
function readChanged(ctx: DenormalizeContext, reader: CellReader, key: string, pk: string, stored: object, previous: object | undefined): object | undefined {
  const head = ctx.inProgress.get(stored);
  for (let building = head; building !== undefined; building = building.next) {
    if (building.by !== reader) continue;
    ctx.cells.push(key, pk, stored);
    if (building.depth < ctx.low) ctx.low = building.depth;
    return building.instance;
  }
  if (reader.rejects(stored)) {
    ctx.cells.push(key, pk, stored);
    return undefined;
  }
  return build(ctx, reader, key, pk, stored, previous, head === undefined);
}

/** Builds the instance in its own dependency frame and caches its entry (cycle-aware). */
function build(ctx: DenormalizeContext, reader: CellReader, key: string, pk: string, stored: object, previous: object | undefined, alone: boolean): object {
  if (ctx.depth >= ctx.splitAt) throw new Deeper(reader, key, pk, stored);
  const outerCells = ctx.cells;
  const outerChildren = ctx.children;
  const outerLow = ctx.low;
  const cells: unknown[] = [key, pk, stored];
  let children: CachedEntry[] = [];
  ctx.cells = cells;
  ctx.children = children;
  ctx.low = Infinity;
  const depth = ++ctx.depth;
  const instance = reader.create(stored);
  const building: Building = { instance, by: reader, depth, next: undefined };
  // Only a reader that reads other cells can be reached again while it fills (a cycle).
  const opens = reader.opens(ctx);
  // Nothing else is being built from this stored object (the usual case): no chain to walk.
  if (opens && alone) ctx.inProgress.set(stored, building);
  else if (opens) chainSet(ctx.inProgress, stored, building);
  reader.fill(pk, stored, instance, ctx, previous);
  ctx.depth--;
  const low = ctx.low;
  ctx.low = low < outerLow ? low : outerLow;
  ctx.cells = outerCells;
  ctx.children = outerChildren;
  if (low < depth) {
    deferIntoCycle(ctx, key, pk, stored, building, depth, low, cells, children);
    return instance;
  }
  if (opens && alone && building.next === undefined) ctx.inProgress.delete(stored);
  else if (opens) chainDelete(ctx.inProgress, stored, reader);
  // An entry without children makes its keys when first asked (`keysOf`): most are folded and never are.
  let keys: KeySet | undefined;
  if (children.length === 0) children = NO_CHILDREN;
  else keys = keysOf(cells, children);
  const entry: InstanceEntry = { instance, by: reader, next: undefined, cells, children, keys, validAt: ctx.token };
  const instances = ctx.memo!.instances;
  chainSet(instances, stored, entry);
  const deferred = ctx.deferred;
  while (deferred.length > 0 && deferred[deferred.length - 1]!.depth > depth) {
    const member = deferred.pop()!;
    chainDelete(ctx.inProgress, member.stored, member.building.by);
    // A member's entry starts with its own cell, like every entry (an answer rebuilt later takes
    // entries by that cell, see `reusedAt`), and depends on the whole cycle through the root's.
    const own = [member.key, member.pk, member.stored];
    chainSet(instances, member.stored, { instance: member.building.instance, by: member.building.by, next: undefined, cells: own, children: [entry], keys: undefined, validAt: ctx.token });
  }
  adopt(ctx, entry);
  return instance;
}

/**
 * The children of an entry that has none (most: theirs are folded in): one array, which every
 * check finds in cache. Never written: an entry's children are read-only once it is made.
 */
const NO_CHILDREN: CachedEntry[] = [];

/**
 * Adds an entry built or proven by this read to the enclosing frame (see
 * docs/internals.md#dependency-frames). A small entry without children (an entity without
 * nested entities, most of an answer's) is folded into an entity's frame: its cells are copied,
 * so the parent depends on the same cells, and validating the parent is one loop over its own
 * cells that never visits the child. After one change, an answer's check is then one comparison
 * per cell instead of a walk through one entry per entity. Bounded: at most 4 cells per child.
 * The answer's own frame (depth 0) keeps its entries, so that its check marks each one found
 * valid and the rebuild that follows does not check it again.
 */
function adopt(ctx: DenormalizeContext, entry: InstanceEntry): void {
  const cells = entry.cells;
  if (ctx.depth === 0 || entry.children.length > 0 || cells.length > 12) ctx.children.push(entry);
  else ctx.cells.push(...cells);
}

/**
 * An instance done inside a cycle whose root (at depth `low`) is still being built: its
 * dependencies join the enclosing frame, and it stays findable, as part of that cycle, until the
 * root caches it. Without the latter, a second path to it in the same read would build a second
 * instance (`report.publishedBy !== report.draftedBy`).
 */
function deferIntoCycle(ctx: DenormalizeContext, key: string, pk: string, stored: object, building: Building, depth: number, low: number, cells: unknown[], children: CachedEntry[]): void {
  for (let i = 0; i < cells.length; i++) ctx.cells.push(cells[i]);
  for (let i = 0; i < children.length; i++) ctx.children.push(children[i]!);
  building.depth = low;
  // Members deferred below this frame now belong to the same, larger cycle.
  const deferred = ctx.deferred;
  for (let i = deferred.length - 1; i >= 0 && deferred[i]!.depth > depth; i--) {
    if (deferred[i]!.building.depth > low) deferred[i]!.building.depth = low;
  }
  deferred.push({ key, pk, stored, building, depth });
}

/** Thrown by a read that reached its split depth: the cell to read first, on its own. */
export class Deeper {
  constructor(
    readonly reader: CellReader | undefined,
    readonly key: string,
    readonly pk: string,
    readonly stored: object,
  ) {}
}

/**
 * Runs `read` in a fresh context from `context()` until it completes. A read that reached the
 * split depth stops at the deeper cell; that cell is read first, as a read of its own (which may
 * itself stop deeper), and cached, so that the next try finds it done: any depth is read with a
 * bounded stack, each entity built once more at most. A cell reached again while it is still
 * waiting for a deeper one is part of a cycle longer than the split depth, which is cached as one
 * entry and so cannot be split: the read then goes on without splitting.
 */
export function readSplitting<T>(context: () => DenormalizeContext, read: (ctx: DenormalizeContext) => T): { ctx: DenormalizeContext; value: T } {
  const waiting: Deeper[] = [];
  let splitAt: number | undefined;
  for (;;) {
    const ctx = context();
    if (splitAt !== undefined) ctx.splitAt = splitAt;
    try {
      if (waiting.length === 0) return { ctx, value: read(ctx) };
      const cell = waiting[waiting.length - 1]!;
      readCell(ctx, cell.reader!, cell.key, cell.pk, cell.stored);
      waiting.pop();
    } catch (error) {
      if (!(error instanceof Deeper)) throw error;
      if (waiting.some((cell) => cell.stored === error.stored && cell.reader === error.reader)) splitAt = Infinity;
      else waiting.push(error);
    }
  }
}
