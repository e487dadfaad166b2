import { describeType, preview } from '../internal/json';
import { NormalizeError, reuseArray } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { SchemaNode } from './node';
import { ItemSchema } from './ItemSchema';
import type { Denormalize } from './types';

/**
 * A list of `X` (SPEC 4.32); `[X]` is shorthand. Reading omits missing and deleted entities and
 * keeps `null` items. Not queryable.
 *
 * @example
 * const PostList = new schema.Array(Post); // the same as [Post]
 * const { result, entities } = normalize(PostList, [{ id: 1, title: 'a' }, { id: 2, title: 'b' }]);
 * denormalize(PostList, result, entities); // [Post, Post]
 */
export class ArraySchema<S = any> extends ItemSchema<Denormalize<S>[], S> {
  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return `[${this.item.describe()}]`;
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    let items: unknown[];
    if (Array.isArray(input)) items = input;
    else if (typeof input === 'object' && input !== null) items = Object.values(input);
    else if (parent !== undefined && (input === null || input === undefined)) return input;
    else throw new NormalizeError(`expected an array for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    return normalizeItems(this.item, items, parent === undefined ? items : parent, key, ctx);
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    return Array.isArray(value) ? denormalizeItems(this.item, value, ctx, prev) : value;
  }
}

export function normalizeItems(
  node: SchemaNode,
  items: readonly unknown[],
  parent: unknown,
  key: string | undefined,
  ctx: NormalizeContext,
): unknown[] {
  const out = new Array<unknown>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    out[i] = item === null || item === undefined ? null : node.normalize(item, parent, key, ctx);
  }
  return out;
}

/** Reads each item; missing or deleted entities are left out, `null` items kept. */
export function denormalizeItems(node: SchemaNode, items: readonly unknown[], ctx: DenormalizeContext, prev: unknown): unknown[] {
  return reuseArray(fillItems(node, items, ctx, [], Array.isArray(prev) ? prev : undefined), prev);
}

/** Appends the read of each item to `out` (see `denormalizeItems`), reusing unchanged values of `previous`. */
export function fillItems(node: SchemaNode, items: readonly unknown[], ctx: DenormalizeContext, out: unknown[], previous: readonly unknown[] | undefined): unknown[] {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === null) {
      out.push(null);
      continue;
    }
    const value = node.denormalize(item, ctx, previous?.[out.length]);
    if (value !== undefined) out.push(value);
  }
  return out;
}
