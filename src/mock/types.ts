/**
 * Public types of `rtk-rest/mock` (see docs/getting-started.md#5-test-it-without-a-server). Deliberately shallow: a fixture names its endpoint
 * type once and reads the argument tuple from the endpoint's call signature, so a list of
 * fixtures costs the type checker one `infer` per element.
 */

/**
 * What `mockFetch` needs from an endpoint. Every `RestEndpoint` (and every resource member) fits.
 * @example
 * const endpoint: MockableEndpoint = PostResource.get;
 */
export interface MockableEndpoint {
  readonly method: string;
  readonly urlPrefix: string;
  readonly path: string;
  readonly name: string;
  /** The request key of the call arguments, matched by exact fixtures. */
  key(...args: any[]): string;
  /** Whether a request key belongs to the endpoint, matched by interceptors. */
  testKey(key: string): boolean;
}

/**
 * URL parameters rebuilt from a request (see docs/getting-started.md#5-test-it-without-a-server): path parameters decoded with
 * `decodeURIComponent` (wildcards as arrays of segments), query parameters as strings (a
 * repeated key as an array). Values are always text, whatever the endpoint's parameter types say.
 *
 * @example
 * response: (params: MockUrlParams) => ({ id: Number(params.id), title: `post in ${params.group}` })
 */
export type MockUrlParams = Readonly<Record<string, string | string[]>>;

/**
 * A response computed per request (see docs/getting-started.md#5-test-it-without-a-server). It receives the rebuilt URL parameters and, for
 * endpoints that take a body, the body (JSON-parsed when the request's `Content-Type` is JSON,
 * otherwise as sent). It may return a promise; throwing answers an error (see docs/getting-started.md#5-test-it-without-a-server).
 *
 * @example
 * const createPost: FixtureResponder = (params, body) => ({ id: 7, ...body, group: params.group });
 */
export type FixtureResponder<TBody = any> = (urlParams: MockUrlParams, body: TBody) => unknown;

/**
 * What a fixture answers with (see docs/getting-started.md#5-test-it-without-a-server): a `Response` (as is: `status`, `headers` and `error` do
 * not apply; a static one is cloned per request so each can read its body), `null`/`undefined`
 * (204, no body), a string (`text/plain`), any other value (its JSON), or a function computing one
 * of these.
 *
 * @example
 * response: { id: 5, title: 'hi' }
 */
export type FixtureResponse = FixtureResponder | Response | string | number | boolean | object | null | undefined;

/**
 * Options shared by exact fixtures and interceptors.
 * @example
 * const slowError: FixtureOptions = { error: true, status: 503, delay: 200, headers: { 'Retry-After': '1' } };
 */
export interface FixtureOptions {
  /**
   * The answer, or a function of the rebuilt request arguments returning it (see docs/getting-started.md#5-test-it-without-a-server).
   * @default undefined (status 204, empty body)
   * @example response: (params) => ({ id: Number(params.id), title: 'hi' })
   */
  response?: FixtureResponse;
  /**
   * HTTP status of the answer, 200–599. Statuses that cannot carry a body (204, 205, 304) drop it.
   * @default 200; 204 when the response is `null`/`undefined`; see `error` for errors
   * @example status: 201
   */
  status?: number;
  /**
   * Headers merged over the default `Content-Type` of the answer (see docs/getting-started.md#5-test-it-without-a-server).
   * @default none
   * @example headers: { 'X-Total-Count': '42' }
   */
  headers?: HeadersInit;
  /**
   * Answer with an error status: `status` if given, else the response value's numeric `status`
   * when it is ≥ 400, else 500 (see docs/getting-started.md#5-test-it-without-a-server).
   * @default false
   * @example { endpoint: PostResource.delete, args: [{ group: 'react', id: 5 }], error: true, response: { status: 500 } }
   */
  error?: boolean;
  /**
   * Milliseconds before the answer (see docs/getting-started.md#5-test-it-without-a-server); uses the global `setTimeout` of the moment of the
   * call, so Jest fake timers control it. Aborting `init.signal` rejects at once.
   * @default 0 (answers after a microtask, without a timer)
   * @example delay: 50
   */
  delay?: number;
}

/**
 * The call arguments of an endpoint, as `Parameters` would give them (readonly, so `as const` fits).
 * @example
 * const args: FixtureArgs<typeof PostResource.update> = [{ group: 'react', id: 5 }, { title: 'x' }];
 */
export type FixtureArgs<TEndpoint> = TEndpoint extends (...args: infer TArgs) => unknown ? Readonly<TArgs> : readonly unknown[];

/**
 * An exact fixture (see docs/getting-started.md#5-test-it-without-a-server): answers the request whose key equals `endpoint.key(...args)`. (For
 * `getPage`, whose key leaves the page out, it is the key of the page's own URL: `${method} ${url}`.)
 *
 * @example
 * const fixture: Fixture<typeof PostResource.get> = {
 *   endpoint: PostResource.get,
 *   args: [{ group: 'react', id: 5 }],
 *   response: { id: 5, title: 'hi' },
 * };
 */
export interface Fixture<TEndpoint extends MockableEndpoint = MockableEndpoint> extends FixtureOptions {
  /** The endpoint whose request this fixture answers. */
  endpoint: TEndpoint;
  /** The call arguments, as passed to the endpoint: `(urlParams)` or `(urlParams, body)`. */
  args: FixtureArgs<TEndpoint>;
}

/**
 * An interceptor (see docs/getting-started.md#5-test-it-without-a-server): no `args`, answers every request that `endpoint.testKey(key)` accepts.
 *
 * @example
 * const everyList: FixtureInterceptor = {
 *   endpoint: PostResource.getList,
 *   response: (params) => [{ id: 1, title: `first of ${params.group}` }],
 *   delay: 50,
 * };
 */
export interface FixtureInterceptor<TEndpoint extends MockableEndpoint = MockableEndpoint> extends FixtureOptions {
  /** The endpoint whose requests this interceptor answers. */
  endpoint: TEndpoint;
  /** Absent: an interceptor matches by `testKey`. */
  args?: undefined;
}

/**
 * Either fixture kind for one endpoint type.
 * @example
 * const fixtures: AnyFixture[] = [{ endpoint: PostResource.get, args: [{ group: 'react', id: 5 }] }, { endpoint: PostResource.getList }];
 */
export type AnyFixture<TEndpoint extends MockableEndpoint = MockableEndpoint> = Fixture<TEndpoint> | FixtureInterceptor<TEndpoint>;

/**
 * One request `mockFetch` received (see docs/getting-started.md#5-test-it-without-a-server). `headers` is a plain object with lower-case names;
 * `body` is decoded as for a response function (see docs/getting-started.md#5-test-it-without-a-server), `undefined` when none was sent. For a
 * `Request` input the body is filled in once it has been read (before the answer settles).
 */
export interface MockFetchCall {
  /** `${method} ${url}`, the key fixtures match against. */
  key: string;
  /** Upper-cased method. */
  method: string;
  /** The URL as given. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fake `fetch` answering from fixtures (see docs/getting-started.md#5-test-it-without-a-server). Assign it to `globalThis.fetch` or call it
 * from an endpoint class's `fetchResponse` (see docs/getting-started.md#5-test-it-without-a-server).
 *
 * @example
 * const fetch = mockFetch([{ endpoint: PostResource.get, args: [{ group: 'react', id: 5 }], response: post5 }]);
 * globalThis.fetch = fetch;
 * await PostResource.get({ group: 'react', id: 5 });
 * fetch.calls[0]?.key; // 'GET https://api.example.com/react/posts/5'
 */
export interface MockFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Every request received, in call order. Clear it with `fetch.calls.length = 0`. */
  readonly calls: MockFetchCall[];
}
