import { describeType, preview } from '../internal/json';
import { isEntityClass } from './Entity';
import type { Entity } from './Entity';
import { entityNode } from './entityNode';
import { writeTombstone } from './entityWrite';
import type { EntityNode } from './entityNode';
import { isUnion, NormalizeError, SchemaBase } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { UnionSchema } from './Union';
import type { AbstractInstanceType } from './types';

/**
 * Deletes instead of storing (see docs/concepts.md#schemas): the entity's cell becomes a tombstone (`null`),
 * so it disappears from every list and read. An object input goes through `process` and `pk`;
 * a string or number input is the pk. Not queryable.
 *
 * @example
 * const deletePost = new RestEndpoint({ path: '/posts/:id', method: 'DELETE', schema: new schema.Invalidate(Post) });
 * await store.dispatch(rest.fetch(deletePost, { id: 5 })); // Post 5 leaves every list and read
 */
export class InvalidateSchema<E extends typeof Entity | UnionSchema<any> = typeof Entity> extends SchemaBase<
  E extends UnionSchema<infer M> ? AbstractInstanceType<M[keyof M]> : AbstractInstanceType<E>
> {
  /** The brand `isInvalidate` reads (node.ts). @internal */
  readonly isInvalidate = true;
  readonly queryable: boolean = false;

  constructor(
    /** The Entity class (or Union) whose entities this deletes. */
    readonly schema: E,
  ) {
    super();
    const given: unknown = schema;
    if (!isUnion(given) && !isEntityClass(given)) {
      throw new TypeError(
        `[rtk-rest] schema.Invalidate needs the Entity class (or schema.Union) whose entities it deletes, got ${describeType(given)}: ` +
          `${preview(typeof given === 'function' ? given.name : given)}.${process.env.NODE_ENV !== 'production' ? ' Write new schema.Invalidate(Post).' : ''}`,
      );
    }
  }

  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return `Invalidate(${this.target().describe()})`;
  }

  private target(): EntityNode | UnionSchema<any> {
    return isUnion(this.schema) ? this.schema : entityNode(this.schema as typeof Entity);
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    const target = this.target();
    if (typeof input === 'string' || typeof input === 'number') {
      const pk = String(input);
      if (!isUnion(target)) {
        writeTombstone(target, ctx, pk);
        return pk;
      }
      for (const name of Object.keys(target.schema)) {
        const node = entityNode(target.schema[name]);
        const cell = ctx.current(node.key, pk);
        if (typeof cell === 'object' && cell !== null) {
          writeTombstone(node, ctx, pk);
          return { id: pk, schema: name };
        }
      }
      throw new NormalizeError(`cannot tell which member of ${target.describe()} the pk ${preview(input)} belongs to; answer with an object`);
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new NormalizeError(`expected an object or a primary key for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    }
    if (isUnion(target)) {
      const member = target.memberOf(input, parent, key);
      // As for the union itself (see docs/concepts.md#schemas): nothing to delete, the raw object is kept.
      if (member === undefined) return target.keepUnknown(input, parent, key);
      const pk = pkOfInput(member[1], input, parent, key, ctx);
      writeTombstone(member[1], ctx, pk);
      return { id: pk, schema: member[0] };
    }
    // Adding fields in process() cannot help here: what is missing is which entity was deleted.
    // The missing-pk error gives advice in development only: so does this one.
    const hint =
      process.env.NODE_ENV !== 'production'
        ? `There is nothing to delete: answer the DELETE with the ${target.key} or its pk, or with nothing (204), so the entity is found from the URL parameters.`
        : undefined;
    const pk = pkOfInput(target, input, parent, key, ctx, hint);
    writeTombstone(target, ctx, pk);
    return pk;
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    return this.target().denormalize(value, ctx, prev);
  }
}

/**
 * The pk of an incoming object after `process` (what to delete, see docs/concepts.md#schemas). `hint` replaces
 * the usual advice of the missing-pk error.
 */
function pkOfInput(node: EntityNode, input: object, parent: unknown, key: string | undefined, ctx: NormalizeContext, hint?: string): string {
  const processed = node.process(input, parent, key, ctx);
  return node.requirePk(processed ?? input, input, parent, key, ctx, hint);
}
