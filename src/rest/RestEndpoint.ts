import { toNode } from '../schema';
import { guardOptions, isProbing, subclassFields } from './construct';
import { NOT_MODIFIED, sendWithPolicies } from './policies';
import type { RequestPolicies } from './policies';
import { eitherSignal } from './signals';
import { checkLength } from './lengths';
import { hasStatus, problemOf, processingError } from './errors';
import { creation, pageEndpoint, paginatedEndpoint } from './extenders';
import { BODY_ONLY, compilePath } from './path';
import { definePrefixGetter, joinPrefix, pathsAfterPrefix } from './urlPrefix';
import type { CompiledPath } from './path';
import { encodeBody, hasContentType, headersToObject, parseBody, sendRequest } from './request';
import { buildUrl, searchToString } from './search';
import type { EndpointArgs, Extended, ExtendedEndpoint, OptimisticSnapshot, ProcessedOf, RestEndpointOptions, RestGenerics, RetryOption } from './types';
import type { AssignOf, GetPageOf, PageEndpoint, PushOf, RequestStore, StoreEndpoint, UrlParamsOf } from './types';
import type { StreamOption } from './stream';
import type { GetNextPageParam } from './nextPageParam';

/** Where an endpoint keeps what it computed at construction (hidden: not an option, not enumerable). */
const INTERNALS = Symbol('rtk-rest.endpoint');
const NO_BODY = new Set(['GET', 'HEAD', 'DELETE']);
/** The request URL of a response whose own `url` is empty (constructed in tests), for messages. */
const requestUrls = new WeakMap<Response, string>();
let extending = false;

type Config = Record<string, unknown>;
interface Internals {
  /** The raw configuration: a name or sideEffect computed at construction is computed again by extend. */
  readonly config: Config;
  readonly compiled: CompiledPath;
  readonly hasBody: boolean;
  readonly prefixFunction: boolean;
}
/** An endpoint's internals; a view made by `Object.create(endpoint)` inherits them. */
const internals = (endpoint: object): Internals => (endpoint as { [INTERNALS]: Internals })[INTERNALS];

/**
 * One HTTP operation: a callable object (`await endpoint(params, body)` resolves to the
 * processed response, no store involved) that also describes the request to the Redux store
 * (see docs/concepts.md#endpoints). Every member may be given as an option, an `extend()` option, or a subclass
 * override; options win over subclass defaults.
 *
 * @example
 * const getPost = new RestEndpoint({ path: '/:group/posts/:id', schema: Post, urlPrefix: 'https://api.example.com' });
 * await getPost({ group: 'react', id: 5 }); // the post's JSON
 * const updatePost = getPost.extend({ method: 'PUT' }); // called (params, body)
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- adds the call signature below
export class RestEndpoint<const O extends RestGenerics = any> {
  /** The path template, e.g. `'/:group/posts/:id'` (see docs/concepts.md#endpoints). */
  declare readonly path: O['path'];
  /**
   * Joined to the front of every URL at one slash, as `fetchBaseQuery` joins `baseUrl`: `'/'` and
   * `'/posts'` make `/posts`, `'https://api.example.com/v2'` and `'posts'` make `…/v2/posts`. Given as a function (option `urlPrefix: () => string`), it
   * reads as what the function returns now: `url`, `key` and `testKey` follow it.
   * @default ''
   */
  declare readonly urlPrefix: string;
  /** What keys are made with in place of `urlPrefix` (option `keyPrefix`); `undefined` when keys use `urlPrefix`. */
  declare readonly keyPrefix?: string;
  /** The upper-cased HTTP method. @default 'GET' ('POST' when only `sideEffect: true` is given) */
  declare readonly method: string;
  /** `true` for mutations: never de-duplicated, never fetched by reading hooks. @default true when `method` is not GET */
  declare readonly sideEffect: boolean | undefined;
  /** Where entities sit in the processed response (see docs/concepts.md#schemas); `undefined` stores the response as is. */
  declare readonly schema: O['schema'];
  /** Type of the body argument (type only; always `undefined` at runtime). */
  declare readonly body?: O['body'];
  /** Type of the search parameters (type only; always `undefined` at runtime). */
  declare readonly searchParams?: O['searchParams'];
  /** The query parameter that pages the list; enables `getPage` (see docs/concepts.md#resources). */
  declare readonly paginationField?: string;
  /** How `usePaginated` finds the next page's `paginationField` value (see docs/concepts.md#resources); `nextPageNumber(0)`, `nextOffset(limit)`, or a function of the last page. */
  declare readonly getNextPageParam?: GetNextPageParam;
  /** The base `RequestInit` of every request (see docs/concepts.md#endpoints). */
  declare readonly requestInit?: RequestInit;
  /** An `AbortSignal` passed to `fetch`. */
  declare readonly signal?: AbortSignal;
  /**
   * The store running this request (`rest.fetch`, a hook, a poll), for the request hooks
   * (`getHeaders`, `getRequestInit`, `fetchResponse`, `parseResponse`, `process`): its `getState`
   * and `dispatch`, as RTK Query's `prepareHeaders(headers, { getState })`. `undefined` in a plain
   * call (`await endpoint(...)`), which runs without a store.
   *
   * @example
   * class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
   *   override getHeaders(headers: Record<string, string>) {
   *     const token = (this.store?.getState() as RootState | undefined)?.auth.token;
   *     return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
   *   }
   * }
   */
  declare readonly store?: RequestStore;
  /** ms a successful result stays fresh. @default the createRest value (60 000) */
  declare readonly dataExpiryLength?: number;
  /** ms a stored error stays fresh. @default the createRest value (1 000) */
  declare readonly errorExpiryLength?: number;
  /** ms between polls while the key has a subscriber (`rest.subscribe`, `useSubscription`, `useLive`). @default undefined (no polling) */
  declare readonly pollFrequency?: number;
  /**
   * Started when the key gets its first subscriber (`rest.subscribe`, `useSubscription`, `useLive`),
   * aborted through `signal` when the last one leaves or the store is reset (see docs/concepts.md#streams).
   * Its writes are ordinary actions; a throw or rejection is logged in development and stores nothing.
   * @default undefined (no stream)
   *
   * @example
   * const livePost = PostResource.get.extend({
   *   stream({ args: [{ id }], signal, setResponse }: StreamContext) {
   *     const socket = new WebSocket(`wss://api.example.com/posts/${id}`);
   *     socket.onmessage = (event) => setResponse(JSON.parse(event.data));
   *     signal.addEventListener('abort', () => socket.close());
   *   },
   * });
   */
  declare readonly stream?: StreamOption;
  /** Whether stale data counts as missing, so that suspending reads wait for fresh data (see docs/concepts.md#expiry). @default false */
  declare readonly invalidIfStale?: boolean;
  /** Retries of failures that mean "try again", with backoff (see `RequestPolicyOptions`). @default reads: the createRest value (3); mutations: false */
  declare readonly retry?: RetryOption;
  /** ms to wait for each try's response before it fails with a `NetworkError` of status 408. @default the createRest value (none) */
  declare readonly timeout?: number;
  /** Conditional refetches with `If-None-Match` / `If-Modified-Since`; `false` opts out. @default true */
  declare readonly conditional?: boolean;
  /** Mounted reads refetch, when stale, on window focus. @default the createRest value (false) */
  declare readonly refetchOnFocus?: boolean;
  /** Mounted reads refetch, when stale, on coming back online. @default the createRest value (false) */
  declare readonly refetchOnReconnect?: boolean;
  /**
   * Decides how a failure is stored: `'soft'` keeps `useSuspense` showing usable data instead of throwing the error
   * (see docs/concepts.md#errors-and-errorpolicy). Called with the real error. @default none: errors surface
   *
   * @example
   * const getPost = PostResource.get.extend({ errorPolicy: (error) => (error.status >= 500 ? 'soft' : undefined) });
   */
  declare readonly errorPolicy?: (error: any) => 'soft' | undefined;
  /**
   * For a mutation, the response to show at once while the request is in flight (see docs/concepts.md#optimistic-updates).
   * Must be pure: it is called again whenever the data beneath it changes. Throw
   * `snapshot.abort` to skip the optimistic update.
   *
   * @example
   * const renamePost = new RestEndpoint({
   *   path: '/posts/:id',
   *   method: 'PATCH',
   *   schema: Post,
   *   getOptimisticResponse(snapshot: OptimisticSnapshot, { id }: { id: number }, body: { title: string }) {
   *     if (!snapshot.get(Post, { id })) throw snapshot.abort; // not loaded: no optimistic update
   *     return { id, ...body };
   *   },
   * });
   */
  declare readonly getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: any[]) => unknown;
  /**
   * Updates other keys' stored results after this endpoint's response is normalized (see docs/concepts.md#the-store):
   * called with the normalized result (e.g. the new pk) and the call arguments, it returns
   * `{ [otherKey]: (previousResult) => nextResult }`, applied to keys that have a result. Prefer
   * collections (`getList.push`) where they fit.
   *
   * @example
   * const getPosts = new RestEndpoint({ path: '/:group/posts', schema: [Post] });
   * const createPost = new RestEndpoint({
   *   path: '/:group/posts',
   *   method: 'POST',
   *   schema: Post,
   *   update: (newPk: string, params: { group: string }) => ({
   *     [getPosts.key(params)]: (pks: string[]) => [...pks, newPk],
   *   }),
   * });
   */
  declare readonly update?: (result: any, ...args: any[]) => Record<string, (previous: any) => any>;
  /** Shown in actions, errors and warnings. @default `${method} ${urlPrefix}${path}` (`${method} ${path}` when `urlPrefix` is a function) */
  declare readonly name: string;

  constructor(options: O & RestEndpointOptions) {
    const proto = new.target.prototype as object;
    if (isProbing()) return bareEndpoint(proto) as unknown as RestEndpoint<O>;
    if (extending) return createEndpoint(proto, options as Config) as unknown as RestEndpoint<O>;
    const defaults = subclassFields(new.target, RestEndpoint);
    checkOptions(options);
    const endpoint = createEndpoint(proto, { ...defaults, ...options });
    // Subclass field initializers run after this constructor and would write their defaults back:
    // guard every field whose final value is not the default (an option, or a normalized value
    // such as an upper-cased method).
    // A getter (a urlPrefix function) is always an option's doing: guard it without calling it.
    const changed = (key: string) => Object.getOwnPropertyDescriptor(endpoint, key)?.get !== undefined || !Object.is((endpoint as unknown as Config)[key], defaults[key]);
    const guarded = new Set(Object.keys(defaults).filter(changed));
    return (guarded.size > 0 ? guardOptions(endpoint, guarded) : endpoint) as unknown as RestEndpoint<O>;
  }

  /**
   * The request URL (see docs/concepts.md#endpoints): `urlPrefix` and the filled template joined at one slash, then the query string.
   * Parameters the template does not use become search parameters.
   *
   * @example
   * getPost.url({ group: 'react', id: 5, author: 'ann' }); // 'https://api.example.com/react/posts/5?author=ann'
   */
  url(urlParams: Record<string, unknown> = {}): string {
    return urlWith(this, this.urlPrefix, urlParams);
  }

  /**
   * The query string without `?` (see docs/concepts.md#endpoints); override to encode differently.
   *
   * @example
   * class BracketEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
   *   override searchToString(searchParams: Record<string, unknown>) {
   *     return qs.stringify(searchParams, { arrayFormat: 'brackets' });
   *   }
   * }
   */
  searchToString(searchParams: Record<string, unknown>): string {
    return searchToString(searchParams, this.name);
  }

  /**
   * The request identity `${method} ${url}` (see docs/concepts.md#endpoints); the body never takes part.
   *
   * @example
   * getPost.key({ group: 'react', id: 5 }); // 'GET https://api.example.com/react/posts/5'
   */
  key(...args: any[]): string {
    const { urlParams } = splitArgs(this, args);
    const { keyPrefix } = this;
    return `${this.method} ${keyPrefix === undefined ? this.url(urlParams) : urlWith(this, keyPrefix, urlParams)}`;
  }

  /**
   * Whether a key belongs to this endpoint (see docs/concepts.md#endpoints). Lets an endpoint be passed to
   * `rest.invalidateAll` and `rest.expireAll`. With a `urlPrefix` function, keys made with the
   * prefix it returns now match; keys made under an earlier prefix do not.
   *
   * @example
   * getPost.testKey('GET https://api.example.com/react/posts/5'); // true
   * store.dispatch(rest.invalidateAll(getPost)); // every stored post key
   */
  testKey(key: string): boolean {
    const method = `${this.method} `;
    if (!key.startsWith(method)) return false;
    const compiled = internals(this).compiled;
    return pathsAfterPrefix(this.keyPrefix ?? this.urlPrefix, key.slice(method.length)).some((path) => compiled.matchUrl(path) !== undefined);
  }

  /**
   * `{ ...requestInit, method, signal, body, headers }` (see docs/concepts.md#endpoints): plain values are sent as
   * JSON with `Content-Type: application/json` (unless a content type is set; a request without
   * a body gets none); strings, `FormData`, `Blob` and similar bodies are sent as they are.
   * May be overridden (and async); build on `super.getRequestInit(body)`.
   *
   * @example
   * class CookieEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
   *   override async getRequestInit(body: unknown) {
   *     return { ...(await super.getRequestInit(body)), credentials: 'same-origin' as const };
   *   }
   * }
   */
  async getRequestInit(body?: unknown): Promise<RequestInit> {
    const base = this.requestInit ?? {};
    const encoded = encodeBody(body, this.name);
    const headers = headersToObject(base.headers);
    // Only a JSON body is labelled (a body sent as it is gets the platform's type): a Content-Type
    // on a GET would make every cross-origin read a non-simple request, preflighted with an extra
    // OPTIONS round trip.
    if (encoded !== undefined && encoded !== body && !hasContentType(headers)) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { ...base, method: this.method };
    const signal = this.signal ?? base.signal;
    if (signal) init.signal = signal;
    if (encoded !== undefined) init.body = encoded;
    init.headers = await this.getHeaders(headers);
    return init;
  }

  /**
   * Final say over the headers (see docs/concepts.md#endpoints), e.g. to add an access token read at request time;
   * may be async. @default returns its argument
   *
   * @example
   * class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
   *   override getHeaders(headers: Record<string, string>) {
   *     return token ? { ...headers, 'Access-Token': token } : headers;
   *   }
   * }
   */
  getHeaders(headers: Record<string, string>): HeadersInit | Promise<HeadersInit> {
    return headers;
  }

  /**
   * Sends the request with `globalThis.fetch` looked up at call time (see docs/concepts.md#endpoints): resolves to an
   * `ok` response; any other response rejects with a `NetworkError`, and so should an override
   * (e.g. another transport, or a retry after refreshing a token).
   *
   * @example
   * const fixtureFetch = mockFetch(fixtures);
   * class TestEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
   *   override async fetchResponse(input: RequestInfo, init: RequestInit) {
   *     const response = await fixtureFetch(input, init);
   *     if (!response.ok) throw new NetworkError(response);
   *     return response;
   *   }
   * }
   */
  fetchResponse(input: RequestInfo, init: RequestInit): Promise<Response> {
    return sendRequest(input, init);
  }

  /**
   * Parses the body (see docs/concepts.md#endpoints): JSON, text, Blob, or `null` for empty answers. Override to
   * read headers too.
   *
   * @example
   * class LinkEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
   *   override async parseResponse(response: Response) {
   *     return { results: await super.parseResponse(response), link: response.headers.get('link') ?? '' };
   *   }
   * }
   */
  parseResponse(response: Response): Promise<any> {
    const url = response.url || requestUrls.get(response) || '';
    return parseBody(response, url, toNode(this.schema)?.describe());
  }

  /**
   * Transforms the parsed value before it is normalized; receives every call argument
   * (see docs/concepts.md#endpoints). @default identity
   *
   * @example
   * const getProfile = new RestEndpoint({
   *   path: '/users/:username/profile',
   *   schema: Profile,
   *   process: (value: { bio: string }, params: { username: string }) => ({ ...value, username: params.username }),
   * });
   */
  process(value: any, ..._args: any[]): any {
    return value;
  }

  /**
   * A new endpoint of the same class with these options over this one's (see docs/concepts.md#endpoints).
   * `sideEffect`, the body argument and the default `name` follow a new `method`. In the types,
   * `path`, `body`, `searchParams`, `schema` and `process` replace this endpoint's; members a
   * subclass adds are kept.
   *
   * @example
   * const updatePost = getPost.extend({ method: 'PUT', body: {} as { title: string } });
   * await updatePost({ group: 'react', id: 5 }, { title: 'new' });
   * const livePost = getPost.extend({ pollFrequency: 5_000 });
   */
  extend<const E extends RestEndpointOptions>(options: E): ExtendedEndpoint<this, RestEndpoint<Extended<O, E>>> {
    return deriveEndpoint(this, options) as any;
  }

  // `invalidIfStale`'s default, read from the prototype so that subclass fields and getters win.
  // An accessor pair, not a data property assigned after the class: a statement that writes to
  // the prototype would keep the whole rest layer in bundles that never use an endpoint. The
  // setter makes an assignment (a subclass field compiled with [[Set]] semantics) an own property,
  // as a writable data property would; the computed name keeps the declared type above, which
  // subclasses override with fields.
  get ['invalidIfStale' as string](): boolean {
    return false;
  }
  set ['invalidIfStale' as string](value: boolean) {
    Object.defineProperty(this, 'invalidIfStale', { value, writable: true, enumerable: true, configurable: true });
  }

  // The extenders (see docs/concepts.md#resources). Defined in the class body, not by a
  // side-effect import (bundlers drop those under `sideEffects: false`); extenders.ts gets
  // `deriveEndpoint` as an argument rather than importing this module back.
  /**
   * POST that appends the created entity to every matching list (see docs/concepts.md#resources), called
   * `(params, body)` like the list; `undefined` without an Array-based collection.
   */
  get push(): PushOf<O> {
    return creation(this, 'push', deriveEndpoint) as PushOf<O>;
  }
  /** POST that prepends the created entity to every matching list; `undefined` without an Array-based collection. */
  get unshift(): PushOf<O> {
    return creation(this, 'unshift', deriveEndpoint) as PushOf<O>;
  }
  /** POST that sets entries of every matching Values collection; `undefined` without one. */
  get assign(): AssignOf<O> {
    return creation(this, 'assign', deriveEndpoint) as AssignOf<O>;
  }
  /**
   * The next-page endpoint for `paginationField` (see docs/concepts.md#resources): the list's parameters plus a required
   * page parameter; `undefined` without `paginationField` or without a collection.
   */
  get getPage(): GetPageOf<O> {
    return pageEndpoint(this, deriveEndpoint) as GetPageOf<O>;
  }
  /** A page endpoint for a cursor field: the list's parameters plus that field (see docs/concepts.md#resources). Throws without a collection. */
  paginated<const F extends string>(cursor: F): PageEndpoint<O, { [K in F]: string | number }>;
  /**
   * A page endpoint for `removeCursor`, which maps the page's arguments to the list's (see docs/concepts.md#resources).
   * Its parameters are `removeCursor`'s first parameter type; unannotated, the list's parameters
   * plus any other key: `getPosts.paginated(({ cursor, ...rest }) => [rest])`.
   */
  paginated<P extends object = UrlParamsOf<O> & Record<string, unknown>>(
    removeCursor: (params: P, ...rest: any[]) => readonly unknown[],
  ): PageEndpoint<O, P>;
  paginated(cursor: string | ((...args: any[]) => readonly unknown[])): any {
    return paginatedEndpoint(this, cursor as string | ((...args: any[]) => unknown[]), deriveEndpoint);
  }
}

/**
 * Merges options over an endpoint's configuration and builds a new endpoint of its class.
 * `forceBody` drops an explicit `body: undefined` (creation extenders always take a body).
 */
export function deriveEndpoint(endpoint: RestEndpoint, options: Config, { forceBody = false } = {}): RestEndpoint {
  const merged: Config = { ...internals(endpoint).config, ...options };
  // The method is inherited as resolved (a default method is not derived again from sideEffect);
  // sideEffect follows a new method unless given (see docs/concepts.md#endpoints).
  if (!('method' in options)) merged.method = endpoint.method;
  else if (!('sideEffect' in options)) delete merged.sideEffect;
  if (forceBody && 'body' in merged && merged.body === undefined) delete merged.body;
  extending = true;
  try {
    return Reflect.construct(RestEndpoint, [merged], endpoint.constructor) as RestEndpoint;
  } finally {
    extending = false;
  }
}

// The call signature. Declared here, in the class's own module, so that bundled declarations keep
// it (a `declare module './RestEndpoint'` augmentation elsewhere names a module that no longer
// exists once the .d.ts files are bundled).
export interface RestEndpoint<O extends RestGenerics = any> {
  /**
   * Sends the request without any store (see docs/concepts.md#endpoints): `url`, `getRequestInit`, `fetchResponse`,
   * `parseResponse`, then `process`; resolves to the processed response (not normalized).
   */
  (...args: EndpointArgs<O>): Promise<ProcessedOf<O>>;
}

/** The URL parameters and the body of a call (see docs/concepts.md#endpoints). */
export function splitArgs(endpoint: StoreEndpoint, args: readonly unknown[]): { urlParams: Record<string, unknown>; body: unknown } {
  if (internals(endpoint).hasBody) {
    // One argument is the body; none is no parameters and no body.
    if (args.length < 2) return { urlParams: args.length === 1 ? (BODY_ONLY as Record<string, unknown>) : {}, body: args[0] };
    return { urlParams: (args[0] ?? {}) as Record<string, unknown>, body: args[args.length - 1] };
  }
  return { urlParams: (args[0] ?? {}) as Record<string, unknown>, body: undefined };
}

/**
 * Whether `key(...args)` depends on the arguments alone, so that a caller may remember it per
 * arguments object. Not when the prefix is a function, nor when `url()` or `key()` is overridden
 * (see docs/concepts.md#endpoints: such overrides read a tenant, a region… at call time).
 */
export function hasStableKey(endpoint: RestEndpoint): boolean {
  if (endpoint.key !== RestEndpoint.prototype.key) return false;
  // A key prefix of its own: keys are built from it and the template alone.
  if (typeof endpoint.keyPrefix === 'string') return true;
  return endpoint.url === RestEndpoint.prototype.url && !internals(endpoint).prefixFunction;
}

/** `prefix` + the filled template + the query string: the URL (with `urlPrefix`) or the key's URL part (with `keyPrefix`). */
function urlWith(endpoint: RestEndpoint, prefix: string, urlParams: Record<string, unknown> | undefined): string {
  return buildUrl(internals(endpoint).compiled, prefix, urlParams ?? {}, endpoint.name, (params) => endpoint.searchToString(params));
}

/** Whether an endpoint takes a body argument (see docs/concepts.md#endpoints). */
export function takesBody(endpoint: RestEndpoint): boolean {
  return internals(endpoint).hasBody;
}

/** The request pipeline: URL, request init, headers, send, parse, process (see docs/concepts.md#endpoints), `fetchResponse` under the request policies. */
async function callEndpoint(endpoint: RestEndpoint, args: unknown[], policies?: RequestPolicies): Promise<unknown> {
  const { urlParams, body } = splitArgs(endpoint, args);
  const url = endpoint.url(urlParams);
  const init = await endpoint.getRequestInit(body);
  // A plain call (no store) runs with the endpoint's own timeout; retries and conditional requests
  // are the store's (its features), see docs/concepts.md#request-policies.
  const own = policies ?? { timeout: endpoint.timeout };
  const response = await sendWithPolicies((sent) => endpoint.fetchResponse(url, sent), url, init, own);
  if (response === NOT_MODIFIED) return response;
  if (typeof response === 'object' && response !== null) requestUrls.set(response, url);
  // Link pagination: the store keeps the header's URLs with the key's meta.
  const link = own.links === undefined ? null : response?.headers?.get?.('link');
  if (link) own.links!(link, response.url || url);
  try {
    const parsed = await endpoint.parseResponse(response);
    return await endpoint.process(parsed, ...args);
  } catch (error) {
    if (hasStatus(error)) throw error;
    throw processingError(endpoint.key(...args), describeSchema(endpoint.schema), problemOf(error), error);
  }
}

/**
 * Calls the endpoint with `signal` added to its own (the store aborts its requests on a reset,
 * see docs/concepts.md#the-store): the request runs on a view of the endpoint whose `signal` is both, so every hook a
 * subclass overrides still runs with the endpoint's configuration, and with `store` (what
 * `this.store` reads in them).
 */
export function callWithSignal(
  stored: StoreEndpoint,
  args: unknown[],
  signal: AbortSignal,
  policies?: RequestPolicies,
  store?: RequestStore,
): Promise<unknown> {
  // Every endpoint the store holds is a RestEndpoint (StoreEndpoint is its store-facing side).
  const endpoint = stored as RestEndpoint;
  const own = endpoint.signal ?? endpoint.requestInit?.signal;
  const view = Object.create(endpoint, { signal: { value: own ? eitherSignal(own, signal) : signal }, store: { value: store } }) as RestEndpoint;
  return callEndpoint(view, args, policies);
}

/** `Post`, `[Post]`, `{ results: Collection([Post]), next }`, or `none` (see docs/concepts.md#errors-and-errorpolicy). */
export function describeSchema(schema: unknown): string {
  return toNode(schema)?.describe() ?? 'none';
}

function bareEndpoint(proto: object): RestEndpoint {
  return Object.setPrototypeOf(() => undefined, proto) as RestEndpoint;
}

function checkOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null) throw new TypeError(`RestEndpoint: options must be an object${process.env.NODE_ENV !== 'production' ? ' such as { path: "/posts/:id" }' : ''}`);
}

/** Builds the callable endpoint from a complete configuration (see docs/concepts.md#endpoints). */
function createEndpoint(proto: object, config: Config): RestEndpoint {
  const endpoint = ((...args: unknown[]) => callEndpoint(endpoint, args)) as unknown as RestEndpoint;
  Object.setPrototypeOf(endpoint, proto);
  const inherited = proto as Config;
  const path = 'path' in config ? config.path : inherited.path;
  if (typeof path !== 'string' || path === '') throw new Error('RestEndpoint: path is required');
  const given = (key: string) => key in config;
  const rawMethod = given('method') ? config.method : inherited.method;
  const method =
    typeof rawMethod === 'string' && rawMethod !== '' ? rawMethod.toUpperCase() : config.sideEffect === true ? 'POST' : 'GET';
  const sideEffect = given('sideEffect') ? config.sideEffect : method !== 'GET' ? true : undefined;
  const prefix = given('urlPrefix') ? config.urlPrefix : inherited.urlPrefix;
  const urlPrefix = typeof prefix === 'function' ? prefix : given('urlPrefix') ? String(prefix ?? '') : typeof prefix === 'string' ? prefix : '';
  // A prefix read at call time has no one value to show: the default name leaves it out.
  const defaultName = typeof urlPrefix === 'function' ? `${method} ${path}` : `${method} ${joinPrefix(urlPrefix, path)}`;
  const name = typeof config.name === 'string' && config.name !== '' ? config.name : defaultName;
  const compiled = compilePath(path);
  for (const option of ['dataExpiryLength', 'errorExpiryLength', 'pollFrequency', 'timeout'] as const) checkLength(name, option, config[option]);
  if (config.stream !== undefined && typeof config.stream !== 'function') {
    throw new TypeError(`[rtk-rest] ${name}: stream must be a function, got ${typeof config.stream}.${process.env.NODE_ENV !== 'production' ? ' Pass ({ args, signal, setResponse, set, dispatch, getState }) => void, or leave the option out.' : ''}`);
  }
  if (given('keyPrefix') && config.keyPrefix !== undefined && typeof config.keyPrefix !== 'string') {
    throw new TypeError(`[rtk-rest] ${name}: keyPrefix must be a string, got ${typeof config.keyPrefix}.${process.env.NODE_ENV !== 'production' ? " Give the prefix keys are made with, e.g. 'api:' (or leave the option out to use urlPrefix)." : ''}`);
  }
  const computed: Config = { ...config, path, method, sideEffect, urlPrefix, name };
  for (const key of Object.keys(computed)) {
    Object.defineProperty(endpoint, key, { value: computed[key], writable: true, enumerable: true, configurable: true });
  }
  if (typeof urlPrefix === 'function') definePrefixGetter(endpoint, urlPrefix as () => unknown, name);
  // The raw configuration is kept: a name or sideEffect computed here is computed again by extend (see docs/concepts.md#endpoints).
  const hasBody = !NO_BODY.has(method) && !(given('body') && config.body === undefined);
  const own: Internals = { config, compiled, hasBody, prefixFunction: typeof urlPrefix === 'function' };
  Object.defineProperty(endpoint, INTERNALS, { value: own, configurable: true });
  return endpoint;
}
