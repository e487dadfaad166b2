/**
 * Reading what `fetch` was called with (see docs/getting-started.md#5-test-it-without-a-server): method, URL, key, headers, signal and the
 * decoded body, from a string, `URL` or `Request` input and an optional `init`.
 */
import { setOwn } from '../internal/own';
import { show } from './fixtures';

/** A request as the mock sees it. */
export interface MockRequest {
  /** Upper-cased; from `init`, else the `Request`, else `GET`. */
  readonly method: string;
  /** As given: the string itself, `URL#href`, or `Request#url`. */
  readonly url: string;
  /** `${method} ${url}` (see docs/getting-started.md#5-test-it-without-a-server). */
  readonly key: string;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
  readonly signal: AbortSignal | undefined;
  /** The decoded body (see docs/getting-started.md#5-test-it-without-a-server): a promise only when it must be read from a `Request`. */
  readonly body: unknown;
}

function isRequest(input: unknown): input is Request {
  // Duck-typed: a Request from another realm (a jsdom window, a polyfill) counts too.
  return typeof input === 'object' && input !== null && typeof (input as Request).url === 'string' && typeof (input as Request).method === 'string';
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /json/i.test(contentType);
}

/** The body as sent, JSON-parsed when the Content-Type says JSON and it parses (see docs/getting-started.md#5-test-it-without-a-server). */
function decode(body: unknown, contentType: string | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (!isJson(contentType)) return body;
  let text: string;
  if (typeof body === 'string') text = body;
  else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) text = new TextDecoder().decode(body as ArrayBuffer);
  else if (typeof Blob !== 'undefined' && body instanceof Blob) return body.text().then((read) => decode(read, contentType));
  else return body;
  try {
    return JSON.parse(text);
  } catch {
    return body; // not JSON after all: the body as sent
  }
}

/** The body of a `Request` input: JSON-parsed, form data, or text; `undefined` when empty. */
async function readRequestBody(request: Request, contentType: string | undefined): Promise<unknown> {
  const copy = request.clone(); // the caller's Request stays readable
  if (contentType !== undefined && /multipart\/form-data/i.test(contentType)) return copy.formData();
  const text = await copy.text();
  return text === '' ? undefined : decode(text, contentType);
}

/** Reads a `fetch` call; throws a `TypeError` for an input that is not a string, `URL` or `Request`. */
export function readRequest(input: unknown, init: RequestInit | undefined): MockRequest {
  let url: string;
  let request: Request | undefined;
  if (typeof input === 'string') url = input;
  else if (input instanceof URL) url = input.href;
  else if (isRequest(input)) {
    request = input;
    url = input.url;
  } else {
    throw new TypeError(`[rtk-rest] mockFetch: the first argument must be a URL string, a URL or a Request, got ${show(input)}`);
  }
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
    setOwn(headers, name, value);
  });
  const contentType = headers['content-type'];
  let body: unknown;
  if (init?.body !== undefined && init.body !== null) body = decode(init.body, contentType);
  else if (request !== undefined && request.body !== null) body = readRequestBody(request, contentType);
  return { method, url, key: `${method} ${url}`, headers, signal: init?.signal ?? request?.signal ?? undefined, body };
}
