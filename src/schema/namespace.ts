/** `schema.Array`, `schema.Values`, … (see docs/concepts.md#schemas): usable as values and as types. */
export { ArraySchema as Array } from './Array';
export { ValuesSchema as Values } from './Values';
export { ObjectSchema as Object } from './Object';
export { UnionSchema as Union } from './Union';
export { CollectionSchema as Collection } from './Collection';
export { InvalidateSchema as Invalidate } from './Invalidate';
export { QuerySchema as Query } from './Query';
export { AllSchema as All } from './All';

// The namespace's types are declared here, not re-exported from the schema files: bundled
// declarations (tsup's rollup-plugin-dts) turn a type that a namespace re-exports from another
// chunk into `typeof X`, which is invalid (TS2693) and not usable as a type (issue 16.1).

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
