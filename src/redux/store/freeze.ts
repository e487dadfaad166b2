import { isSharded as isShardedTable } from './tables';

/**
 * Development-only freezing of the slice, so that Redux Toolkit's default dev checks stay cheap
 * (bench/README.md, "Development checks", has the figures).
 *
 * RTK's immutability check walks every object of the state on every dispatch except frozen
 * ones, and its serializability check walks every object except frozen ones it has already
 * walked. Immer freezes what it produces; our copy-on-write reducer did not, so both checks
 * walked the whole cache on every dispatch (about a second per dispatch at 8,000 cached issues).
 *
 * But freezing everything is not free either: before the serializability check remembers a
 * frozen object it walks the object's whole subtree once more to see that all of it is frozen.
 * A write replaces the objects on the path from the slice to the cells it changed, so a frozen
 * slice root would cost a walk of the whole cache on every write (what `createEntityAdapter`
 * pays: 100–200 ms per write at 8,000 issues). So an object is frozen only while its subtree
 * holds at most FREEZE_LIMIT values; the few larger ones (the slice, its maps of tables, the
 * roots of large tables) stay unfrozen, and the checks walk just their own slots on each
 * dispatch. Every object is then either frozen or watched by the immutability check, so a
 * mutation still fails in development, as with Immer.
 *
 * The reducer calls `freezeState` on each state it returns: objects it has seen before are
 * skipped at once (their weight is remembered), so a write costs what it created, and an
 * unchanged state costs one lookup. A state the reducer did not create (preloaded, hydrated,
 * replaced by another reducer) is walked once, the first time it passes through.
 */

/**
 * The most values (properties and array items, counted through nested objects) that a frozen
 * object may hold. Chosen with the dev-checks workload (bench/workloads/devChecks.ts): larger
 * limits make writes pay the serializability check's walk of bigger subtrees (a write costs up to
 * about this many values per table it touches, ~1 ms at 8,192); smaller ones leave more objects
 * unfrozen for both checks to walk on every dispatch (the branches of an 8,000-issue table at 4,096).
 */
export const FREEZE_LIMIT = 8_192;

/** The weight (values in the subtree, plus one per object) of every object already settled. */
const weights = new WeakMap<object, number>();

/** Pushes `node`'s object children onto `out`; returns how many values it holds. */
function childrenOf(node: object, out: object[]): number {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null) out.push(child);
    }
    return node.length;
  }
  let count = 0;
  for (const key in node) {
    count++;
    const child: unknown = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null) out.push(child);
  }
  return count;
}

/**
 * Freezes the objects of `state` not seen before whose subtree holds at most FREEZE_LIMIT
 * values, and remembers every object's weight. Iterative (not recursive), so that JSON nested
 * as deeply as a response may be never overflows the stack here.
 */
export function freezeState<T>(state: T): T {
  if (typeof state !== 'object' || state === null || weights.has(state)) return state;
  // A depth-first walk in post-order: an object is settled once all its children are.
  const path: object[] = [];
  const pending: object[][] = [];
  const sums: number[] = [];
  const onPath = new Set<object>();
  const enter = (node: object) => {
    const children: object[] = [];
    sums.push(1 + childrenOf(node, children));
    pending.push(children);
    path.push(node);
    onPath.add(node);
  };
  enter(state);
  while (path.length > 0) {
    const top = path.length - 1;
    const child = pending[top]!.pop();
    if (child !== undefined) {
      const known = weights.get(child);
      if (known !== undefined) sums[top]! += known;
      // A cycle is not JSON (RTK's serializability check reports it); it must not hang us.
      else if (!onPath.has(child)) enter(child);
      continue;
    }
    const node = path.pop()!;
    onPath.delete(node);
    pending.pop();
    const weight = sums.pop()!;
    if (weight <= FREEZE_LIMIT) Object.freeze(node);
    weights.set(node, weight);
    if (top > 0) sums[top - 1]! += weight;
  }
  return state;
}

/**
 * Freezes the plain tables of a slice whatever they weigh. A plain table holds at
 * most `shardTablesAbove` entries (2,000 by default), so it may weigh far more than FREEZE_LIMIT;
 * left open, both checks walked its every slot on every dispatch (7 ms per unrelated dispatch at
 * 2,000 cached issues). Frozen, the immutability check skips it and the serializability check
 * walks it once per write of its type, bounded by the threshold (bench/README.md, "Development
 * checks"). Sharded tables keep the weight rule: their root holds the whole table, and a write
 * replaces it. O(number of tables) per call.
 */
export function freezePlainTables(slice: { entities: object; entitiesMeta: object; indexes: object; endpoints: object; meta: object }): void {
  const freezeTable = (table: unknown) => {
    if (typeof table === 'object' && table !== null && !Object.isFrozen(table) && !isShardedTable(table)) Object.freeze(table);
  };
  for (const table of Object.values(slice.entities)) freezeTable(table);
  for (const table of Object.values(slice.entitiesMeta)) freezeTable(table);
  for (const fields of Object.values(slice.indexes)) for (const table of Object.values(fields as object)) freezeTable(table);
  freezeTable(slice.endpoints);
  freezeTable(slice.meta);
}
