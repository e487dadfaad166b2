/** A stub `globalThis.fetch` for tests that call endpoints directly, and Response builders. */

/** One recorded request. `input` (what `fetch` received) is non-enumerable, so `toEqual` compares `{ url, init }`. */
export interface FetchCall {
  url: string;
  init: RequestInit;
  readonly input: RequestInfo | URL;
}

/** Restores the real `fetch` after each test of the calling file. */
export function restoreFetchAfterEach(): void {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
}

/** Installs a recording `fetch`; `respond` may return a Response (or a promise), or throw/reject. */
export function stubFetch(
  respond: (url: string, init: RequestInit) => Response | Promise<Response> = () => jsonResponse({ ok: true }),
): FetchCall[] {
  const calls: FetchCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(Object.defineProperty({ url, init }, 'input', { value: input, enumerable: false }) as FetchCall);
    return respond(url, init);
  }) as typeof fetch;
  return calls;
}

/** A JSON response; `init` is a status or a ResponseInit; extra headers are added. */
export function jsonResponse(value: unknown, init: number | ResponseInit = {}, headers: Record<string, string> = {}): Response {
  const base = typeof init === 'number' ? { status: init } : init;
  return new Response(JSON.stringify(value), { status: 200, ...base, headers: { 'content-type': 'application/json', ...headers } });
}

/** A response with exactly this Content-Type (`null` or `undefined`: none at all). */
export function typedResponse(body: string | Uint8Array | null, contentType?: string | null, init: number | ResponseInit = {}): Response {
  const base = typeof init === 'number' ? { status: init } : init;
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const headers: Record<string, string> = contentType === null || contentType === undefined ? {} : { 'content-type': contentType };
  return new Response(bytes as BodyInit | null, { status: 200, ...base, headers });
}

/** The one request that was sent (fails when there were more or none). */
export function onlyCall(calls: readonly FetchCall[]): FetchCall {
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

export const headersOf = (init: RequestInit): Headers => new Headers(init.headers);

/** Calls an endpoint with any arguments (the types allow only the documented shapes). */
export const call = (endpoint: unknown, ...args: unknown[]): Promise<any> => (endpoint as (...a: unknown[]) => Promise<unknown>)(...args);

/** The rejection of a promise; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
