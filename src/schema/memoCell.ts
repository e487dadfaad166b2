import { chainDelete, chainGet, chainSet, entryHolds } from './denormalizeContext';
import type { Building, DenormalizeContext, InstanceEntry, MemoEntry } from './denormalizeContext';

/**
 * Memoized reads of stored cells (SPEC 5.13): an entity object read as an instance of its class,
 * a stored collection read as its list. Each is built once per stored object and reader, in its
 * own dependency frame, so that it is one object wherever it is read (a list row and a detail
 * view, a collection at the top and nested in an entity) and is rebuilt only when something it
 * read changed. Cycles (4.24) are built once: an instance reached again while its cycle is open
 * is the same instance, and the whole cycle is cached with one shared entry.
 */

/** Fills an instance that `buildCell` created (entity fields, list items). */
export interface CellFiller {
  fillCell(pk: string, stored: object, instance: object, ctx: DenormalizeContext, previous: object | undefined): void;
}

/**
 * The instance this memoized read already has for `stored` read by `by`: a cached one whose
 * dependencies still hold, or one this read is building (a cycle). Undefined means build it;
 * then `ctx.stale` holds the outdated instance, if any, for `buildCell` to reuse parts of.
 */
export function reuseCell(ctx: DenormalizeContext, by: object, key: string, pk: string, stored: object): object | undefined {
  const entry = chainGet(ctx.memo!.instances, stored, by);
  if (entry !== undefined) {
    // Found by this stored object, so its own cell (the first triple) holds already.
    if (entry.validAt === ctx.token || entryHolds(entry, ctx.reader, ctx.token, entry.cells[2] === stored ? 3 : 0)) {
      ctx.children.push(entry);
      return entry.instance;
    }
  }
  const building = chainGet(ctx.inProgress, stored, by);
  if (building !== undefined) {
    ctx.cells.push(key, pk, stored);
    if (building.depth < ctx.low) ctx.low = building.depth;
    return building.instance;
  }
  ctx.stale = entry?.instance;
  return undefined;
}

/** Builds `instance` from `stored` in its own dependency frame and caches its entry (cycle-aware). */
export function buildCell(ctx: DenormalizeContext, by: object, filler: CellFiller, key: string, pk: string, stored: object, instance: object): object {
  const previous = ctx.stale;
  ctx.stale = undefined;
  const outerCells = ctx.cells;
  const outerChildren = ctx.children;
  const outerLow = ctx.low;
  const cells: unknown[] = [key, pk, stored];
  const children: MemoEntry[] = [];
  ctx.cells = cells;
  ctx.children = children;
  ctx.low = Infinity;
  const depth = ++ctx.depth;
  const building: Building = { instance, by, depth, next: undefined };
  chainSet(ctx.inProgress, stored, building);
  filler.fillCell(pk, stored, instance, ctx, previous);
  ctx.depth--;
  const low = ctx.low;
  ctx.low = low < outerLow ? low : outerLow;
  ctx.cells = outerCells;
  ctx.children = outerChildren;
  if (low < depth) {
    deferIntoCycle(ctx, stored, building, depth, low, cells, children);
    return instance;
  }
  chainDelete(ctx.inProgress, stored, by);
  const entry: InstanceEntry = { instance, by, cells, children, validAt: ctx.token, next: undefined };
  const instances = ctx.memo!.instances;
  chainSet(instances, stored, entry);
  const deferred = ctx.deferred;
  while (deferred.length > 0 && deferred[deferred.length - 1]!.depth > depth) {
    const member = deferred.pop()!;
    chainDelete(ctx.inProgress, member.stored, member.building.by);
    chainSet(instances, member.stored, { instance: member.building.instance, by: member.building.by, cells, children, validAt: ctx.token, next: undefined });
  }
  outerChildren.push(entry);
  return instance;
}

/**
 * An instance done inside a cycle whose root (at depth `low`) is still being built: its
 * dependencies join the enclosing frame, and it stays findable, as part of that cycle, until the
 * root caches it. Without the latter, a second path to it in the same read would build a second
 * instance (`report.publishedBy !== report.draftedBy`).
 */
function deferIntoCycle(ctx: DenormalizeContext, stored: object, building: Building, depth: number, low: number, cells: unknown[], children: MemoEntry[]): void {
  for (let i = 0; i < cells.length; i++) ctx.cells.push(cells[i]);
  for (let i = 0; i < children.length; i++) ctx.children.push(children[i]!);
  building.depth = low;
  // Members deferred below this frame now belong to the same, larger cycle.
  const deferred = ctx.deferred;
  for (let i = deferred.length - 1; i >= 0 && deferred[i]!.depth > depth; i--) {
    if (deferred[i]!.building.depth > low) deferred[i]!.building.depth = low;
  }
  deferred.push({ stored, building, depth });
}
