import { describeType, preview, toJSONValue } from '../internal/json';
import { getOwn, hasOwn } from '../internal/own';
import type { Entity } from './Entity';
import { entityNode } from './entityNode';
import type { EntityNode } from './entityNode';
import { NormalizeError, SchemaBase } from './node';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext } from './node';
import type { AbstractInstanceType } from './types';
import type { SchemaAttribute, UnionRef } from './namespace';

/**
 * One of several entity types, chosen by `attribute` (see docs/concepts.md#schemas). Items normalize to
 * `{ id, schema }`; an unknown type is kept as raw JSON with a warning.
 *
 * @example
 * const FeedItem = new schema.Union({ text: TextPost, image: ImagePost }, 'type');
 * const { result, entities } = normalize([FeedItem], [{ id: 1, type: 'text', body: 'hi' }, { id: 2, type: 'image', url: '/a.png' }]);
 * denormalize([FeedItem], result, entities); // [TextPost, ImagePost]
 */
export class UnionSchema<M extends Record<string, typeof Entity> = Record<string, typeof Entity>> extends SchemaBase<
  AbstractInstanceType<M[keyof M]>
> {
  readonly queryable = true;
  /** The brand `isUnion` reads (node.ts). @internal */
  readonly isUnion = true;
  private readonly attributeOf: (input: any, parent: unknown, key: string | undefined) => unknown;

  constructor(
    /** The member Entity classes by type name. */
    readonly schema: M,
    attribute: SchemaAttribute,
  ) {
    super();
    if (attribute === undefined || attribute === null || attribute === '') {
      throw new Error(
        '[rtk-rest] schema.Union needs the attribute that names the type, e.g. new schema.Union({ text: TextPost, image: ImagePost }, "type")',
      );
    }
    this.attributeOf = typeof attribute === 'function' ? attribute : (input) => (input as Record<string, unknown>)[attribute];
  }

  /** The member entity nodes, in map order. @internal */
  get nodes(): EntityNode[] {
    return Object.keys(this.schema).map((name) => entityNode(this.schema[name]!));
  }

  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return this.nodes.map((node) => node.key).join(' | ');
  }

  /** The member named by the item's attribute, or undefined for an unknown type. @internal */
  memberOf(input: object, parent: unknown, key: string | undefined): [string, EntityNode] | undefined {
    const name = this.attributeOf(input, parent, key);
    if (typeof name !== 'string' || !hasOwn(this.schema, name)) return undefined;
    return [name, entityNode(this.schema[name]!)];
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      if (parent !== undefined && (input === null || input === undefined)) return input;
      throw new NormalizeError(`expected an object for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    }
    const member = this.memberOf(input, parent, key);
    if (member === undefined) return this.keepUnknown(input, parent, key);
    const ref: UnionRef = { id: member[1].normalize(input, parent, key, ctx) as string, schema: member[0] };
    return ref;
  }

  /** An item of an unknown type is not an error: it is kept as plain JSON, with a warning (see docs/concepts.md#schemas). @internal */
  keepUnknown(input: object, parent: unknown, key: string | undefined): unknown {
    if (process.env.NODE_ENV !== 'production') {
      console.warn(
        `[rtk-rest] schema.Union(${this.describe()}): unknown type ${preview(this.attributeOf(input, parent, key))} in ${preview(input)}; ` +
          'storing it as plain JSON. Add the type to the union map to normalize it.',
      );
    }
    return toJSONValue(input);
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value === null ? null : undefined;
    const ref = value as Partial<UnionRef>;
    const member = typeof ref.schema === 'string' ? getOwn(this.schema, ref.schema) : undefined;
    if (member === undefined || ref.id === undefined) return value; // an unknown type, stored raw
    return entityNode(member).denormalize(ref.id, ctx, prev);
  }

  /**
   * The normalized value that the arguments select (schema protocol): `{ id, <attribute> }` looks in
   * that type's table; a pk alone tries each member in map order. @internal
   */
  override queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    const arg = args[0];
    if (typeof arg === 'object' && arg !== null) {
      const member = this.memberOf(arg, undefined, undefined);
      if (member === undefined) return undefined;
      const id = member[1].queryKey(args, ctx);
      return id === undefined ? undefined : { id, schema: member[0] };
    }
    if (typeof arg !== 'string' && typeof arg !== 'number') return undefined;
    const pk = String(arg);
    for (const name of Object.keys(this.schema)) {
      const cell = ctx.reader.entity(entityNode(this.schema[name]!).key, pk);
      if (typeof cell === 'object' && cell !== null) return { id: pk, schema: name };
    }
    return undefined;
  }
}
