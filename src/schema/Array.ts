import { describeType, preview } from '../internal/json';
import { NormalizeError, reuseArray } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { SchemaNode } from './node';
import { ItemSchema } from './ItemSchema';
import { describeMember } from './schemaLike';
import type { Denormalize } from './types';

/**
 * A list of `X` (see docs/concepts.md#schemas); `[X]` is shorthand. Reading omits missing and deleted entities and
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
    return `[${describeMember(this.schema)}]`;
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    let items: unknown[];
    if (typeof input === 'object' && input !== null) items = listItems(input, this);
    else if (parent !== undefined && (input === null || input === undefined)) return input;
    else throw new NormalizeError(`expected an array for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    return normalizeItems(this.item(ctx.resolve), items, parent === undefined ? items : parent, key, ctx);
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    return Array.isArray(value) ? denormalizeItems(this.item(ctx.resolve), value, ctx, prev) : value;
  }
}

/**
 * The items of a list answer: an array, or the values of an object whose every value is an
 * object or null (a dictionary of items, see docs/concepts.md#schemas). Any other object is an answer of another shape (a
 * search result `{ total_count, items }`, an error body `{ message }`): it is reported as that,
 * not read item by item (which stored its strings as references and failed on its booleans).
 */
export function listItems(input: object, schema: { describe(): string }): unknown[] {
  if (Array.isArray(input)) return input;
  const values = Object.values(input);
  for (const value of values) {
    if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value))) {
      const description = schema.describe();
      throw new NormalizeError(`expected an array for ${description}, got an object: ${preview(input)}.${process.env.NODE_ENV !== 'production' ? listHint(input, description) : ''}`);
    }
  }
  return values;
}

/** The advice for an object answer that holds the list in a field (development only). */
function listHint(input: object, description: string): string {
  const listKey = Object.keys(input).find((key) => Array.isArray((input as Record<string, unknown>)[key]));
  return listKey === undefined ? '' : ` If the list is its "${listKey}" field, use the schema { ${listKey}: ${description} }.`;
}

export function normalizeItems(
  node: SchemaNode,
  items: readonly unknown[],
  parent: unknown,
  key: string | undefined,
  ctx: NormalizeContext,
): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const value = item === null || item === undefined ? null : node.normalize(item, parent, key, ctx);
    // An item normalized to nothing (an entity its process() dropped) is left out.
    if (value !== undefined) out.push(value);
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
