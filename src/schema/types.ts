import type { Entity } from './Entity';

/** Freshness and write order of a stored entity or key (see docs/concepts.md#entities, docs/internals.md#the-state). */
export interface EntityMeta {
  readonly fetchedAt: number;
  readonly date: number;
  readonly expiresAt: number;
}

/** `entities[entityKey][pk]`: a processed entity, a collection's pks, or `null` (a tombstone). */
export type EntityTables = Record<string, Record<string, unknown>>;
/** `entitiesMeta[entityKey][pk]`: the freshness of each stored cell (see docs/internals.md#the-state). */
export type EntityMetaTables = Record<string, Record<string, EntityMeta>>;
/** `indexes[entityKey][field][value] = pk` (see docs/concepts.md#entities). */
export type IndexTables = Record<string, Record<string, Record<string, string>>>;

/** The logical tables that `normalize()` reads and returns (see docs/internals.md#the-state, docs/internals.md#the-write-path). */
export interface NormalizedTables {
  entities: EntityTables;
  entitiesMeta: EntityMetaTables;
  indexes: IndexTables;
}

/** What `normalize()` returns: the normalized `result` and the updated tables. */
export interface NormalizeResult<TResult = unknown> extends NormalizedTables {
  /** The value stored in place of the input: a pk, an array of pks, an object of them, … */
  result: TResult;
}

/** One entity cell a memoized read depends on (see docs/internals.md#memoized-reads). */
export interface EntityPath {
  key: string;
  pk: string;
}

/**
 * Read access to stored entities. The plain-tables reader serves `normalize()` and
 * `denormalize()`; the Redux layer supplies its own over the slice layout.
 */
export interface EntityReader {
  /** The cell: an object, an array of pks (collections), `null` (tombstone) or `undefined` (absent). */
  entity(key: string, pk: string): unknown;
  meta(key: string, pk: string): EntityMeta | undefined;
  index(key: string, field: string, value: string): string | undefined;
  /**
   * Identity of a table: a different value whenever any cell of the table changed (`undefined`
   * when there is no table). A `TableVersion` also tells which cells changed since the one before.
   */
  token(key: string): unknown;
  /** Every pk of a table in its enumeration order (see docs/concepts.md#schemas). */
  pks(key: string): readonly string[];
  /** Optional fast path for plain layouts: the table object itself. */
  readonly table?: (key: string) => Record<string, unknown> | undefined;
}

/** An `Entity` subclass (possibly abstract in the types). */
export type EntityClass<T extends Entity = Entity> = (abstract new (...args: any[]) => T) & typeof Entity;

/**
 * The instance type of a class, abstract classes included (`InstanceType` requires a concrete one).
 *
 * @example
 * type P = AbstractInstanceType<typeof Post>; // Post
 */
export type AbstractInstanceType<T> = T extends abstract new (...args: any[]) => infer R ? R : never;

/** A deserializer in `static schema` (see docs/concepts.md#entities): a constructor or a plain function. */
export type Deserializer = ((raw: any) => unknown) | (new (raw: any) => unknown);

/**
 * Phantom marker every schema class carries so that `Denormalize` can read its output type.
 * It never exists at runtime.
 */
export interface SchemaOutput<TOut> {
  readonly __denormalized?: TOut;
}

/** The value a schema reads back as (Entity instances, arrays and objects of them). */
export type Denormalize<S> = S extends SchemaOutput<infer O>
  ? O
  : S extends abstract new (...args: any[]) => infer I
    ? I extends Entity
      ? I
      : S
    : S extends readonly (infer Item)[]
      ? Denormalize<Item>[]
      : S extends (...args: any[]) => any
          ? S
          : S extends object
            ? { [K in keyof S]: Denormalize<S[K]> }
            : S;

/** Like `Denormalize`, with `undefined` wherever an entity can be missing. */
export type DenormalizeNullable<S> = Denormalize<S> | undefined;
