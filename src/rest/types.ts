import type { GetNextPageParam } from './nextPageParam';
import type { StreamOption } from './stream';
import type { CollectionCreation, CollectionSchema, Denormalize, Entity, SchemaNode, schema } from '../schema';
import type { ParamsArg, PathParams } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';

/**
 * The type-level description of an endpoint, inferred from its options: the path template,
 * schema, method, body and search-parameter types, and `process`. Every other option may appear
 * too; only these drive the types. Subclasses take it as their type parameter.
 *
 * @example
 * class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
 *   override getHeaders(headers: Record<string, string>) {
 *     return { ...headers, 'Access-Token': token };
 *   }
 * }
 */
export interface RestGenerics {
  /** The path template; its literal type gives the URL parameters. */
  readonly path: string;
  /** The schema; gives the type of the data read from the store. */
  readonly schema?: unknown;
  /** The HTTP method; decides whether the endpoint takes a body. */
  readonly method?: string;
  /** `true` alone makes the method `POST`. */
  readonly sideEffect?: boolean;
  /** The body type. */
  readonly body?: unknown;
  /** The search-parameter type, added to the URL parameters. */
  readonly searchParams?: unknown;
  /** The page parameter; gives `getPage` its type. */
  readonly paginationField?: string;
  /** Transforms the parsed value; its return type is what a plain call resolves to. */
  process?(value: any, ...args: any[]): any;
}

/** `RestEndpoint` without type arguments is `RestEndpoint<any>`: the type every endpoint is assignable to. */
type IsAny<T> = 0 extends 1 & T ? true : false;

/** Flattens an intersection so editors show one object type. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

type SearchOf<O> = O extends { readonly searchParams: infer S } ? S : unknown;
type SchemaOf<O> = O extends { readonly schema: infer S } ? S : undefined;

/** The upper-cased method: the `method` option, else `POST` for `sideEffect: true`, else `GET` (see docs/concepts.md#endpoints). */
export type MethodOf<O> = O extends { readonly method: infer M extends string }
  ? Uppercase<M>
  : O extends { readonly sideEffect: true }
    ? 'POST'
    : 'GET';

/** The URL parameters: path parameters from the template, intersected with `searchParams` (see docs/concepts.md#endpoints). */
export type UrlParamsOf<O extends RestGenerics> = Simplify<PathParams<O['path']> & SearchOf<O>>;

/** Whether the endpoint takes a body argument (see docs/concepts.md#endpoints). */
export type HasBody<O> = MethodOf<O> extends 'GET' | 'HEAD' | 'DELETE'
  ? false
  : O extends { readonly body: infer B }
    ? [B] extends [undefined]
      ? false
      : true
    : true;

/** The body type: the `body` option's type, `any` when none is given. */
export type BodyOf<O> = O extends { readonly body: infer B } ? B : any;

/**
 * The call arguments (see docs/concepts.md#endpoints): `(params?)` without a body; with one, `(body)` when there
 * are no URL parameters, `(body)` or `(params, body)` when all are optional, else `(params, body)`.
 */
export type EndpointArgs<O extends RestGenerics> =
  // `RestEndpoint` (= `RestEndpoint<any>`) takes any arguments, so every endpoint is assignable to it.
  IsAny<O> extends true
    ? any[]
    : HasBody<O> extends true
      ? BodyArgs<ParamsArg<UrlParamsOf<O>>, BodyOf<O>>
      : ParamsArg<UrlParamsOf<O>>;

type BodyArgs<P extends unknown[], B> = P extends []
  ? [body: B]
  : P extends [urlParams?: infer T]
    ? [urlParams: T, body: B] | (P extends [urlParams: any] ? never : [body: B])
    : never;

/** The generics of an endpoint type; generics stay as they are. */
type GenericsOf<T> = T extends RestEndpoint<infer O> ? O : T;

/**
 * What a plain call resolves to: `process`'s result, else the parsed JSON (see docs/concepts.md#endpoints).
 * Takes an endpoint type or its generics: `ProcessedOf<typeof getPost>`.
 */
export type ProcessedOf<T> = GenericsOf<T> extends {
  /** The endpoint's `process`, whose return type is inferred. */
  process(...args: any[]): infer R;
}
  ? Awaited<R>
  : any;

/**
 * `const` inference reads a schema leaf such as `{ next: '' }` as the literal `''`; the data
 * holds any string there. Schemas (Entity classes, schema objects, functions) are kept as given.
 */
export type WidenLeaves<S> = S extends string
  ? string
  : S extends number
    ? number
    : S extends boolean
      ? boolean
      : S extends SchemaNode | ((...args: any[]) => unknown) | (abstract new (...args: any[]) => unknown)
        ? S
        : S extends object
          ? { -readonly [K in keyof S]: WidenLeaves<S[K]> }
          : S;

/**
 * What the store reads for the endpoint: the schema's instances, else the processed response.
 * Takes an endpoint type or its generics: `DataOf<typeof getPost>` is `Post`.
 */
export type DataOf<T> = [SchemaOf<GenericsOf<T>>] extends [undefined | null]
  ? ProcessedOf<GenericsOf<T>>
  : Denormalize<WidenLeaves<SchemaOf<GenericsOf<T>>>>;

/** `O` with its method resolved: `extend` inherits the method itself, not the rule that chose it (see docs/concepts.md#endpoints). */
type ResolvedMethod<O> = Omit<O, 'method'> & { readonly method: MethodOf<O> };

/**
 * The generics of `ep.extend(options)` (see docs/concepts.md#endpoints): given keys replace `ep`'s, the rest are
 * inherited (so a new `sideEffect` alone does not turn a GET into a POST).
 */
export type Extended<O extends RestGenerics, E> = IsAny<O> extends true
  ? any
  : Simplify<Omit<ResolvedMethod<O>, keyof E> & E> extends infer R extends RestGenerics
    ? R
    : any;

/** The endpoint `extend` returns: a plain `RestEndpoint`, plus the members a subclass adds (see docs/concepts.md#endpoints). */
export type ExtendedEndpoint<TThis, TNew> = [Exclude<keyof TThis, keyof RestEndpoint>] extends [never]
  ? TNew
  : Omit<TThis, keyof RestEndpoint> & TNew;

// ---------------------------------------------------------------------------------------------
// Collection extenders (see docs/concepts.md#resources): `push`, `unshift`, `assign`, `getPage`, `paginated`.

/**
 * The collection the extenders work on (see docs/concepts.md#resources): the schema when it is a Collection, else a
 * Collection member of a plain-object or `schema.Object` schema, at any depth. (Types cannot see
 * key order: with two collections in one schema, this is their union.)
 */
type CollectionOf<S> = S extends CollectionSchema<any>
  ? S
  : S extends schema.Object<infer M>
    ? CollectionIn<M>
    : S extends SchemaNode | readonly unknown[] | ((...args: any[]) => unknown) | (abstract new (...args: any[]) => unknown)
      ? never
      : S extends object
        ? CollectionIn<S>
        : never;
type CollectionIn<M> = { [K in keyof M]: CollectionOf<M[K]> }[keyof M];

/** The entity instance a collection holds (an Entity class or a Union's members). */
type ItemOf<C> = C extends CollectionSchema<infer D>
  ? D extends readonly [infer I] | schema.Array<infer I> | schema.Values<infer I>
    ? Denormalize<I>
    : never
  : never;
/** An entity's fields, for default bodies (per member of a union). */
export type FieldsOf<T> = T extends Entity ? Omit<T, 'pk'> : T extends object ? T : Record<string, unknown>;
/**
 * Whether a collection is a dictionary, read from its items definition `D` itself. Relating the
 * collection to `CollectionSchema<schema.Values<any>>` is not reliable: `D` shows only in the
 * optional output marker, where an array's output fits `Record<string, any>` (TS 7 compares that
 * marker; TS 5.9 went by `D`'s variance, except for `schema.Array`, which matched). The array forms
 * are tested, not Values: a `schema.Array<any>` fits `schema.Values<any>` the same way, never the reverse.
 */
type IsValues<C> = C extends CollectionSchema<infer D> ? (D extends readonly unknown[] | schema.Array<any> ? false : true) : false;

/** A creation schema whose output is `TOut`: `collection.push` reads back as the created entity. */
type CreationSchema<TOut> = CollectionCreation & { readonly __denormalized?: TOut };

/** The `body` option when given (and not `undefined`), else `TDefault` (see docs/concepts.md#resources). */
type BodyOr<O, TDefault> = O extends { readonly body: infer B } ? ([B] extends [undefined] ? TDefault : B) : TDefault;

/** `push` / `unshift` (see docs/concepts.md#resources): a POST on the list URL that always takes a body. */
type CreateEndpoint<O extends RestGenerics, C> = RestEndpoint<
  Extended<O, { method: 'POST'; schema: CreationSchema<ItemOf<C>>; body: BodyOr<O, Partial<FieldsOf<ItemOf<C>>> | Partial<FieldsOf<ItemOf<C>>>[] | FormData> }>
>;
/** `assign`: sets entries of a Values collection. */
type AssignEndpoint<O extends RestGenerics, C> = RestEndpoint<
  Extended<O, { method: 'POST'; schema: CreationSchema<Record<string, ItemOf<C>>>; body: BodyOr<O, Record<string, Partial<FieldsOf<ItemOf<C>>>> | FormData> }>
>;
/** A page endpoint (see docs/concepts.md#resources): the list's types with the cursor parameters added. */
export type PageEndpoint<O extends RestGenerics, TCursor> = RestEndpoint<Extended<O, { searchParams: Simplify<SearchOf<O> & TCursor> }>>;

/**
 * An extender that exists only with a fitting collection (see docs/concepts.md#resources): `TEndpoint` when `TWhen`
 * holds, `undefined` otherwise, either one when the schema is not known (`any`, `unknown`).
 */
type Extender<O, TWhen extends boolean, TEndpoint> = unknown extends SchemaOf<O>
  ? RestEndpoint | undefined
  : TWhen extends true
    ? TEndpoint
    : undefined;

type HasArrayCollection<O> = [CollectionOf<SchemaOf<O>>] extends [never] ? false : IsValues<CollectionOf<SchemaOf<O>>> extends true ? false : true;
type HasValuesCollection<O> = [CollectionOf<SchemaOf<O>>] extends [never] ? false : IsValues<CollectionOf<SchemaOf<O>>>;
type PaginationFieldOf<O> = O extends { readonly paginationField: infer F extends string } ? F : never;

export type PushOf<O extends RestGenerics> = Extender<O, HasArrayCollection<O>, CreateEndpoint<O, CollectionOf<SchemaOf<O>>>>;
export type AssignOf<O extends RestGenerics> = Extender<O, HasValuesCollection<O>, AssignEndpoint<O, CollectionOf<SchemaOf<O>>>>;
/** `getPage` (see docs/concepts.md#resources): needs a collection and `paginationField`; the page parameter is required. */
export type GetPageOf<O extends RestGenerics> = Extender<
  O,
  [CollectionOf<SchemaOf<O>>] extends [never] ? false : [PaginationFieldOf<O>] extends [never] ? false : true,
  PageEndpoint<O, { [K in PaginationFieldOf<O>]: string | number }>
>;

/**
 * A snapshot of the store passed to `getOptimisticResponse` (see docs/concepts.md#optimistic-updates). Filled in by the store;
 * it reads the data beneath the new optimistic update, with the selectors' semantics.
 *
 * @example
 * getOptimisticResponse(snapshot, { id }: { id: number }, body: { title: string }) {
 *   if (snapshot.get(Post, { id }) === undefined) throw snapshot.abort; // not loaded: skip
 *   return { id, ...body };
 * }
 */
export interface OptimisticSnapshot {
  /** Reads a queryable (an Entity by pk, a Collection by arguments, …), like `rest.selectQuery`. */
  get(queryable: unknown, ...args: unknown[]): any;
  /** The response state of an endpoint's key, like `rest.selectResponse`. */
  getResponse(endpoint: unknown, ...args: unknown[]): any;
  /** The stored error of an endpoint's key, like `rest.selectError`. */
  getError(endpoint: unknown, ...args: unknown[]): any;
  /** When the request started (ms); every merge of the optimistic response uses it. */
  readonly fetchedAt: number;
  /** An `AbortOptimistic` to throw to skip the optimistic update (the request is still sent). */
  readonly abort: Error;
}

/**
 * How a request retries failures: `true` for the defaults, a number of retries, an
 * object, or `false` for none.
 */
export type RetryOption = boolean | number | RetryOptions;

/** The `retry` policy in full. */
export interface RetryOptions {
  /** Retries after the first failure. @default 3 */
  attempts?: number;
  /**
   * ms before retry `attempt` (1, 2, …). A response's `Retry-After` (seconds or HTTP date) wins;
   * one longer than a minute ends the retries.
   * @default exponential from 1 s (capped at 30 s) with jitter: between half and all of `1000 * 2 ** (attempt - 1)`
   */
  delay?: (attempt: number, error: unknown) => number;
  /**
   * Which failures to retry; an abort never is.
   * @default a network error (status 0, a timeout's 408), 408, 429, 503 and 504
   * @example
   * const getFeed = PostResource.getList.extend({ retry: { attempts: 5, when: (error: any) => error.status >= 500 } });
   */
  when?: (error: unknown, attempt: number) => boolean;
}

/** The request policies an endpoint may set; the `createRest` options of the same names are their defaults. */
export interface RequestPolicyOptions {
  /**
   * Retries of failures that mean "try again" (network error, 408, 429, 503, 504), with jittered
   * exponential backoff and `Retry-After` honoured. Never an abort. Polls do not retry: the next
   * poll is their retry.
   * @default reads: the createRest value (3 retries); mutations: false
   * @example
   * const getPost = PostResource.get.extend({ retry: 5 });
   * const createPost = PostResource.getList.push.extend({ retry: { attempts: 2, when: (error: any) => error.status === 503 } });
   */
  retry?: RetryOption;
  /**
   * ms to wait for each try's response; then the request is aborted and rejects with a
   * `NetworkError` of status 408 whose message says it timed out (retried like a 408 by reads).
   * @default the createRest value (none)
   * @example
   * const search = new RestEndpoint({ path: '/search', searchParams: {} as { q: string }, timeout: 5_000 });
   */
  timeout?: number;
  /**
   * Sends `If-None-Match` / `If-Modified-Since` when the stored answer came with an `ETag` /
   * `Last-Modified`; a 304 keeps the data and refreshes its expiry. `false` opts out.
   * @default true
   */
  conditional?: boolean;
  /**
   * Mounted reads of this endpoint (`useSuspense`, `useDLE`, `useFetch`, `useLive`) refetch, when
   * stale, as the window regains focus (or the page becomes visible).
   * @default the createRest value (false)
   */
  refetchOnFocus?: boolean;
  /**
   * Mounted reads of this endpoint refetch, when stale, as the browser comes back online.
   * @default the createRest value (false)
   */
  refetchOnReconnect?: boolean;
}

/** Options every endpoint accepts as constructor option, `extend` option or subclass member (see docs/concepts.md#endpoints). */
export interface RestEndpointOptions extends RequestPolicyOptions {
  /** The path template, e.g. `'/:group/posts/:id'` (see docs/concepts.md#endpoints). Required. */
  path?: string;
  /**
   * Prepended verbatim to every URL: a string, or a function called whenever a URL or key is made
   * (the API root of the signed-in tenant, say), so `url`, `key` and `testKey` all use the prefix
   * of that moment. Keys made under another prefix are not this endpoint's while it returns a
   * different one. Entities are stored per type and pk, not per prefix: when it changes to
   * another tenant, dispatch `rest.resetEntireStore()` (see docs/recipes/tenant-prefix.md).
   * @default ''
   *
   * @example
   * const PostResource = createResource({ path: '/posts/:id', schema: Post, urlPrefix: () => currentTenant().apiRoot });
   */
  urlPrefix?: string | (() => string);
  /**
   * What keys are made with in place of `urlPrefix`, so that a key does not depend on the origin
   * a request is sent to: a server that calls the API at an internal address and a browser that
   * calls the public one then make the same keys, and the server's slice is found by the client.
   * Requests still go to `urlPrefix`; `key` and `testKey` use this (built from the path template,
   * so an overridden `url()` does not change keys).
   * @default `urlPrefix`
   *
   * @example
   * const PostResource = createResource({
   *   urlPrefix: typeof window === 'undefined' ? 'http://api.internal:3000' : 'https://api.example.com',
   *   keyPrefix: 'api:',
   *   path: '/posts/:id',
   *   schema: Post,
   * }); // PostResource.get.key({ id: 5 }) is 'GET api:/posts/5' on both sides
   */
  keyPrefix?: string;
  /** HTTP method, upper-cased. @default 'GET' ('POST' when `sideEffect: true` is given alone) */
  method?: string;
  /** Marks a mutation. @default true when `method` is not GET */
  sideEffect?: boolean;
  /** Where entities sit in the processed response (see docs/concepts.md#schemas). @default undefined (stored as is) */
  schema?: unknown;
  /** Type of the body (type only; its value is never read). `undefined` removes the body argument. */
  body?: unknown;
  /** Type of the search parameters (type only). */
  searchParams?: unknown;
  /** Query parameter that pages the list; enables `getPage`. */
  paginationField?: string;
  /**
   * How `usePaginated` finds the next page's `paginationField` value (see `GetNextPageParam`);
   * `nextPageNumber(0)` and `nextOffset(limit)` for numbered pages. @default a `Link` header's
   * `rel="next"`, else the list's `next` field, else (for `page`) page numbers from 1
   */
  getNextPageParam?: GetNextPageParam;
  /** Base RequestInit for every request. */
  requestInit?: RequestInit;
  /** Signal passed to `fetch`. */
  signal?: AbortSignal;
  /** ms a successful result stays fresh. @default the createRest value (60 000) */
  dataExpiryLength?: number;
  /** ms an error stays fresh. @default the createRest value (1 000) */
  errorExpiryLength?: number;
  /** ms between polls while subscribed. @default undefined (no polling) */
  pollFrequency?: number;
  /** Pushes updates while the key has subscribers (see docs/concepts.md#streams). @default undefined (no stream) */
  stream?: StreamOption;
  /** Stale data is unusable: suspending reads wait for fresh data. @default false */
  invalidIfStale?: boolean;
  /** `'soft'` keeps `useSuspense` showing usable data while this error is stored (selectors and `useDLE` still return it). @default none (errors surface) */
  errorPolicy?: (error: any) => 'soft' | undefined;
  /** The response to show at once while a mutation is in flight (see docs/concepts.md#optimistic-updates). */
  getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: any[]) => unknown;
  /** Updates other keys' results after this endpoint's response (see docs/concepts.md#the-store). */
  update?: (result: any, ...args: any[]) => Record<string, (previous: any) => any>;
  /** Shown in actions and errors. @default `${method} ${urlPrefix}${path}` (`${method} ${path}` when `urlPrefix` is a function) */
  name?: string;
  /** The request URL; override to compute a prefix at call time, together with `testKey` (see docs/concepts.md#endpoints). */
  url?(urlParams: any): string;
  /** The query string without `?`; override to encode nested values (see docs/concepts.md#endpoints, docs/recipes/README.md#customization). */
  searchToString?(searchParams: Record<string, unknown>): string;
  /** The request identity, `${method} ${url}` (see docs/concepts.md#endpoints). */
  key?(...args: any[]): string;
  /** Whether a key belongs to this endpoint; used by invalidateAll, expireAll and mocks (see docs/concepts.md#endpoints). */
  testKey?(key: string): boolean;
  /** The RequestInit of a request; may be async; build on the default (see docs/concepts.md#endpoints, docs/recipes/README.md#authentication). */
  getRequestInit?(body: any): RequestInit | Promise<RequestInit>;
  /** Final say over the headers, e.g. an access token; may be async (see docs/concepts.md#endpoints, docs/recipes/README.md#authentication). */
  getHeaders?(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  /** Sends the request; the default uses `globalThis.fetch` looked up at call time (see docs/concepts.md#endpoints). */
  fetchResponse?(input: RequestInfo, init: RequestInit): Promise<Response>;
  /** Reads the body; override to read headers or wrap it (see docs/concepts.md#endpoints, docs/recipes/README.md#customization). */
  parseResponse?(response: Response): Promise<any>;
  /** Transforms the parsed value; receives every call argument (see docs/concepts.md#endpoints, docs/recipes/README.md#customization). */
  process?(value: any, ...args: any[]): any;
  [custom: string]: unknown;
}

/**
 * The store a request runs through, as its request hooks see it (`this.store`): the middleware
 * API of Redux, so `getState()` is the whole state (cast it to your `RootState`).
 */
export interface RequestStore {
  /** The store's state, e.g. `(this.store?.getState() as RootState).auth.token`. */
  getState(): unknown;
  /** Dispatches an action to the store (e.g. to record a refreshed token). */
  dispatch(action: any): any;
}

/**
 * An endpoint as the store sees it: its identity (`name`, `key`, `testKey`), its `schema` and the
 * options that steer caching. Published here so that the redux layer depends on this interface,
 * not on the `RestEndpoint` class (lower layers publish what upper layers use); requests go
 * through `callWithSignal`. Every `RestEndpoint` is one.
 */
export interface StoreEndpoint {
  readonly name: string;
  readonly path: string;
  /** The HTTP method, upper-cased (an update's answer may move its entity to another pk, see docs/concepts.md#resources). */
  readonly method?: string;
  readonly schema: unknown;
  readonly sideEffect: boolean | undefined;
  readonly dataExpiryLength?: number;
  readonly errorExpiryLength?: number;
  readonly pollFrequency?: number;
  readonly stream?: StreamOption;
  readonly retry?: RetryOption;
  readonly timeout?: number;
  readonly conditional?: boolean;
  readonly refetchOnFocus?: boolean;
  readonly refetchOnReconnect?: boolean;
  readonly errorPolicy?: (error: any) => 'soft' | undefined;
  readonly getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: any[]) => unknown;
  readonly update?: (result: any, ...args: any[]) => Record<string, (previous: any) => any>;
  key(...args: any[]): string;
  testKey(key: string): boolean;
}
