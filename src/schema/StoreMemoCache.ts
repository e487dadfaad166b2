import { TABLE } from './denormalizeContext';
import type { MemoEntry } from './denormalizeContext';
import { forEachCell, MemoCache } from './MemoCache';
import type { MemoResult } from './MemoCache';
import type { SchemaNode } from './node';
import type { EntityReader } from './types';

/** Journal steps followed before falling back to a full validation. */
const MAX_JOURNAL_STEPS = 64;

/** The pks of every cell (and TABLE for a whole table) an answer depends on, by table; built on first use. */
const dependencySets = new WeakMap<MemoResult, Map<string, Set<string>>>();

/** Every dependency of an entry tree: pks by table (a whole table as TABLE). */
function dependencySet(root: MemoEntry): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  forEachCell(root, (key, pk) => {
    let pks = out.get(key);
    if (pks === undefined) out.set(key, (pks = new Set()));
    pks.add(pk);
  });
  return out;
}

/**
 * Whether the reader's journal leads from `token` back to the state `entry` was valid in
 * through writes that changed none of its cells (then it is still valid, in O(write)).
 */
function journalClears(entry: MemoResult, history: NonNullable<EntityReader['history']>, token: unknown): boolean {
  if (entry.validAt === undefined) return false;
  let at = token;
  let deps: Map<string, Set<string>> | undefined;
  for (let steps = 0; at !== entry.validAt; steps++) {
    const step = steps < MAX_JOURNAL_STEPS ? history(at) : undefined;
    if (step === undefined) return false;
    if (deps === undefined) {
      deps = dependencySets.get(entry);
      if (deps === undefined) dependencySets.set(entry, (deps = dependencySet(entry)));
    }
    const cells = step.cells;
    for (let i = 0; i < cells.length; i += 2) {
      const pks = deps.get(cells[i]!);
      if (pks !== undefined && (pks.has(cells[i + 1]!) || pks.has(TABLE))) return false;
    }
    at = step.previous;
  }
  return true;
}

/**
 * The MemoCache of a Redux store (see docs/internals.md#memoized-reads). The store's reader keeps
 * a write journal (`EntityReader.history`), so an answer whose cells no write touched is shown
 * valid in O(write), without walking its cells; and the store drops the answers of keys it
 * removes. Kept apart from `MemoCache` so that an app using the schema engine alone (normalize,
 * denormalize, MemoCache) does not bundle it.
 * @internal
 */
export class StoreMemoCache extends MemoCache {
  protected override holds(entry: MemoResult, reader: EntityReader, token: unknown): boolean {
    if (reader.history !== undefined && journalClears(entry, reader.history, token)) {
      entry.validAt = token;
      return true;
    }
    return super.holds(entry, reader, token);
  }

  /**
   * Whether an answer `read` returned still holds at `token` by identity or through a reader's
   * write journal alone, in O(write) and without looking the answer up again; it is then marked
   * valid there. `false` only means "not shown cheaply": the caller reads again (`read` also
   * walks the cells). For callers that keep the answer they show (the Redux selectors).
   */
  stillValid(entry: MemoResult, history: EntityReader['history'], token: unknown): boolean {
    if (entry.validAt === token) return true;
    if (history === undefined || !journalClears(entry, history, token)) return false;
    entry.validAt = token;
    return true;
  }

  /**
   * Drops the answer `read` stored for `result` (a primitive: an object result is held weakly
   * anyway) and `argsKey`, so that a long session's removed keys do not stay in the cache.
   */
  forget(node: SchemaNode, result: unknown, argsKey: string): void {
    const map = this.byValue.get(node);
    const byArgs = map?.get(result);
    if (byArgs === undefined) return;
    byArgs.delete(argsKey);
    if (byArgs.size === 0) map!.delete(result);
  }
}
