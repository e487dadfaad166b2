import { errorMessage } from '../internal/json';
import { NetworkError } from './errors';

type HeaderRecord = Record<string, string>;

/** Bodies sent as they are (see docs/concepts.md#endpoints): the platform sets their Content-Type. */
function sentAsIs(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/** JSON-encodes a body, or rejects with a TypeError "request body is not JSON-serializable" (nothing is sent, see docs/concepts.md#endpoints). */
export function encodeBody(body: unknown, endpointName: string): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (sentAsIs(body)) return body as BodyInit;
  try {
    return JSON.stringify(body);
  } catch (cause) {
    throw new TypeError(`${endpointName}: the request body is not JSON-serializable (${(cause as Error).message})`, { cause });
  }
}

/** Copies any HeadersInit into a plain object; a `Headers` instance gives lower-case names (see docs/concepts.md#endpoints). */
export function headersToObject(headers: HeadersInit | undefined): HeaderRecord {
  const out: HeaderRecord = {};
  if (headers === undefined || headers === null) return out;
  if (Array.isArray(headers)) {
    for (const [name, value] of headers) if (name !== undefined && value !== undefined) out[name] = value;
  } else if (typeof (headers as Headers).forEach === 'function') {
    // Duck-typed: a `Headers` of another realm (a test VM, a polyfill) fails `instanceof`.
    (headers as Headers).forEach((value, name) => {
      out[name] = value;
    });
  } else {
    Object.assign(out, headers);
  }
  return out;
}

export function hasContentType(headers: HeaderRecord): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
}

/**
 * Text `Content-Type`s for `parseResponse` (see docs/concepts.md#endpoints), in order: `text/*`; a
 * type without a subtype (or none at all); any type with a `charset` parameter other than
 * `binary` (a charset only makes sense for text: GitHub's
 * `application/vnd.github.v3.raw; charset=utf-8`); XML and its `+xml` family, YAML, scripts,
 * form data, CSV and HTML, matched on the whole subtype so that office documents
 * (`application/vnd.openxmlformats-officedocument…`) are not taken for XML.
 */
const TEXT_TYPE = /^\s*text\/|^[^/;]*(?:;|$)|;\s*charset\s*=\s*(?!"?binary\b)|^[^;/]*\/(?:[^;]*\+|x-)?(?:xml|yaml|javascript|ecmascript|x-www-form-urlencoded|csv|html)\s*(?:;|$)/i;

/** Whether a response body is binary: a `Content-Type` is present and is not text. (JSON types never get here.) */
function isBinary(contentType: string | null): boolean {
  return contentType !== null && !TEXT_TYPE.test(contentType);
}

/**
 * Types that are binary whatever their bytes: media, fonts, archives, PDF, vendor formats (office
 * documents). Any other type that is not known text (`html/text`, `chemical/x-pdb`) is decided on
 * the body: see `textOf`.
 */
const BINARY_TYPE = /^\s*(?:image|audio|video|font|model)\/|^\s*application\/(?:octet-stream|pdf|zip|gzip|wasm|vnd\.|x-(?:tar|gzip|bzip2|xz|7z|rar))/i;

/** The body as text when its bytes are UTF-8 without control characters other than whitespace; otherwise `undefined`. */
function textOf(bytes: Uint8Array): string | undefined {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) return undefined;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The first 200 UTF-16 code units of a body, then `…` when cut (see docs/concepts.md#endpoints). */
export function first200(text: string): string {
  return text.length > 200 ? text.slice(0, 200) + '…' : text;
}

/** Whether a body is an HTML page: an HTML `Content-Type`, or a text starting with `<!doctype` or `<html`. */
export function looksLikeHtml(contentType: string | null, text: string): boolean {
  if (contentType !== null && /html/i.test(contentType)) return true;
  const start = text.trimStart().slice(0, 9).toLowerCase();
  return start.startsWith('<!doctype') || start.startsWith('<html');
}

/**
 * The default response parsing (see docs/concepts.md#endpoints). `schemaName` is the schema description, or
 * `undefined` when the endpoint has no schema.
 */
export async function parseBody(response: Response, url: string, schemaName: string | undefined): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const contentType = response.headers.get('content-type');
  const json = contentType !== null && /json/i.test(contentType);
  if (!json && schemaName === undefined && isBinary(contentType)) {
    if (BINARY_TYPE.test(contentType!)) {
      const blob = await response.blob();
      return blob.size === 0 ? null : blob;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length === 0) return null;
    return textOf(bytes) ?? new Blob([bytes], { type: contentType! });
  }
  const text = await response.text();
  // A JSON body of whitespace only is empty too; any other text is kept as it came.
  if ((json ? text.trim() : text) === '') return null;
  if (json) {
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw new NetworkError(response, url, { message: `${url}: response body is not valid JSON: ${first200(text)}`, cause });
    }
  }
  if (schemaName === undefined) return text;
  throw new NetworkError(response, url, { message: notJsonMessage(url, schemaName, contentType, text) });
}

function notJsonMessage(url: string, schemaName: string, contentType: string | null, text: string): string {
  const received = contentType ? `Content-Type "${contentType}"` : 'no Content-Type';
  return `${url}: expected a JSON response for schema ${schemaName}, got ${received}: ${first200(text)}.${process.env.NODE_ENV !== 'production' ? notJsonHint(contentType, text) : ''}`;
}

/** The likely cause of a non-JSON answer, for development messages: a web app's HTML page, or JSON sent with another type. */
function notJsonHint(contentType: string | null, text: string): string {
  if (looksLikeHtml(contentType, text)) return ' An HTML page came back: does urlPrefix point at the API rather than at the web app?';
  try {
    JSON.parse(text);
    return ' The body is valid JSON: have the server send Content-Type: application/json, or override parseResponse().';
  } catch {
    return ''; // not JSON either: the generic message stands
  }
}

/**
 * A transport error's message without the request's header values: `fetch` rejects an invalid
 * header value (a token with a line break, say) with a message quoting it, and that message is
 * stored (see docs/concepts.md#errors-and-errorpolicy). Credentials set through `getHeaders` must never reach the store (see docs/recipes/README.md#authentication).
 */
function redactHeaders(message: string, headers: HeadersInit | undefined): string {
  let out = message;
  for (const value of Object.values(headersToObject(headers)).map(String)) if (value.length >= 4) out = out.replaceAll(value, '[header value]');
  return out;
}

/** The default `fetchResponse` (see docs/concepts.md#endpoints): `globalThis.fetch` looked up at call time. */
export async function sendRequest(input: RequestInfo, init: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let response: Response;
  try {
    response = await globalThis.fetch(input, init);
  } catch (cause) {
    if ((cause as { name?: unknown })?.name === 'AbortError') throw cause;
    const reason = redactHeaders(errorMessage(cause) ?? String(cause), init.headers);
    throw new NetworkError(undefined, url, { status: 0, cause, message: `${url}: network error (${reason})` });
  }
  if (response.ok) return response;
  throw new NetworkError(response, url);
}
