import { isStackOverflow, tooDeepToRead } from '../internal/stack';
import { DenormalizeContext } from './denormalizeContext';
import { Deeper } from './memoCell';
import { MemoCache } from './MemoCache';
import { tablesReader } from './reader';
import { toNode } from './toNode';
import type { Denormalize, EntityTables } from './types';

/**
 * Reads a normalized `result` back against `entities` (see docs/internals.md#the-write-path): Entity instances, with
 * `undefined` for a missing or deleted top-level entity. Not memoized; use `MemoCache` for
 * referentially stable reads.
 *
 * @example
 * const { result, entities } = normalize(Post, { id: 1, title: 'hi', author: { id: 7, username: 'ann' } });
 * const post = denormalize(Post, result, entities); // Post { author: User }
 * post?.author.username; // 'ann'
 * denormalize(Post, '2', entities); // undefined: no Post 2 stored
 */
export function denormalize<S>(schema: S, result: unknown, entities: EntityTables, args: readonly unknown[] = []): Denormalize<S> | undefined {
  const node = toNode(schema);
  if (node === undefined) return result as Denormalize<S>;
  const ctx = new DenormalizeContext(tablesReader({ entities }), args, undefined, entities, toNode);
  try {
    return node.denormalize(result, ctx, undefined) as Denormalize<S> | undefined;
  } catch (error) {
    // Entities linked deeper than one recursive read goes: a memoized read splits it (a new cache, so every instance is new as here).
    if (error instanceof Deeper) return new MemoCache().denormalize(schema, result, entities, args).data;
    throw isStackOverflow(error) ? tooDeepToRead(node.describe()) : error;
  }
}
