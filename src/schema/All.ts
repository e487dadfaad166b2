import { describeType, preview } from '../internal/json';
import type { Entity } from './Entity';
import { entityNode } from './entityNode';
import type { EntityNode } from './entityNode';
import { listItems, normalizeItems } from './Array';
import { NormalizeError, reuseArray, SchemaBase } from './node';
import { TABLE } from './denormalizeContext';
import type { DenormalizeContext } from './denormalizeContext';
import type { NormalizeContext } from './normalizeContext';
import type { QueryContext } from './node';
import { UnionSchema } from './Union';
import type { SchemaAttribute } from './namespace';
import type { AbstractInstanceType } from './types';

/**
 * Every stored, non-deleted entity of a table (or of a union's tables), in the table's order
 * (see docs/concepts.md#schemas). A missing table reads `undefined`; an empty one `[]`. As an endpoint schema it
 * stores the response's entities and `null` as the result. As an entity field it stores the
 * response's references (and still reads the whole table); a `null` field reads `null`.
 *
 * @example
 * rest.selectQuery(store.getState(), new schema.All(Post)); // every stored Post, or undefined before any
 * const AllFeedItems = new schema.All({ text: TextPost, image: ImagePost }, 'type'); // a union's tables
 */
export class AllSchema<E extends typeof Entity | Record<string, typeof Entity> = typeof Entity> extends SchemaBase<
  (E extends typeof Entity ? AbstractInstanceType<E> : E extends Record<string, infer C> ? AbstractInstanceType<C> : never)[]
> {
  readonly queryable = true;
  private readonly union?: UnionSchema<any>;

  constructor(
    /** The Entity class, or union members by type name (then `attribute` names the type field). */
    readonly schema: E,
    attribute?: SchemaAttribute,
  ) {
    super();
    if (typeof schema !== 'function') this.union = new UnionSchema(schema as Record<string, typeof Entity>, attribute as SchemaAttribute);
  }

  private members(): EntityNode[] {
    return this.union ? this.union.nodes : [entityNode(this.schema as typeof Entity)];
  }

  /** A readable description of this schema, used in error messages (schema protocol). @internal */
  describe(): string {
    return `All(${this.members().map((node) => node.key).join(' | ')})`;
  }

  /** Normalizes `input` in place of this schema (schema protocol). @internal */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext): unknown {
    let items: unknown[];
    if (typeof input === 'object' && input !== null) items = listItems(input, this);
    else if (parent !== undefined && (input === null || input === undefined)) return input;
    else throw new NormalizeError(`expected an array for ${this.describe()}, got ${describeType(input)}: ${preview(input)}`);
    const refs = normalizeItems(this.union ?? this.members()[0]!, items, parent === undefined ? items : parent, key, ctx);
    // In an entity a stored null reads null (see docs/concepts.md#entities), so the field keeps the response's references
    // (it still reads the whole table); elsewhere null stands for "the table" (see docs/concepts.md#schemas).
    return ctx.stack.length > 0 ? refs : null;
  }

  /** Reads a normalized value back (schema protocol). @internal */
  denormalize(_value: unknown, ctx: DenormalizeContext, prev: unknown): unknown {
    const reader = ctx.reader;
    const out: object[] = [];
    let found = false;
    for (const node of this.members()) {
      const token = reader.token(node.key);
      ctx.dep(node.key, TABLE, token);
      if (token === undefined) continue;
      found = true;
      for (const pk of reader.pks(node.key)) {
        const instance = node.read(pk, ctx);
        if (instance !== undefined) out.push(instance);
      }
    }
    return found ? reuseArray(out, prev) : undefined;
  }

  /** The normalized value that the arguments select (schema protocol). @internal */
  override queryKey(_args: readonly unknown[], _ctx: QueryContext): unknown {
    return null;
  }
}
