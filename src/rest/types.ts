import type { Denormalize } from '../schema';
import type { ParamsArg, PathParams } from './pathTypes';

/**
 * The type-level description of an endpoint, inferred from its options: the path template,
 * schema, method, body and search-parameter types, and `process`.
 */
export interface RestGenerics {
  readonly path: string;
  readonly schema?: unknown;
  readonly method?: string;
  readonly body?: unknown;
  readonly searchParams?: unknown;
  readonly paginationField?: string;
  process?(value: any, ...args: any[]): any;
}

type SearchOf<O> = O extends { readonly searchParams: infer S } ? S : unknown;
type MethodOf<O> = O extends { readonly method: infer M extends string } ? Uppercase<M> : 'GET';

/**
 * The URL parameters: path parameters from the template, intersected with `searchParams`
 * (SPEC 1.27). A type-only `urlParams` member replaces them (resource lists use it).
 */
export type UrlParamsOf<O extends RestGenerics> = O extends { readonly urlParams: infer U } ? U : PathParams<O['path']> & SearchOf<O>;

/** Whether the endpoint takes a body argument (SPEC 1.25, 1.27). */
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
 * The call arguments (SPEC 1.26–1.27): `(params?)` without a body; with one, `(body)` when there
 * are no URL parameters, `(body)` or `(params, body)` when all are optional, else `(params, body)`.
 */
export type EndpointArgs<O extends RestGenerics> = HasBody<O> extends true
  ? BodyArgs<ParamsArg<UrlParamsOf<O>>, BodyOf<O>>
  : ParamsArg<UrlParamsOf<O>>;

type BodyArgs<P extends unknown[], B> = P extends []
  ? [body: B]
  : P extends [urlParams?: infer T]
    ? [urlParams: T, body: B] | (P extends [urlParams: any] ? never : [body: B])
    : never;

/** What a plain call resolves to: `process`'s result, else the parsed JSON (SPEC 2.1, 2.13). */
export type ProcessedOf<O> = O extends { process(...args: any[]): infer R } ? Awaited<R> : any;

/** What the store reads for the endpoint: the schema's instances, else the processed response. */
export type DataOf<O> = O extends { readonly schema: infer S } ? ([S] extends [undefined | null] ? ProcessedOf<O> : Denormalize<S>) : ProcessedOf<O>;

/** A snapshot of the store passed to `getOptimisticResponse` (SPEC 6.48). Filled in by the store. */
export interface OptimisticSnapshot {
  get(queryable: unknown, ...args: unknown[]): any;
  getResponse(endpoint: unknown, ...args: unknown[]): any;
  getError(endpoint: unknown, ...args: unknown[]): any;
  readonly fetchedAt: number;
  readonly abort: Error;
}

/** Options every endpoint accepts as constructor option, `extend` option or subclass member (SPEC 2.2). */
export interface RestEndpointOptions {
  /** The path template, e.g. `'/:group/posts/:id'` (SPEC §1). Required. */
  path?: string;
  /** Prepended verbatim to every URL. @default '' */
  urlPrefix?: string;
  /** HTTP method, upper-cased. @default 'GET' ('POST' when `sideEffect: true` is given alone) */
  method?: string;
  /** Marks a mutation. @default true when `method` is not GET */
  sideEffect?: boolean;
  /** Where entities sit in the processed response (SPEC §4). @default undefined (stored as is) */
  schema?: unknown;
  /** Type of the body (type only; its value is never read). `undefined` removes the body argument. */
  body?: unknown;
  /** Type of the search parameters (type only). */
  searchParams?: unknown;
  /** Query parameter that pages the list; enables `getPage`. */
  paginationField?: string;
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
  /** Stale data is unusable: suspending reads wait for fresh data. @default false */
  invalidIfStale?: boolean;
  /** `'soft'` keeps showing data while this error is stored. @default none (errors surface) */
  errorPolicy?: (error: any) => 'soft' | undefined;
  /** The response to show at once while a mutation is in flight (SPEC 6.48). */
  getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: any[]) => unknown;
  /** Updates other keys' results after this endpoint's response (SPEC 6.29). */
  update?: (result: any, ...args: any[]) => Record<string, (previous: any) => any>;
  /** Shown in actions and errors. @default `${method} ${urlPrefix}${path}` */
  name?: string;
  url?(urlParams: any): string;
  searchToString?(searchParams: Record<string, unknown>): string;
  key?(...args: any[]): string;
  testKey?(key: string): boolean;
  getRequestInit?(body: any): RequestInit | Promise<RequestInit>;
  getHeaders?(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  fetchResponse?(input: RequestInfo, init: RequestInit): Promise<Response>;
  parseResponse?(response: Response): Promise<any>;
  process?(value: any, ...args: any[]): any;
  [custom: string]: unknown;
}
