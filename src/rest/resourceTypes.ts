import type { CollectionSchema, Entity, schema } from '../schema';
import type { PathParams } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';
import type { RestEndpointOptions } from './types';

/** Options of `createResource` (SPEC 3.1): the member options plus these. */
export interface ResourceOptions extends RestEndpointOptions {
  /** Item template, e.g. `'/:group/posts/:id'`; the list template drops its last parameter (3.4). */
  path: string;
  /** The item schema: an Entity class, a Union, or any schema. */
  schema: unknown;
  /** `true` gives every mutation member an optimistic response (SPEC 3.14). @default false */
  optimistic?: boolean;
  /** Class used to construct every member; must extend RestEndpoint. @default RestEndpoint */
  Endpoint?: typeof RestEndpoint<any>;
  /** Class used to build the `getList` schema; must extend schema.Collection. @default schema.Collection */
  Collection?: typeof CollectionSchema<any>;
}

type Letter = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type IdentChar = Letter | Uppercase<Letter> | '_' | '$' | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type ReadIdent<S extends string, N extends string = ''> = S extends `${infer C}${infer R}` ? (C extends IdentChar ? ReadIdent<R, `${N}${C}`> : N) : N;

/** The name of a template's last parameter or wildcard (escapes skipped), read left to right. */
export type LastParam<S extends string, L extends string = never> = S extends `\\${string}${infer R}`
  ? LastParam<R, L>
  : S extends `${':' | '*'}"${infer Q}"${infer R}`
    ? LastParam<R, Q>
    : S extends `${':' | '*'}${infer R}`
      ? LastParam<R, ReadIdent<R> extends '' ? L : ReadIdent<R>>
      : S extends `${string}${infer R}`
        ? LastParam<R, L>
        : L;

type SearchOf<O> = O extends { readonly searchParams: infer S } ? S : unknown;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The URL parameters of `getList` and its extenders: the item's without its last one, plus search params. */
export type ListParams<TPath extends string, TSearch> = Simplify<Omit<PathParams<TPath>, LastParam<TPath>> & TSearch>;

/** Fields of an entity schema, for default bodies. */
type FieldsOf<S> = S extends abstract new (...args: any[]) => infer I ? (I extends Entity ? Omit<I, 'pk'> : Record<string, unknown>) : Record<string, unknown>;
type BodyFor<O> = O extends { readonly body: infer B } ? B : Partial<FieldsOf<O extends { readonly schema: infer S } ? S : unknown>> | FormData;

/** The type-level description of a resource, inferred from its options. */
export interface ResourceGenerics {
  readonly path: string;
  readonly schema: unknown;
  readonly searchParams?: unknown;
  readonly body?: unknown;
  readonly paginationField?: string;
}

type DeleteSchema<S> = S extends typeof Entity ? schema.Invalidate<S> : S extends schema.Union<any> ? schema.Invalidate<S> : S;

/** The members of a resource (SPEC 3.6). */
export interface ResourceMembers<O extends ResourceGenerics> {
  get: RestEndpoint<{ path: O['path']; schema: O['schema'] }>;
  getList: RestEndpoint<{
    path: string;
    urlParams: ListParams<O['path'], SearchOf<O>>;
    schema: CollectionSchema<[O['schema']]>;
    paginationField: O['paginationField'];
  }>;
  update: RestEndpoint<{ path: O['path']; schema: O['schema']; method: 'PUT'; body: BodyFor<O> }>;
  partialUpdate: RestEndpoint<{ path: O['path']; schema: O['schema']; method: 'PATCH'; body: Partial<Exclude<BodyFor<O>, FormData>> | FormData }>;
  delete: RestEndpoint<{ path: O['path']; schema: DeleteSchema<O['schema']>; method: 'DELETE' }>;
}

/** `extend` in its three forms (SPEC 3.18–3.20); each returns a new resource. */
export interface ResourceExtend<M> {
  <const K extends string, const E extends RestEndpointOptions>(
    name: K,
    options: E,
  ): Resource<Omit<M, K> & { [P in K]: P extends keyof M ? M[P] : RestEndpoint<E extends { path: string } ? E : E & { path: string }> }>;
  <T extends Record<string, unknown>>(extension: (base: Resource<M>) => T): Resource<Omit<M, keyof T> & T>;
  (batch: { [K in keyof M]?: RestEndpointOptions }): Resource<M>;
}

export type Resource<M> = M & { extend: ResourceExtend<M> };
