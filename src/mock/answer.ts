/**
 * Building the `Response` a fixture answers with (see docs/getting-started.md#5-test-it-without-a-server).
 */
import { errorMessage } from '../internal/json';
import type { CheckedFixture } from './fixtures';
import { isResponseStatus, show } from './fixtures';
import { statusText } from './statusText';

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';
/** Statuses whose responses cannot have a body (the Response constructor throws). */
const NULL_BODY = new Set([204, 205, 304]);

function isResponse(value: unknown): value is Response {
  if (typeof Response !== 'undefined' && value instanceof Response) return true;
  // A Response of another realm or a polyfill.
  const candidate = value as Partial<Response> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.status === 'number' && typeof candidate.clone === 'function' && 'bodyUsed' in candidate;
}

/** Gives a response the requested URL when it has none (`new Response()` leaves it empty). */
function withUrl(response: Response, url: string): Response {
  if (response.url === '') Object.defineProperty(response, 'url', { value: url, configurable: true });
  return response;
}

function percentEncode(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '?'; // a lone surrogate
  }
}

// A status text must be a ByteString (the Response constructor throws otherwise): a key holding
// non-ASCII text (a URL given unencoded) is shown percent-encoded.
function byteString(text: string): string {
  return text.replace(/[^\t\x20-\x7e]/gu, percentEncode);
}

function makeResponse(body: string | null, status: number, type: string | undefined, extra: HeadersInit | undefined, url: string, text = statusText(status)): Response {
  const headers = new Headers(type === undefined ? undefined : { 'Content-Type': type });
  if (extra !== undefined) new Headers(extra).forEach((value, name) => headers.set(name, value));
  const empty = NULL_BODY.has(status);
  if (empty) headers.delete('content-type');
  return withUrl(new Response(empty ? null : body, { status, statusText: byteString(text), headers }), url);
}

/** The error status of a fixture (see docs/getting-started.md#5-test-it-without-a-server): `fixture.status`, else the value's numeric `status` ≥ 400, else 500. */
function errorStatus(fixture: CheckedFixture, value: unknown): number {
  if (fixture.status !== undefined) return fixture.status;
  const status = (value as { status?: unknown } | null)?.status;
  // A status no Response can carry (≥ 600) falls back to 500 as well.
  return isResponseStatus(status) && status >= 400 ? status : 500;
}

/**
 * The answer for a response value (see docs/getting-started.md#5-test-it-without-a-server). A `Response` is returned as is; a fixture's
 * static `Response` is cloned per request so that every request can read its body.
 */
export function answerFor(fixture: CheckedFixture, value: unknown, url: string, computed: boolean): Response {
  if (isResponse(value)) return withUrl(computed ? value : value.clone(), url);
  const status = fixture.error ? errorStatus(fixture, value) : (fixture.status ?? (value === undefined || value === null ? 204 : 200));
  if (value === undefined || value === null) return makeResponse(null, status, undefined, fixture.headers, url);
  if (typeof value === 'string') return makeResponse(value, status, TEXT_TYPE, fixture.headers, url);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    throw new TypeError(`[rtk-rest] mockFetch: the response of fixtures[${fixture.index}] (${fixture.endpoint.name}) is not JSON-serializable (${(cause as Error).message}); answer with JSON data, a string, null or a Response.`, { cause });
  }
  if (json === undefined) {
    throw new TypeError(`[rtk-rest] mockFetch: the response of fixtures[${fixture.index}] (${fixture.endpoint.name}) is ${show(value)}, which has no JSON form; answer with JSON data, a string, null or a Response.`);
  }
  return makeResponse(json, status, JSON_TYPE, fixture.headers, url);
}

/** The answer when a response function throws (see docs/getting-started.md#5-test-it-without-a-server): the error's status ≥ 400, else 500; body `{ message }`. */
export function thrownAnswer(fixture: CheckedFixture, error: unknown, url: string): Response {
  const status = (error as { status?: unknown } | null)?.status;
  const message = errorMessage(error) ?? String(error);
  const code = isResponseStatus(status) && status >= 400 ? status : 500;
  return makeResponse(JSON.stringify({ message }), code, JSON_TYPE, fixture.headers, url);
}

/** The answer to a request no fixture matches (see docs/getting-started.md#5-test-it-without-a-server): 404 with status text `No fixture for <key>`. */
export function missingAnswer(key: string, url: string): Response {
  const text = `No fixture for ${key}`;
  return makeResponse(JSON.stringify({ message: text }), 404, JSON_TYPE, undefined, url, text);
}
