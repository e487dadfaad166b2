import { isStackOverflow, tooDeepToRead } from '../internal/stack';
import { DenormalizeContext } from './denormalizeContext';
import { Deeper } from './memoCell';
import { MemoCache } from './MemoCache';
import type { SchemaNode } from './node';
import { tablesReader } from './reader';
import { toNode } from './toNode';
import type { Denormalize, EntityReader, EntityTables } from './types';

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
  return readOnce(node, result, tablesReader({ entities }), args) as Denormalize<S> | undefined;
}

/**
 * `denormalize` over any reader: a value built for one caller, kept by no cache (what a request's
 * promise resolves to when no reader has read its key yet). @internal
 */
export function readOnce(node: SchemaNode, result: unknown, reader: EntityReader, args: readonly unknown[]): unknown {
  const ctx = new DenormalizeContext(reader, args, undefined, undefined, toNode);
  try {
    return node.denormalize(result, ctx, undefined);
  } catch (error) {
    // Entities linked deeper than one recursive read goes: a memoized read splits it (a new cache, so every instance is new as here).
    if (error instanceof Deeper) return new MemoCache().reread(node, result, reader, {}, args, undefined).data;
    throw isStackOverflow(error) ? tooDeepToRead(node.describe()) : error;
  }
}
