/**
 * Fixture validation (see docs/getting-started.md#5-test-it-without-a-server): every mistake that would otherwise surface as a puzzling 404
 * or 204 later is reported when `mockFetch` is called, naming the fixture and the fix.
 */
import { preview } from '../internal/json';
import { splitArgs } from '../rest';
import type { RestEndpoint } from '../rest';
import type { FixtureResponse, MockableEndpoint } from './types';

/** A validated fixture; `index` is its position in the array given to `mockFetch`. */
export interface CheckedFixture {
  readonly index: number;
  readonly endpoint: MockableEndpoint;
  /** `undefined` for an interceptor. */
  readonly args: readonly unknown[] | undefined;
  readonly response: FixtureResponse;
  readonly status: number | undefined;
  readonly headers: HeadersInit | undefined;
  readonly error: boolean;
  readonly delay: number;
}

const KNOWN = new Set(['endpoint', 'args', 'response', 'status', 'headers', 'error', 'delay']);
const EXAMPLE = "{ endpoint: PostResource.get, args: [{ group: 'react', id: 5 }], response: { id: 5 } }";

/** A value for a message: JSON cut to 200 characters; functions by name, not by source. */
export function show(value: unknown): string {
  return typeof value === 'function' ? `function ${value.name || '(anonymous)'}` : preview(value);
}

function fail(where: string, problem: string): never {
  throw new TypeError(`[rtk-rest] mockFetch: ${where} ${problem}`);
}

function isEndpoint(value: unknown): value is MockableEndpoint {
  return (
    (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
    typeof (value as MockableEndpoint).key === 'function' &&
    typeof (value as MockableEndpoint).testKey === 'function'
  );
}

/** An HTTP status a `Response` can be built with. */
export function isResponseStatus(status: unknown): status is number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599;
}

/**
 * The key of the request an exact fixture's arguments send: `${method} ${url(urlParams)}`. That is
 * `endpoint.key(...args)` (see docs/getting-started.md#5-test-it-without-a-server) for every endpoint except those whose key deliberately leaves
 * part of the URL out, such as `getPage` (see docs/concepts.md#endpoints: the page's key is the list's), whose fixtures
 * must answer the page request, not the list request.
 */
export function fixtureKey(endpoint: MockableEndpoint, args: readonly unknown[]): string {
  const { url } = endpoint as { url?: unknown };
  if (typeof url !== 'function') return endpoint.key(...args);
  return `${endpoint.method} ${String(url.call(endpoint, splitArgs(endpoint as RestEndpoint, args).urlParams))}`;
}

function checkOne(fixture: unknown, index: number): CheckedFixture {
  const where = `fixtures[${index}]`;
  if (typeof fixture !== 'object' || fixture === null) fail(where, `must be an object such as ${EXAMPLE}, got ${show(fixture)}`);
  const f = fixture as Record<string, unknown>;
  const { endpoint, args, status, headers, delay = 0 } = f;
  if (!isEndpoint(endpoint)) {
    fail(`${where}.endpoint`, `must be an endpoint such as PostResource.get (something with key() and testKey()), got ${show(endpoint)}`);
  }
  const name = `${where} (${endpoint.name})`;
  if (args !== undefined && !Array.isArray(args)) {
    fail(name, `args must be the array of call arguments, e.g. args: [${show(args)}]; got ${show(args)}`);
  }
  if (args !== undefined) {
    try {
      fixtureKey(endpoint, args as unknown[]);
    } catch (error) {
      fail(name, `args ${show(args)} do not make a request key: ${(error as Error)?.message ?? String(error)}`);
    }
  }
  if (status !== undefined && !isResponseStatus(status)) {
    fail(name, `status must be an integer from 200 to 599 (what a Response can carry), got ${show(status)}`);
  }
  if (typeof delay !== 'number' || !(delay >= 0) || !Number.isFinite(delay)) {
    fail(name, `delay must be a finite number of milliseconds ≥ 0, got ${show(delay)}`);
  }
  if (headers !== undefined) {
    try {
      new Headers(headers as HeadersInit);
    } catch (error) {
      fail(name, `headers are not valid HeadersInit: ${(error as Error).message}`);
    }
  }
  if (process.env.NODE_ENV !== 'production') {
    const unknown = Object.keys(f).filter((key) => !KNOWN.has(key));
    if (unknown.length > 0) {
      console.warn(`[rtk-rest] mockFetch: ${name} has unknown option(s) ${unknown.map((k) => `"${k}"`).join(', ')}; known: ${[...KNOWN].join(', ')}.`);
    }
  }
  return {
    index,
    endpoint,
    args: args as readonly unknown[] | undefined,
    response: f.response as FixtureResponse,
    status: status as number | undefined,
    headers: headers as HeadersInit | undefined,
    error: f.error === true,
    delay,
  };
}

/** Validates the fixture list and copies it (later changes to the array do not apply). */
export function checkFixtures(fixtures: unknown): CheckedFixture[] {
  if (typeof Response === 'undefined' || typeof Headers === 'undefined') {
    throw new Error(
      '[rtk-rest] mockFetch needs the Fetch API classes (Response, Headers), which this environment lacks. ' +
        "Run on Node 18+ (Jest testEnvironment 'node'), or, under jest-environment-jsdom, copy Node's " +
        'Response, Request and Headers onto the environment global in a custom test environment.',
    );
  }
  if (!Array.isArray(fixtures)) fail('fixtures', `must be an array such as [${EXAMPLE}], got ${show(fixtures)}`);
  return fixtures.map(checkOne);
}
