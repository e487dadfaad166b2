import { ArraySchema } from './Array';
import { ValuesSchema } from './Values';
import { ObjectSchema } from './Object';
import { UnionSchema } from './Union';
import { CollectionSchema } from './Collection';
import { InvalidateSchema } from './Invalidate';
import { QuerySchema } from './Query';
import { AllSchema } from './All';
import type { ItemsDefinition } from './Collection';
import type { Entity } from './Entity';

/**
 * `schema.Array`, `schema.Values`, … (see docs/concepts.md#schemas): usable as values and as types.
 *
 * A frozen object marked pure, not `export * as schema`: bundled into a shared chunk, a namespace
 * re-export becomes a call that fills the namespace object, which bundlers keep, and with it every
 * schema class, in apps that never read `schema`. The types live in the namespace of the same name.
 */
export const schema = /* @__PURE__ */ Object.freeze({
  Array: ArraySchema,
  Values: ValuesSchema,
  Object: ObjectSchema,
  Union: UnionSchema,
  Collection: CollectionSchema,
  Invalidate: InvalidateSchema,
  Query: QuerySchema,
  All: AllSchema,
});

// The namespace's types are declared here, not re-exported from the schema files: bundled
// declarations (tsup's rollup-plugin-dts) turn a type that a namespace re-exports from another
// chunk into `typeof X`, which is invalid (TS2693) and not usable as a type.
// eslint-disable-next-line @typescript-eslint/no-namespace -- types only: `schema.Collection<…>` as a type
export declare namespace schema {
  /** The instance type of `schema.Array`. */
  export type Array<S = any> = ArraySchema<S>;
  /** The instance type of `schema.Values`. */
  export type Values<S = any> = ValuesSchema<S>;
  /** The instance type of `schema.Object`. */
  export type Object<S extends Record<string, any> = Record<string, any>> = ObjectSchema<S>;
  /** The instance type of `schema.Union`. */
  export type Union<M extends Record<string, typeof Entity> = Record<string, typeof Entity>> = UnionSchema<M>;
  /** The instance type of `schema.Collection`. */
  export type Collection<D extends ItemsDefinition = ItemsDefinition> = CollectionSchema<D>;
  /** The instance type of `schema.Invalidate`. */
  export type Invalidate<E extends typeof Entity | UnionSchema<any> = typeof Entity> = InvalidateSchema<E>;
  /** The instance type of `schema.Query`. */
  export type Query<S = any, R = unknown> = QuerySchema<S, R>;
  /** The instance type of `schema.All`. */
  export type All<E extends typeof Entity | Record<string, typeof Entity> = typeof Entity> = AllSchema<E>;

  /** Which argument keys do not restrict membership (see docs/concepts.md#schemas). */
  export type NonFilterArgumentKeys = ((key: string) => boolean) | RegExp | readonly string[];

  /**
   * Options of `new schema.Collection(items, options)` (see docs/concepts.md#schemas).
   *
   * @example
   * const UserPosts = new schema.Collection([Post], {
   *   nonFilterArgumentKeys: ['sort', 'page'],
   *   nestKey: (parent, _field) => ({ userId: parent.id }),
   * });
   */
  export interface CollectionOptions {
    /** Keys that do not restrict which lists `push`/`unshift` reach. @default keys starting with "order", and `limit`, `offset`, `page`, `cursor`, `per_page`, `perPage`, `page_size`, `pageSize` */
    nonFilterArgumentKeys?: NonFilterArgumentKeys;
    /** The object whose stable JSON is the collection's pk. @default the first argument, or {} */
    argsKey?: (...args: any[]) => Record<string, unknown> | undefined;
    /** The pk object when nested in an entity: `(parent, fieldName) => ({ userId: parent.id })`. */
    nestKey?: (parent: any, key: string) => Record<string, unknown>;
  }

  /**
   * How a union tells its members apart (see docs/concepts.md#schemas): the name of the field holding the type name,
   * or a function of the raw item (and its parent and key) returning that name.
   *
   * @example
   * const byField: schema.SchemaAttribute = 'type';
   * const byShape: schema.SchemaAttribute = (input) => ('url' in input ? 'image' : 'text');
   */
  export type SchemaAttribute = string | ((input: any, parent: unknown, key: string | undefined) => string);

  /** A normalized union member: the pk and the type name (see docs/concepts.md#schemas). */
  export interface UnionRef {
    id: string;
    schema: string;
  }
}

/** Which argument keys do not restrict membership: `schema.NonFilterArgumentKeys`. */
export type NonFilterArgumentKeys = schema.NonFilterArgumentKeys;
/** Options of `new schema.Collection(items, options)`: `schema.CollectionOptions`. */
export type CollectionOptions = schema.CollectionOptions;
/** How a union tells its members apart: `schema.SchemaAttribute`. */
export type SchemaAttribute = schema.SchemaAttribute;
/** A normalized union member: `schema.UnionRef`. */
export type UnionRef = schema.UnionRef;
