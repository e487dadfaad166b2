import { describeType, preview } from '../internal/json';
import { hasOwn, setOwn } from '../internal/own';
import { NormalizeError, reuseObject } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { SchemaNode } from './node';
import { ItemSchema } from './ItemSchema';
import { describeMember } from './schemaLike';
import type { Denormalize } from './types';

/**
 * A dictionary of `X` by arbitrary keys (see docs/concepts.md#schemas): `null`/`undefined` entries are dropped when
 * normalizing; missing and deleted entities are left out when reading. Not queryable.
 *
 * @example
 * const PostsById = new schema.Values(Post);
 * const { result, entities } = normalize(PostsById, { first: { id: 1, title: 'a' }, second: { id: 2, title: 'b' } });
 * denormalize(PostsById, result, entities); // { first: Post, second: Post }
 */
export class ValuesSchema<S = any> extends ItemSchema<Record<string, Denormalize<S>>, S> {
  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return `Values(${describeMember(this.schema)})`;
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, _key: string | undefined, ctx: NormalizeContext): unknown {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      if (parent !== undefined && (input === null || input === undefined)) return input;
      throw new NormalizeError(`expected an object for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    }
    const out: Record<string, unknown> = {};
    const source = input as Record<string, unknown>;
    const item = this.item(ctx.resolve);
    for (const k of Object.keys(source)) {
      const value = source[k];
      if (value === null || value === undefined) continue;
      const normalized = item.normalize(value, input, k, ctx);
      if (normalized !== undefined) setOwn(out, k, normalized);
    }
    return out;
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? denormalizeValues(this.item(ctx.resolve), value as Record<string, unknown>, ctx, prev)
      : value;
  }
}

export function denormalizeValues(
  node: SchemaNode,
  values: Record<string, unknown>,
  ctx: DenormalizeContext,
  prev: unknown,
): Record<string, unknown> {
  const previous = typeof prev === 'object' && prev !== null ? (prev as Record<string, unknown>) : undefined;
  return reuseObject(fillValues(node, values, ctx, {}, previous), prev);
}

/** Sets the read of each entry in `out` (see `denormalizeValues`), reusing unchanged values of `previous`. */
export function fillValues(
  node: SchemaNode,
  values: Record<string, unknown>,
  ctx: DenormalizeContext,
  out: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  for (const k of Object.keys(values)) {
    const item = values[k];
    const read = item === null ? null : node.denormalize(item, ctx, previous !== undefined && hasOwn(previous, k) ? previous[k] : undefined);
    if (read !== undefined) setOwn(out, k, read);
  }
  return out;
}
