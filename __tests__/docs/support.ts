/**
 * Shared setup of the documentation tests: a store built as the docs show it (RTK's
 * configureStore, default serializable and immutability checks on) that records the actions
 * reaching its reducer, a recording stub `fetch`, and Response builders.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';

export type Rest = ReturnType<typeof createRest>;

/** `configureStore({ reducer: { [rest.reducerPath]: rest.reducer, ...more }, middleware: (g) => g().concat(rest.middleware) })`. */
export function storeFor(rest: Rest, more: Record<string, Reducer> = {}) {
  const actions: UnknownAction[] = [];
  const combined = combineReducers({ [rest.reducerPath]: rest.reducer, ...more });
  const reducer: Reducer = (state, action) => {
    if (!action.type.startsWith('@@')) actions.push(action);
    return combined(state, action);
  };
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(rest.middleware) });
  return { store, actions };
}

/** A fresh instance (no GC timer) and its store. */
export function setup() {
  const rest = createRest({ gc: false });
  return { rest, ...storeFor(rest) };
}

/** The slice in its logical layout (what Redux DevTools shows through `rest.devTools`). */
export function logicalSlice(rest: Rest, state: unknown): any {
  return (rest.devTools.stateSanitizer(state) as Record<string, unknown>)[rest.reducerPath];
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Installs a `jest.fn` as `globalThis.fetch`; `calls()` lists `{ url, init, headers }` (headers as a lower-cased object). */
export function stubFetch(respond: Responder) {
  // A `Request` as input (as RTK Query's fetchBaseQuery sends) is described by its own fields.
  const describe = (input: RequestInfo | URL, init: RequestInit = {}) =>
    typeof input === 'string' || input instanceof URL
      ? { url: String(input), init }
      : { url: input.url, init: { method: input.method, headers: input.headers, credentials: input.credentials, ...init } };
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = describe(input, init);
    return respond(request.url, request.init);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  const calls = () =>
    fn.mock.calls.map(([input, given]) => {
      const { url, init } = describe(input, given);
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      return { url, method: init.method ?? 'GET', init, headers };
    });
  return { fn, calls };
}

/** Restores the real `fetch` after each test of the calling file. */
export function restoreFetchAfterEach(): void {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
}

/** A response the test releases later. */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** The rejection of a promise; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** Lets pending promise callbacks run (one macrotask turn; no clock involved). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Every test of the calling file on Jest's fake clock, set to `now`, with `console.error` watched:
 * RTK's serializable and immutability checks report there, so a test that trips them fails.
 * `reset` runs before each test once the clock is set (e.g. to empty a page's store).
 */
export function useFakeClock(now: number, reset: () => void = () => undefined): void {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    jest.setSystemTime(now);
    reset();
    consoleError = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    expect(consoleError).not.toHaveBeenCalled();
    jest.restoreAllMocks();
    jest.clearAllTimers();
    jest.useRealTimers();
  });
}
