import type { CollectionSchema, Denormalize, Entity, schema } from '../schema';
import type { ListPath, PathParams } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';
import type { Extended, ExtendedEndpoint, FieldsOf, RestEndpointOptions, RestGenerics, Simplify, WidenLeaves } from './types';

/** Options of `createResource` (see docs/concepts.md#resources): the member options plus these. */
export interface ResourceOptions extends RestEndpointOptions {
  /** Item template, e.g. `'/:group/posts/:id'`; the list template drops its last parameter (see docs/concepts.md#resources). */
  path: string;
  /** The item schema: an Entity class, a Union, or any schema. */
  schema: unknown;
  /** `true` gives every mutation member an optimistic response (see docs/concepts.md#resources). @default false */
  optimistic?: boolean;
  /** Class used to construct every member; must extend RestEndpoint. @default RestEndpoint */
  Endpoint?: typeof RestEndpoint<any>;
  /** Class used to build the `getList` schema; must extend schema.Collection. @default schema.Collection */
  Collection?: typeof CollectionSchema<any>;
}

/** The type-level description of a resource, inferred from its options. */
export interface ResourceGenerics {
  readonly path: string;
  readonly schema: unknown;
  readonly searchParams?: unknown;
  readonly body?: unknown;
  readonly paginationField?: string;
  process?(value: any, ...args: any[]): any;
}

/** The URL parameters of `getList` and its extenders: the list template's, plus `searchParams`. */
export type ListParams<TPath extends string, TSearch = unknown> = Simplify<PathParams<ListPath<TPath>> & TSearch>;

/** The options every member shares in the types: `process` (its result is what a plain call resolves to). */
type Shared<O> = Pick<O, Extract<keyof O, 'process'>>;
/** `getList` also carries `searchParams`, `body` (for `push`/`unshift`) and `paginationField` (for `getPage`). */
type ListShared<O> = Pick<O, Extract<keyof O, 'process' | 'searchParams' | 'body' | 'paginationField'>>;

/** The default body of update, partialUpdate, push and unshift (see docs/concepts.md#resources): `Partial` of the entity's fields, or FormData. */
type ItemBody<O extends ResourceGenerics> = O extends { readonly body: infer B } ? B : Partial<FieldsOf<Denormalize<WidenLeaves<O['schema']>>>> | FormData;
/** `partialUpdate` takes `Partial` of the body (a FormData body as it is). */
type PartialBody<B> = B extends FormData ? B : Partial<B>;

/** `getList`'s schema: a Collection of Entity or Union items, else a plain array of the item schema. */
type ListSchema<S> = S extends typeof Entity | schema.Union<any> ? CollectionSchema<[S]> : schema.Array<WidenLeaves<S>>;

/** `delete` tombstones through `Invalidate` for an Entity or a Union, else uses the schema (see docs/concepts.md#resources). */
type DeleteSchema<S> = S extends typeof Entity ? schema.Invalidate<S> : S extends schema.Union<any> ? schema.Invalidate<S> : S;

/** A member: a `RestEndpoint`, plus the members of the `Endpoint` subclass when one is given (see docs/concepts.md#resources). */
type Member<O, G extends RestGenerics> = O extends { readonly Endpoint: abstract new (...args: any[]) => infer T }
  ? ExtendedEndpoint<T, RestEndpoint<G>>
  : RestEndpoint<G>;

/**
 * The members of a resource (see docs/concepts.md#resources). With the `PostResource` of docs/concepts.md#resources, where `I` is the item's
 * parameters and `L` the list's plus `searchParams`: `get(I)`, `getList(L)`, `getList.push(L, body)`,
 * `getList.getPage(L & { page })`, `update(I, body)`, `partialUpdate(I, Partial<body>)`, `delete(I)`.
 */
export interface ResourceMembers<O extends ResourceGenerics> {
  /** `GET` one item: `get({ group, id })`. */
  get: Member<O, Simplify<Shared<O> & { path: O['path']; schema: O['schema'] }>>;
  /**
   * `GET` the list on the list template, stored as a Collection of the items: `getList({ group, ...searchParams })`.
   * Its extenders `push`, `unshift` and (with `paginationField`) `getPage` add to the stored lists.
   */
  getList: Member<O, Simplify<ListShared<O> & { path: ListPath<O['path']>; schema: ListSchema<O['schema']> }>>;
  /** `PUT` one item: `update({ group, id }, body)`. */
  update: Member<O, Simplify<Shared<O> & { path: O['path']; schema: O['schema']; method: 'PUT'; body: ItemBody<O> }>>;
  /** `PATCH` one item: `partialUpdate({ group, id }, partialBody)`. */
  partialUpdate: Member<O, Simplify<Shared<O> & { path: O['path']; schema: O['schema']; method: 'PATCH'; body: PartialBody<ItemBody<O>> }>>;
  /** `DELETE` one item: `delete({ group, id })`; the entity is removed from every list and read (see docs/concepts.md#resources). */
  delete: Member<O, Simplify<Shared<O> & { path: O['path']; schema: DeleteSchema<O['schema']>; method: 'DELETE' }>>;
}

/** `member.extend(options)` in the types: the member's generics with `E` over them, subclass members kept. */
type ExtendMember<TMember, E> = TMember extends RestEndpoint<infer MO> ? ExtendedEndpoint<TMember, RestEndpoint<Extended<MO, E>>> : never;

/** `base` with `added` over it, flattened. */
type Merge<TBase, TAdded> = Simplify<Omit<TBase, keyof TAdded> & TAdded>;

/** `extend` in its three forms (see docs/concepts.md#resources); each returns a new resource. */
export interface ResourceExtend<M> {
  /**
   * Add-member form (see docs/concepts.md#resources): an existing member is replaced by `member.extend(options)`; a new
   * name is added as `get.extend(options)`.
   * @example PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' })
   */
  <const K extends string, const E extends RestEndpointOptions>(
    name: K,
    options: E,
  ): Resource<Merge<M, { [P in K]: ExtendMember<P extends keyof M ? M[P] : M[keyof M & 'get'], E> }>>;
  /**
   * Function form (see docs/concepts.md#resources): the returned members are merged over the resource.
   * @example PostResource.extend((Base) => ({ byAuthor: Base.getList.extend({ path: '/:group/authors/:author/posts' }) }))
   */
  <T extends Record<string, unknown>>(extension: (base: Resource<M>) => T): Resource<Merge<M, T>>;
  /**
   * Batch form (see docs/concepts.md#resources): each named member is replaced by `member.extend(options)`. Only members
   * may be named (the runtime throws a TypeError for any other name).
   * @example PostResource.extend({ update: { body: {} as PostBody } })
   */
  <const B extends { [K in keyof M]?: RestEndpointOptions }>(
    batch: B & { [K in Exclude<keyof B, keyof M>]: never },
  ): Resource<Merge<M, { [K in keyof B & keyof M]: ExtendMember<M[K], B[K]> }>>;
}

/**
 * A resource: its members and `extend`, which returns a new resource with members added or
 * replaced (the original is left unchanged).
 *
 * @example
 * const PublishablePosts = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
 * await store.dispatch(rest.fetch(PublishablePosts.publish, { group: 'react', id: 5 }, {}));
 */
export type Resource<M> = M & {
  /** Adds or replaces members; each form returns a new resource (see docs/concepts.md#resources). */
  extend: ResourceExtend<M>;
};
