import { DenormalizeContext } from './denormalizeContext';
import { tablesReader } from './reader';
import { toNode } from './toNode';
import type { Denormalize, EntityTables } from './types';

/**
 * Reads a normalized `result` back against `entities` (SPEC 5.11): Entity instances, with
 * `undefined` for a missing or deleted top-level entity. Not memoized; use `MemoCache` for
 * referentially stable reads.
 */
export function denormalize<S>(schema: S, result: unknown, entities: EntityTables, args: readonly unknown[] = []): Denormalize<S> | undefined {
  const node = toNode(schema);
  if (node === undefined) return result as Denormalize<S>;
  const ctx = new DenormalizeContext(tablesReader({ entities }), args, undefined, entities);
  return node.denormalize(result, ctx, undefined) as Denormalize<S> | undefined;
}
