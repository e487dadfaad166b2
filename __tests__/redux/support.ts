/**
 * Shared setup for the Redux-layer tests: the running example, a store built as an app
 * builds it (configureStore defaults), a stub `fetch` whose answers the test releases one by one (so
 * ordering is deterministic), fake time, and JSON checks.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';
import { createRest, Entity, RestEndpoint } from 'rtk-rest';
import { A } from '../support/example';

export { A, User, Post, PostResource } from '../support/example';

/** An entity type no other fixture reads: a write to it is "another type's write". */
export class Comment extends Entity {
  id = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Comment';
}

export const getComment = new RestEndpoint({ urlPrefix: A, path: '/comments/:id', schema: Comment });

/** `GET A/react/posts/5` and friends (abbreviation). */
export const K = {
  post5: `GET ${A}/react/posts/5`,
  post6: `GET ${A}/react/posts/6`,
  list: `GET ${A}/react/posts`,
  update5: `PUT ${A}/react/posts/5`,
  delete5: `DELETE ${A}/react/posts/5`,
} as const;

export const p5 = { group: 'react', id: 5 } as const;
export const p6 = { group: 'react', id: 6 } as const;
export const react = { group: 'react' } as const;

export const ann = { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' };
export const bob = { id: 2, username: 'bob', createdAt: '2024-02-01T00:00:00.000Z' };
export const post5 = { id: 5, title: 'hi', author: ann };
export const post6 = { id: 6, title: 'six', author: bob };

// ---------------------------------------------------------------------------------------------
// Store

export type Rest = ReturnType<typeof createRest>;
export type RestOptions = NonNullable<Parameters<typeof createRest>[0]>;

export interface StoreOptions {
  preloadedState?: Record<string, unknown>;
  /** Receives every action that reaches the reducer (Redux's own `@@` actions excluded). */
  log?: UnknownAction[];
  /** Middleware placed between the default middleware and `rest.middleware`. */
  before?: Middleware[];
}

/** `configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) })`. */
export function makeStore(rest: Rest, options: StoreOptions = {}) {
  const slices = combineReducers({ [rest.reducerPath]: rest.reducer });
  const { log } = options;
  const reducer: Reducer = (state, action) => {
    if (log && !action.type.startsWith('@@')) log.push(action);
    return slices(state, action);
  };
  return configureStore({
    reducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault().concat(options.before ?? []).concat(rest.middleware),
  });
}

export type Store = ReturnType<typeof makeStore>;

/**
 * A fresh `rest` instance and store. The store has already seen one plain action (so
 * the `middlewareRegistered` check is behind us) and `actions` is empty.
 */
export function setup(options?: RestOptions, storeOptions: Omit<StoreOptions, 'log'> = {}) {
  const rest = createRest(options);
  const actions: UnknownAction[] = [];
  const store = makeStore(rest, { ...storeOptions, log: actions });
  store.dispatch({ type: 'test/ready' });
  actions.length = 0;
  return { rest, store, actions, types: () => actions.map((action) => action.type) };
}

/** The slice in its logical layout: through `rest.devTools.stateSanitizer` when the store shards tables. */
export function sliceOf(rest: Rest, root: unknown): any {
  const sanitizer = (rest as { devTools?: { stateSanitizer?: (state: any, index: number) => any } }).devTools?.stateSanitizer;
  const state = sanitizer ? sanitizer(root, 0) : root;
  return (state as Record<string, unknown>)[rest.reducerPath];
}

/** The raw slice (references matter for copy-on-write checks). */
export function rawSlice(rest: Rest, root: unknown): any {
  return (root as Record<string, unknown>)[rest.reducerPath];
}

export const INITIAL = { entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset: 0 };

// ---------------------------------------------------------------------------------------------
// Time and the network

// jsdom has no setImmediate: a real setTimeout (captured before fake timers) stands in.
const realSetTimeout = setTimeout;
const realSetImmediate: (callback: () => void) => unknown = typeof setImmediate === 'function' ? setImmediate : (callback) => realSetTimeout(callback, 0);

/** Lets every pending microtask and a few I/O turns run (real `setImmediate`, captured before fake timers). */
export async function flush(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => realSetImmediate(resolve));
}

export function json(body: unknown, init: { status?: number; statusText?: string; headers?: Record<string, string> } = {}): Response {
  const { status = 200, statusText, headers } = init;
  if (status === 204 || status === 205) return new Response(null, { status, statusText });
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json', ...headers } });
}

export function text(body: string, contentType: string | undefined, init: { status?: number; statusText?: string } = {}): Response {
  return new Response(body, { ...init, headers: contentType === undefined ? {} : { 'content-type': contentType } });
}

export interface FakeRequest {
  readonly url: string;
  readonly method: string;
  readonly init: RequestInit;
  readonly headers: Record<string, string>;
  readonly answered: boolean;
  /** Answers 200 with this JSON (or the given status). */
  reply(body: unknown, init?: { status?: number; statusText?: string; headers?: Record<string, string> }): void;
  respond(response: Response): void;
  /** Makes `fetch` itself reject (a transport failure). */
  fail(error: unknown): void;
}

/** A stub `globalThis.fetch`: every call waits until the test answers it. */
export class FakeNetwork {
  readonly requests: FakeRequest[] = [];
  private readonly original = globalThis.fetch;
  private auto: ((request: FakeRequest) => Response | undefined) | undefined;

  install(): void {
    this.requests.length = 0;
    this.auto = undefined;
    globalThis.fetch = this.fetch as typeof fetch;
  }

  uninstall(): void {
    globalThis.fetch = this.original;
  }

  /** Answers every request (present and future) at once when `respond` returns a Response. */
  autoRespond(respond: (request: FakeRequest) => Response | undefined): void {
    this.auto = respond;
    for (const request of this.requests) {
      if (!request.answered) {
        const response = respond(request);
        if (response) request.respond(response);
      }
    }
  }

  get count(): number {
    return this.requests.length;
  }

  /** The n-th request (1-based); fails when it is not sent within a few turns. */
  async nth(n: number): Promise<FakeRequest> {
    for (let i = 0; i < 20 && this.requests.length < n; i++) await flush(1);
    const request = this.requests[n - 1];
    if (!request) throw new Error(`expected request #${n} to be sent, but only ${this.requests.length} were sent`);
    return request;
  }

  private readonly fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let resolve!: (response: Response) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<Response>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    let answered = false;
    const settle = (fn: () => void) => {
      if (answered) return;
      answered = true;
      fn();
    };
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: FakeRequest = {
      url,
      method: (init.method ?? 'GET').toUpperCase(),
      init,
      headers,
      get answered() {
        return answered;
      },
      reply: (body, responseInit) => settle(() => resolve(json(body, responseInit))),
      respond: (response) => settle(() => resolve(response)),
      fail: (error) => settle(() => reject(error)),
    };
    const { signal } = init;
    if (signal) {
      const abort = () => settle(() => reject(signal.reason ?? new DOMException('This operation was aborted', 'AbortError')));
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }
    this.requests.push(request);
    const auto = this.auto?.(request);
    if (auto) request.respond(auto);
    return promise;
  };
}

export const net = new FakeNetwork();

/**
 * beforeEach: fake timers (Jest's; microtask queues stay real so promises settle), clock at 1000,
 * the stub network. afterEach: everything restored.
 */
export function useTestEnvironment(): void {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    jest.setSystemTime(1000);
    net.install();
  });
  afterEach(() => {
    net.uninstall();
    jest.clearAllTimers();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}

/**
 * Starts `rest.fetch` and answers its request at `at` with `body`; resolves to the fetch result.
 * The request must be the next one the network sees.
 */
export async function fetchAnswered<T>(store: Store, thunk: any, body: unknown, at?: number, init?: { status?: number; statusText?: string }): Promise<T> {
  const before = net.count;
  const promise = store.dispatch(thunk) as unknown as Promise<T>;
  const request = await net.nth(before + 1);
  if (at !== undefined) jest.setSystemTime(at);
  request.reply(body, init);
  return promise;
}

/** The settled outcome of a promise, so a test can inspect a rejection's real error object. */
export async function outcome<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: any }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/** What `fn` throws synchronously, or what the promise it returns rejects with. */
export async function failureOf(fn: () => unknown): Promise<any> {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    return error;
  }
  try {
    await result;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw or reject');
}

/**
 * The path of the first part of an action that is not a JSON value, or
 * undefined. RTK's `createAction` always sets `payload` (and, with a prepare callback, `error`)
 * even when there is none; those two top-level fields may be `undefined`, as JSON.stringify and
 * RTK's serializable check treat them as absent. Everything else must be strict JSON.
 */
export function nonJsonActionPath(action: unknown): string | undefined {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return nonJsonPath(action);
  const rest: Record<string, unknown> = { ...(action as Record<string, unknown>) };
  for (const field of ['payload', 'error']) if (field in rest && rest[field] === undefined) delete rest[field];
  return nonJsonPath(rest);
}

/** Whether a value is a JSON value: plain objects and arrays of null, booleans, finite numbers, strings. */
export function nonJsonPath(value: unknown, path = '$'): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path}: ${value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return `${path}[${i}]: hole`;
      const bad = nonJsonPath(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `${path}: instance of ${proto?.constructor?.name}`;
    if (Object.getOwnPropertySymbols(value).length > 0) return `${path}: symbol keys`;
    for (const [key, child] of Object.entries(value)) {
      const bad = nonJsonPath(child, `${path}.${key}`);
      if (bad) return bad;
    }
    return undefined;
  }
  return `${path}: ${typeof value}`;
}

/** Records `console.error` / `console.warn` calls without printing them (the arrays survive `restoreAllMocks`). */
export function watchConsole() {
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
  return { errors, warnings };
}
